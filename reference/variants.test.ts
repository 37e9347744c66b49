// Benign variants change only what the description leaves open.
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, receiver } from './messaging/test-kit.js';
import { startHarness, type Harness } from './test-helpers.js';
import { resolveVariant } from './variants.js';

let h: Harness | undefined;
afterEach(() => h?.close());

describe('variants', () => {
  it('extraFields and shuffleKeys change success bodies only', async () => {
    h = await startHarness({ variant: { extraFields: true, shuffleKeys: true } });
    const org = await h.newOrg();
    const me = await h.call('GET', '/v4/me', { token: org.primary });
    expect(me.body.x_reference_extra).toBeDefined();
    expect(me.body.data.x_reference_extra).toBeDefined();
    const channel = (await h.call('GET', `/v4/channels/${org.channel('native-shared').id}`, { token: org.primary })).body.data;
    expect(Object.keys(channel)[0]).not.toBe('id');
    expect(channel.x_reference_extra).toBeDefined();
    const error = await h.call('GET', '/v4/me');
    expect(error.body).toEqual({ error: 'unauthorized', message: expect.any(String), status: 401, code: 'unauthorized' });
  });

  it('asciiEscapedJson writes non-ASCII as \\uXXXX, the same JSON; chunkedResponses drops Content-Length', async () => {
    h = await startHarness({ variant: { asciiEscapedJson: true, chunkedResponses: true } });
    const org = await h.newOrg();
    const name = 'Zoë 😀 مرحبا';
    const created = await fetch(`${h.ref.urls.base}/v4/contacts`, { method: 'POST', headers: { authorization: `Bearer ${org.primary}`, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    const text = await created.text();
    expect([...text].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
    expect(text).toContain('\\ud83d\\ude00');
    expect(JSON.parse(text).data.name).toBe(name);
    expect(created.headers.get('content-length')).toBeNull();
    expect(created.headers.get('transfer-encoding')).toBe('chunked');
  });

  it('v4FlatErrors answers coded v4 errors flat, with their code', async () => {
    h = await startHarness({ variant: { v4FlatErrors: true } });
    const org = await h.newOrg();
    const answer = await h.call('GET', '/v4/contacts/ct_unknown0000', { token: org.primary });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String), status: 404, code: 'not_found' });
  });

  it('alternate messages keep status and code', async () => {
    h = await startHarness({ variant: { errorMessages: 'alternate' } });
    const org = await h.newOrg();
    const answer = await h.call('GET', '/v4/api-keys', { token: org.primary });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('oauth_token_required');
    expect(answer.body.error.message).toMatch(/could not be completed/);
  });

  it('createdStatus answers 201 on POST /api-keys', async () => {
    h = await startHarness({ variant: { createdStatus: true } });
    const org = await h.newOrg();
    expect((await h.call('POST', '/v4/api-keys', { token: org.admin, body: { name: 'x' } })).status).toBe(201);
  });

  it('forwardingRefusal422 refuses a shared call-forwarding source with 422, the same code', async () => {
    h = await startHarness({ variant: { forwardingRefusal422: true } });
    const org = await h.newOrg();
    await h.call('PUT', `/v4/api-keys/${encodeURIComponent(org.primary)}/channels/${org.channel('native-shared').id}`, { token: org.admin });
    const number = encodeURIComponent(org.channel('native-shared').address);
    const answer = await h.call('POST', `/v4/me/numbers/${number}/call-forwarding`, { token: org.primary, body: { forward_to: '+14155550123' } });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('call_forwarding_not_allowed');
  });

  it('strictContactCreate requires a name and refuses tags on POST /contacts', async () => {
    h = await startHarness({ variant: { strictContactCreate: true } });
    const org = await h.newOrg();
    const create = (body: Record<string, unknown>) => h!.call('POST', '/v4/contacts', { token: org.primary, body });
    expect(await create({ phone: '+14155550100' })).toMatchObject({ status: 422, body: { error: { details: { field: 'name' } } } });
    expect(await create({ name: 'Ada', tags: ['vip'] })).toMatchObject({ status: 422, body: { error: { details: { field: 'tags' } } } });
    expect((await create({ name: 'Ada' })).status).toBe(201);
  });

  it('cardCheckedFirst answers contact_card_not_set_up before the line type', async () => {
    h = await startHarness({ variant: { cardCheckedFirst: true } });
    const org = await h.newOrg();
    const answer = await h.call('PATCH', `/v4/channels/${org.channel('native-shared').id}/settings`, { token: org.primary, body: { auto_share_contact: true } });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('contact_card_not_set_up');
  });

  it('signatureClockSkewS signs deliveries with a clock that far behind', async () => {
    const r = await receiver();
    const fx = await fixture({ variant: { signatureClockSkewS: 900 } });
    try {
      const sub = await fx.v4('POST', '/webhooks', { url: r.url });
      expect(sub.status).toBe(201);
      await fx.control('POST', '/inbound/messages', { channel_id: fx.channels['native-dedicated']!.id, sender: '+14155550111', text: 'hi' });
      const [delivery] = await r.waitFor(1);
      const t = Number(/^t=(\d+),/.exec(String(delivery!.headers['x-service-signature']))?.[1]);
      expect(Math.floor(Date.now() / 1000) - t).toBeGreaterThanOrEqual(899);
    } finally {
      await Promise.all([r.close(), fx.close()]);
    }
  });

  it('unshownSuccessForms answers 201 to v2 creates and 204 with no body to typing and key deprecation', async () => {
    h = await startHarness({ variant: { unshownSuccessForms: true } });
    const org = await h.newOrg();
    const contact = await h.call('POST', '/v2/contacts', { token: org.primary, body: { identifier: '+14155550123', name: 'Ada' } });
    expect(contact.status).toBe(201);
    expect(contact.body).toBeDefined();
    const typing = await h.call('POST', `/v2/chats/${encodeURIComponent('+14155550123')}/typing`, { token: org.primary });
    expect(typing).toMatchObject({ status: 204, body: undefined });
    const key = (await h.call('POST', '/v4/api-keys', { token: org.admin, body: { name: 'short-lived' } })).body.data.api_key as string;
    expect(await h.call('DELETE', `/v4/api-keys/${key}`, { token: org.admin })).toMatchObject({ status: 204, body: undefined });
  });

  it('reactionOwnId names the reaction\'s own message id in its events', async () => {
    const r = await receiver();
    const fx = await fixture({ variant: { reactionOwnId: true } });
    try {
      await fx.v4('POST', '/webhooks', { url: r.url });
      const sent = await fx.control('POST', '/inbound/messages', { channel_id: fx.channels['native-dedicated']!.id, sender: '+14155550112', text: 'hi' });
      await fx.control('POST', '/inbound/reactions', { message_id: sent.body.data.message_id, reaction: 'love', action: 'add', sender: '+14155550112' });
      const reaction = (await r.waitFor(2)).find((d) => d.headers['x-service-event'] === 'message.reaction');
      expect(reaction!.headers['x-service-message-id']).toMatch(/^msg_/);
      expect(reaction!.headers['x-service-message-id']).not.toBe(sent.body.data.message_id);
    } finally {
      await Promise.all([r.close(), fx.close()]);
    }
  });

  it('v2RecordWrapped answers GET /v4/webhooks/{id} of a v2-registered webhook with {data: record}', async () => {
    h = await startHarness({ variant: { v2RecordWrapped: true } });
    const org = await h.newOrg();
    const created = await h.call('POST', '/v2/webhooks', { token: org.primary, body: { webhook_url: 'https://example.com/hook', webhook_type: 'all' } });
    const read = await h.call('GET', `/v4/webhooks/${created.body.webhook_id}`, { token: org.primary });
    expect(read.body.data).toMatchObject({ webhook_id: created.body.webhook_id, webhook_url: 'https://example.com/hook' });
  });

  it('bareSettingsPatch answers a settings PATCH with the settings object alone in data', async () => {
    h = await startHarness({ variant: { bareSettingsPatch: true } });
    const org = await h.newOrg();
    const answer = await h.call('PATCH', `/v4/channels/${org.channel('native-dedicated').id}/settings`, { token: org.primary, body: { auto_mark_read: true } });
    expect(answer.body.data).toEqual({ auto_mark_read: true, auto_share_contact: false });
  });

  it('deletedAsTime answers a delete with the time of deletion as deleted', async () => {
    h = await startHarness({ variant: { deletedAsTime: true } });
    const org = await h.newOrg();
    const contact = (await h.call('POST', '/v4/contacts', { token: org.primary, body: { name: 'Gone' } })).body.data;
    const before = Date.now();
    const deleted = await h.call('DELETE', `/v4/contacts/${contact.id}`, { token: org.primary });
    expect(deleted.body.data.id).toBe(contact.id);
    expect(deleted.body.data.deleted).toBeGreaterThanOrEqual(before);
  });

  it('startingStock gives every new organization numbers of each line type in several area codes', async () => {
    h = await startHarness({ variant: { startingStock: true } });
    const org = await h.newOrg({ plan: { number_purchase_enabled: true } });
    const codes = new Set<string>();
    for (const type of ['shared', 'dedicated', 'inbound']) {
      const rows = (await h.call('GET', `/v4/channels/native/available?type=${type}&limit=100`, { token: org.primary })).body.data as { area_code: string }[];
      expect(rows.length, type).toBeGreaterThan(0);
      for (const row of rows) codes.add(row.area_code);
    }
    expect(codes.size).toBeGreaterThan(5);
  });

  it('noNumberPurchasing leaves browsing and purchases unknown (404)', async () => {
    h = await startHarness({ variant: { noNumberPurchasing: true } });
    const org = await h.newOrg({ plan: { number_purchase_enabled: true } });
    expect((await h.call('GET', '/v4/channels/native/available', { token: org.primary })).status).toBe(404);
    expect((await h.call('POST', '/v4/channels/native/purchases', { token: org.primary, body: { plan: 'dedicated_com' }, headers: { 'idempotency-key': 'k1' } })).status).toBe(404);
    expect((await h.call('GET', `/v4/channels/${org.channel('native-dedicated').id}`, { token: org.primary })).status).toBe(200);
  });

  it('page sizes and cursor formats', async () => {
    h = await startHarness({ variant: { defaultPageSize: 3, maxPageSize: 5, cursorFormat: 'opaque-counter' } });
    const org = await h.newOrg();
    const first = await h.call('GET', '/v4/channels', { token: org.primary });
    expect(first.body.data).toHaveLength(3);
    expect(first.body.next_cursor).toMatch(/^c[0-9a-z]+$/);
    expect((await h.call('GET', '/v4/channels?limit=50', { token: org.primary })).body.data).toHaveLength(5);
  });

  it('rejects impossible variants', () => {
    expect(() => resolveVariant({ maxPageSize: 0 })).toThrow();
    expect(resolveVariant({ defaultPageSize: 50, maxPageSize: 10 }).defaultPageSize).toBe(10);
  });
});
