import { describe, expect, it } from 'vitest';
import { judgeAnswer, pathParams, type AnswerSeen } from './answers.js';
import { clockAdvancedMs } from './time.js';

const now = 1_800_000_000_000;
const answer = (seen: Partial<AnswerSeen> & Pick<AnswerSeen, 'method' | 'path' | 'body'>): AnswerSeen => ({ api: 'v4', status: 200, startedAt: now, arrivedAt: now + 50, ...seen });
const fields = (seen: AnswerSeen) => judgeAnswer(seen).findings.map((c: { field: string; clause?: string }) => `${c.field} ${c.clause}`);

describe('judgeAnswer', () => {
  it('reads path parameters, decoded, and tells literal segments from parameters', () => {
    expect(pathParams('/channels/{channel}', '/channels/%2B14155550100')).toEqual({ channel: '+14155550100' });
    expect(pathParams('/channels/{channel}', '/channels/native/available')).toBeUndefined();
    expect(judgeAnswer(answer({ method: 'GET', path: '/channels/native/available', body: { data: [], has_more: false, next_cursor: null } })).findings).toEqual([]);
  });

  it('judges an update against the values sent: the name sent, the contact of the path', () => {
    const patch = (data: unknown) => answer({ method: 'PATCH', path: '/contacts/ct_1', body: { data }, request: { json: { name: 'Zoë' } } });
    expect(fields(patch({ id: 'ct_1', name: 'Zoë' }))).toEqual([]);
    expect(fields(patch({ id: 'ct_2', name: 'Zoe' }))).toEqual(['id contacts.patch.name-required', 'name contacts.patch.name-required']);
  });

  it('judges a created key: its name, created_at in the request window in ms, valid_until -1 or later, not deprecated', () => {
    const create = (data: Record<string, unknown>) => answer({ method: 'POST', path: '/api-keys', status: 201, body: { data: { api_key: 'api_x', name: 'k', type: null, created_at: now + 10, valid_until: -1, blocked: false, deprecated: false, ...data } }, request: { json: { name: 'k' } } });
    expect(fields(create({}))).toEqual([]);
    expect(fields(create({ created_at: Math.floor(now / 1000) }))).toEqual(['created_at time.v4.epoch-milliseconds']);
    expect(fields(create({ valid_until: now - 5 }))).toEqual(['valid_until apikeys.create.response-shape']);
    expect(fields(create({ deprecated: true }))).toEqual(['deprecated apikeys.create.response-shape']);
  });

  it('judges a path value only where the path names the field (a ch_ id, or an E.164 number)', () => {
    const get = (path: string, data: unknown) => answer({ method: 'GET', path, body: { data } });
    const channel = { id: 'ch_1', type: 'native', address: '+14155550100', status: 'active', capabilities: {}, created_at: now - 1000 };
    expect(fields(get('/channels/ch_1', channel))).toEqual([]);
    expect(fields(get('/channels/%2B14155550100', channel))).toEqual([]);
    expect(fields(get('/channels/%2B14155550199', channel))).toEqual(['address channels.get.item']);
    expect(fields(get('/channels/my-alias', channel))).toEqual([]);
  });

  it('filters of a list hold for every item', () => {
    const list = answer({ method: 'GET', path: '/channels', body: { data: [{ id: 'ch_1', type: 'native', created_at: now }, { id: 'ch_2', type: 'whatsapp', created_at: now }], has_more: false, next_cursor: null }, request: { query: { type: 'native' } } });
    expect(fields(list)).toEqual(['type channels.list.page-of-channels']);
  });

  it('counts the quote lines: matched_count and custom_order_count are the lines so marked', () => {
    const quote = (body: Record<string, unknown>) => answer({ method: 'GET', path: '/channels/native/available', body, request: { query: { area_code: ['415', '212'] } } });
    const lines = [{ area_code: '415', matched: true }, { area_code: '212', matched: false, custom_order: true }];
    expect(fields(quote({ data: lines, has_more: false, next_cursor: null, matched_count: 1, custom_order_count: 1 }))).toEqual([]);
    expect(fields(quote({ data: lines, has_more: false, next_cursor: null, matched_count: 2, custom_order_count: 1 }))).toEqual(['matched_count numbers.quote.top-level-counts']);
    expect(fields(quote({ data: [{ area_code: '999', matched: false }], has_more: false, next_cursor: null, matched_count: 0, custom_order_count: 0 }))).toEqual(['area_code numbers.quote.line-shape']);
  });

  it('compares a v2 webhook record with what its registration named', () => {
    judgeAnswer({ api: 'v2', method: 'POST', path: '/webhooks', status: 201, body: { webhook_id: 'wh_abc', signing_secret: 's' }, request: { json: { webhook_url: 'https://x/h', webhook_type: 'all' } }, arrivedAt: now });
    const get = (record: Record<string, unknown>) => answer({ method: 'GET', path: '/webhooks/wh_abc', body: { webhook_id: 'wh_abc', webhook_url: 'https://x/h', webhook_type: 'all', ...record } });
    expect(fields(get({}))).toEqual([]);
    expect(fields(get({ webhook_type: 'message' }))).toEqual(['webhook_type webhooks.v4.get-v2-record']);
    // A webhook the run did not register through v2 is not judged as a v2 record.
    expect(fields(answer({ method: 'GET', path: '/webhooks/wh_other', body: { id: 'wh_other' } }))).toEqual([]);
  });

  it('judges only 2xx answers, and learns clock advances from the control API', () => {
    expect(fields(answer({ method: 'PATCH', path: '/contacts/ct_1', status: 422, body: { error: {} }, request: { json: { name: 'x' } } }))).toEqual([]);
    const before = clockAdvancedMs();
    judgeAnswer({ api: 'control', method: 'POST', path: '/organizations/org_1/clock/advance', status: 200, body: { now }, request: { json: { milliseconds: 86_400_000 } }, arrivedAt: now });
    expect(clockAdvancedMs() - before).toBe(86_400_000);
  });

  it('reads a cleared profile field as null, empty or absent', () => {
    const put = (profile: unknown) => answer({ method: 'PUT', path: '/channels/ch_1/profile', body: { data: { id: 'ch_1', created_at: now, profile } }, request: { json: { display_name: 'Shop', about: null, email: '' } } });
    expect(fields(put({ display_name: 'Shop' }))).toEqual([]);
    expect(fields(put({ display_name: 'Shop', about: 'old' }))).toEqual(['profile.about channels.profile.returns-channel-with-profile']);
  });
});

describe('masked_national', () => {
  const browse = (row: Record<string, unknown>) => judgeAnswer(answer({ method: 'GET', path: '/channels/native/available', body: { data: [row], has_more: false, next_cursor: null } })).findings.map((c: { field: string; clause?: string }) => c.field);
  it('reveals no digits, the area code, or the calling code and the area code; nothing more', () => {
    expect(browse({ masked_national: '(XXX) XXX-XXXX', area_code: '415', country_code: '1' })).toEqual([]);
    expect(browse({ masked_national: '(415) XXX-XXXX', area_code: '415', country_code: '1' })).toEqual([]);
    expect(browse({ masked_national: '+1 415 XXX XXXX', area_code: '415', country_code: '1' })).toEqual([]);
    expect(browse({ masked_national: '(415) 555-XXXX', area_code: '415', country_code: '1' })).toEqual(['masked_national']);
  });
});

describe('lists and errors of any operation', () => {
  it('a page with more items names a cursor; offset mode is not asserted', () => {
    const page = (body: Record<string, unknown>) => fields(answer({ method: 'GET', path: '/priorities', body }));
    expect(page({ data: [], has_more: true, next_cursor: 'c1' })).toEqual([]);
    expect(page({ data: [], has_more: true, next_cursor: null })).toEqual(['next_cursor envelope.list.cursor-page']);
    expect(page({ data: [], has_more: false, next_cursor: 'anything' })).toEqual([]);
    expect(page({ data: [], has_more: true, next_cursor: null, pagination: { limit: 1, offset: 0, total: 9 } })).toEqual([]);
  });

  it('offset mode gives back the offset asked for, and a total no smaller than the page', () => {
    const list = (pagination: Record<string, unknown>) => fields(answer({ method: 'GET', path: '/contacts', body: { data: [{ id: 'ct_1' }, { id: 'ct_2' }], has_more: false, next_cursor: null, pagination }, request: { query: { offset: 4, limit: 2 } } }));
    expect(list({ limit: 2, offset: 4, total: 6 })).toEqual([]);
    expect(list({ limit: 2, offset: 0, total: 6 })).toEqual(['pagination.offset contacts.list.offset-mode']);
    expect(list({ limit: 2, offset: 4, total: 1 })).toEqual(['pagination.total contacts.list.offset-mode']);
  });

  it("a flat error body's status is the answer's status", () => {
    const error = (status: number, body: unknown) => fields(answer({ method: 'GET', path: '/contacts/ct_1', status, body }));
    expect(error(401, { error: 'unauthorized', message: 'no', status: 401 })).toEqual([]);
    expect(error(404, { error: 'not_found', message: 'no', status: 400 })).toEqual(['status errors.shape.flat']);
    expect(error(404, { error: { code: 'not_found', message: 'no', details: {} } })).toEqual([]);
  });
});
