// Priorities over HTTP: default rules, wholesale replacement, ownership by key, /me/priority.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type Org } from '../../test-helpers.js';

let h: Harness;
let org: Org;

beforeAll(async () => {
  h = await startHarness();
  org = await h.newOrg();
});
afterAll(() => h.close());

const entries = (...kinds: Array<[string, number]>) => kinds.map(([kind, priority]) => ({ channel_id: org.channel(kind).id, priority }));

describe('priorities', () => {
  it('/me/priority is null before any priority', async () => {
    expect((await h.call('GET', '/v4/me/priority', { token: org.secondary })).body).toEqual({ data: null });
  });

  it('the first priority becomes the default unless is_default is false', async () => {
    const o = await h.newOrg();
    const notDefault = await h.call('POST', '/v4/priorities', { token: o.primary, body: { name: 'n', is_default: false, channels: [] } });
    expect(notDefault.status).toBe(201);
    expect(notDefault.body.data.is_default).toBe(false);
    const first = await h.call('POST', '/v4/priorities', { token: org.primary, body: { name: 'main', channels: entries(['native-dedicated', 1], ['sms_provider', 2]) } });
    expect(first.body.data.is_default).toBe(true);
    const second = await h.call('POST', '/v4/priorities', { token: org.primary, body: { name: 'other', channels: [] } });
    expect(second.body.data.is_default).toBe(false);
    expect((await h.call('GET', '/v4/me/priority', { token: org.primary })).body.data.id).toBe(first.body.data.id);
  });

  it('PATCH replaces the channel set wholesale', async () => {
    const created = await h.call('POST', '/v4/priorities', { token: org.primary, body: { name: 'p', channels: entries(['native-shared', 1], ['rcs', 2]) } });
    const patched = await h.call('PATCH', `/v4/priorities/${created.body.data.id}`, { token: org.primary, body: { channels: entries(['amb', 1]) } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.channels.map((c: { channel_id: string }) => c.channel_id)).toEqual([org.channel('amb').id]);
  });

  it('priorities belong to the calling key', async () => {
    const mine = await h.call('POST', '/v4/priorities', { token: org.primary, body: { name: 'mine', channels: [] } });
    expect((await h.call('GET', `/v4/priorities/${mine.body.data.id}`, { token: org.secondary })).status).toBe(404);
    const listed = await h.call('GET', '/v4/priorities', { token: org.secondary });
    expect(listed.body).toMatchObject({ data: [], has_more: false, next_cursor: null });
  });

  it('unknown channels -> 404, malformed items -> 422, malformed selectors -> 400 on create, delete answers {id, deleted}', async () => {
    expect((await h.call('POST', '/v4/priorities', { token: org.primary, body: { channels: [{ channel_id: 'ch_missing1', priority: 1 }] } })).status).toBe(404);
    expect((await h.call('POST', '/v4/priorities', { token: org.primary, body: { channels: 'all' } })).status).toBe(422);
    // A malformed selector: 400 where the operation lists it (create), 422 where it does not (update).
    const malformed = await h.call('POST', '/v4/priorities', { token: org.primary, body: { channels: ['1234'] } });
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'invalid_channel']);
    const kept = await h.call('POST', '/v4/priorities', { token: org.primary, body: { name: 'kept' } });
    expect((await h.call('PATCH', `/v4/priorities/${kept.body.data.id}`, { token: org.primary, body: { channels: ['1234'] } })).status).toBe(422);
    const p = await h.call('POST', '/v4/priorities', { token: org.primary, body: { name: 'gone' } });
    const del = await h.call('DELETE', `/v4/priorities/${p.body.data.id}`, { token: org.primary });
    expect(del.body).toEqual({ data: { id: p.body.data.id, deleted: true } });
    expect((await h.call('GET', `/v4/priorities/${p.body.data.id}`, { token: org.primary })).status).toBe(404);
  });
});
