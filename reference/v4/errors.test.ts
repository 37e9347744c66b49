// Every error code of section 7 that CORE's endpoints produce, over HTTP, with its status and body shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Answer, type Harness, type Org } from '../test-helpers.js';

let h: Harness;
let org: Org;

beforeAll(async () => {
  h = await startHarness();
  org = await h.newOrg();
});
afterAll(() => h.close());

function expectStandard(answer: Answer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body.error.code).toBe(code);
  expect(typeof answer.body.error.message).toBe('string');
  expect(answer.body.error.details).toBeTypeOf('object');
}

const json = (token: string, body: unknown) => ({ token, body });

describe('400', () => {
  it('cannot_merge_self', async () => {
    const c = await h.call('POST', '/v4/contacts', json(org.primary, { name: 'Self' }));
    expectStandard(await h.call('POST', `/v4/contacts/${c.body.data.id}/merge`, json(org.primary, { source_contact_id: c.body.data.id })), 400, 'cannot_merge_self');
  });

  it('line_limit_exceeded above the default cap of 10, and 10 lines are accepted', async () => {
    const o = await h.newOrg();
    const order = (quantity: number, key: string) =>
      h.call('POST', '/v4/channels/native/purchases', { token: o.primary, body: { plan: 'dedicated_com', quantity }, headers: { 'idempotency-key': key } });
    expectStandard(await order(11, 'k11'), 400, 'line_limit_exceeded');
    expect((await order(10, 'k10')).status).toBe(202);
  });

  it('invalid_plan for a tier name and for a missing plan', async () => {
    const order = (body: unknown, key: string) => h.call('POST', '/v4/channels/native/purchases', { token: org.primary, body, headers: { 'idempotency-key': key } });
    expectStandard(await order({ plan: 'dedicated' }, 'p1'), 400, 'invalid_plan');
    expectStandard(await order({}, 'p2'), 400, 'invalid_plan');
  });

  it('second line for a key on a plan without number pools', async () => {
    const o = await h.newOrg({ plan: { number_pools: false } });
    const put = (ch: string) => h.call('PUT', `/v4/api-keys/${encodeURIComponent(o.primary)}/channels/${ch}`, { token: o.admin });
    const second = await put(o.channel('native-shared').id);
    expect(second.status).toBe(400);
    expect(second.body.error.code).toBeTypeOf('string');
  });

  it('malformed channel selector where the endpoint lists 400, unknown channel where it does not', async () => {
    for (const bad of ['15551234567', '%2B12ab', 'has%20space']) {
      const assign = await h.call('PUT', `/v4/api-keys/${encodeURIComponent(org.secondary)}/channels/${bad}`, { token: org.admin });
      expect(assign.status, bad).toBe(400);
      const remove = await h.call('DELETE', `/v4/channels/${bad}`, { token: org.primary, body: { reasons: ['x'] } });
      expect(remove.status, bad).toBe(400);
      expect((await h.call('GET', `/v4/channels/${bad}`, { token: org.primary })).status, bad).toBe(404);
    }
  });

  it('non-object body', async () => {
    expect((await h.call('POST', '/v4/contacts', json(org.primary, [1, 2]))).status).toBe(400);
    expect((await h.call('PATCH', `/v4/channels/${org.channel('native-dedicated').id}/settings`, json(org.primary, 'x'))).status).toBe(400);
  });

  it('malformed JSON', async () => {
    const answer = await h.call('POST', '/v4/contacts', { token: org.primary, raw: '{"name":', headers: { 'content-type': 'application/json' } });
    expectStandard(answer, 400, 'invalid_json');
  });
});

describe('401 (flat)', () => {
  for (const [label, token] of [['missing', undefined], ['invalid', 'api_nope_nope']] as const) {
    it(`${label} credentials`, async () => {
      const answer = await h.call('GET', '/v4/me', token ? { token } : {});
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String), status: 401 });
    });
  }
});

describe('402', () => {
  it('no_payment_method and payment_failed', async () => {
    const o = await h.newOrg({ plan: { payment_method: 'absent' } });
    const order = () => h.call('POST', '/v4/channels/native/purchases', { token: o.primary, body: { plan: 'dedicated_com' }, headers: { 'idempotency-key': 'x' } });
    expectStandard(await order(), 402, 'no_payment_method');
    await h.control('PATCH', `/organizations/${o.id}/plan`, { payment_method: 'declining' });
    expectStandard(await order(), 402, 'payment_failed');
  });
});

describe('403', () => {
  it('oauth_token_required for an API key on API-key management', async () => {
    expectStandard(await h.call('GET', '/v4/api-keys', { token: org.primary }), 403, 'oauth_token_required');
    expectStandard(await h.call('POST', '/v4/api-keys', json(org.primary, { name: 'k' })), 403, 'oauth_token_required');
  });

  it('settings_unsupported_for_channel_type', async () => {
    expectStandard(await h.call('GET', `/v4/channels/${org.channel('whatsapp').id}/settings`, { token: org.primary }), 403, 'settings_unsupported_for_channel_type');
  });

  it('auto_mark_read_not_allowed on a shared line', async () => {
    const ch = org.channel('native-shared').id;
    expectStandard(await h.call('PATCH', `/v4/channels/${ch}/settings`, json(org.primary, { auto_mark_read: true })), 403, 'auto_mark_read_not_allowed');
  });

  it('auto_share_contact_not_allowed on an inbound line', async () => {
    const ch = org.channel('native-inbound').id;
    expectStandard(await h.call('PATCH', `/v4/channels/${ch}/settings`, json(org.primary, { auto_share_contact: true })), 403, 'auto_share_contact_not_allowed');
  });

  it('contact_card_not_set_up on a dedicated line without a card', async () => {
    const ch = org.channel('native-dedicated-nocard').id;
    expectStandard(await h.call('PATCH', `/v4/channels/${ch}/settings`, json(org.primary, { auto_share_contact: true })), 403, 'contact_card_not_set_up');
  });
});

describe('404, 405, 413, 415', () => {
  it('unknown resource and unknown route', async () => {
    expectStandard(await h.call('GET', '/v4/contacts/ct_unknown1', { token: org.primary }), 404, 'not_found');
    expectStandard(await h.call('GET', '/v4/no/such/route', { token: org.primary }), 404, 'not_found');
  });

  it('wrong method on a known path', async () => {
    const answer = await h.call('PUT', '/v4/contacts', { token: org.primary });
    expectStandard(answer, 405, 'method_not_allowed');
    expect(answer.headers.get('allow')).toContain('GET');
  });

  it('body over 1 MB', async () => {
    const answer = await h.call('POST', '/v4/contacts', { token: org.primary, raw: `{"name":"${'x'.repeat(1024 * 1024)}"}`, headers: { 'content-type': 'application/json' } });
    expectStandard(answer, 413, 'payload_too_large');
  });

  it('non-JSON content type', async () => {
    expectStandard(await h.call('POST', '/v4/contacts', { token: org.primary, raw: 'name=x', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
  });
});

describe('409', () => {
  it('shared_number_limit when the organization has a shared line', async () => {
    const order = await h.call('POST', '/v4/channels/native/purchases', { token: org.primary, body: { plan: 'shared_nc' }, headers: { 'idempotency-key': 's1' } });
    expectStandard(order, 409, 'shared_number_limit');
  });

  it('api_key_limit_reached at the ceiling', async () => {
    const o = await h.newOrg({ plan: { active_key_ceiling: 3 } });
    expect((await h.call('POST', '/v4/api-keys', json(o.admin, { name: 'third' }))).status).toBe(200);
    expectStandard(await h.call('POST', '/v4/api-keys', json(o.admin, { name: 'fourth' })), 409, 'api_key_limit_reached');
  });

  it('contact_already_merged when the source is merged into another contact', async () => {
    const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((name) => h.call('POST', '/v4/contacts', json(org.primary, { name }))));
    const merge = (survivor: Answer, source: Answer) =>
      h.call('POST', `/v4/contacts/${survivor.body.data.id}/merge`, json(org.primary, { source_contact_id: source.body.data.id }));
    expect((await merge(a!, c!)).status).toBe(200);
    expectStandard(await merge(b!, c!), 409, 'contact_already_merged');
  });

  it('conflict for a duplicate contact or identity', async () => {
    const first = await h.call('POST', '/v4/contacts', json(org.primary, { phone: '+15550009999' }));
    expect(first.status).toBe(201);
    expect((await h.call('POST', '/v4/contacts', json(org.primary, { phone: '+15550009999' }))).status).toBe(409);
    const other = await h.call('POST', '/v4/contacts', json(org.primary, { name: 'other' }));
    expect((await h.call('POST', `/v4/contacts/${other.body.data.id}/identities`, json(org.primary, { phone: '+15550009999' }))).status).toBe(409);
  });
});

describe('422', () => {
  it('channel_not_assignable for whatsapp, rcs and amb', async () => {
    for (const kind of ['whatsapp', 'rcs', 'amb']) {
      const answer = await h.call('PUT', `/v4/api-keys/${encodeURIComponent(org.secondary)}/channels/${org.channel(kind).id}`, { token: org.admin });
      expectStandard(answer, 422, 'channel_not_assignable');
    }
  });

  it('no_settings_provided and invalid_settings', async () => {
    const ch = org.channel('native-dedicated').id;
    expectStandard(await h.call('PATCH', `/v4/channels/${ch}/settings`, json(org.primary, {})), 422, 'no_settings_provided');
    expectStandard(await h.call('PATCH', `/v4/channels/${ch}/settings`, json(org.primary, { auto_mark_read: 'yes' })), 422, 'invalid_settings');
    expectStandard(await h.call('PATCH', `/v4/channels/${ch}/settings`, json(org.primary, { dark_mode: true })), 422, 'invalid_settings');
  });

  it('validation for an invalid body', async () => {
    const c = await h.call('POST', '/v4/contacts', json(org.primary, { name: 'V' }));
    expect((await h.call('PATCH', `/v4/contacts/${c.body.data.id}`, json(org.primary, { tags: [] }))).status).toBe(422);
    expect((await h.call('PUT', `/v4/channels/${org.channel('native-dedicated').id}/profile`, json(org.primary, { nickname: 'x' }))).status).toBe(422);
    const forward = await h.call('POST', `/v4/me/numbers/${encodeURIComponent(org.channel('native-dedicated').address)}/call-forwarding`, json(org.primary, { forward_to: '+442071234567' }));
    expect(forward.status).toBe(422);
  });
});
