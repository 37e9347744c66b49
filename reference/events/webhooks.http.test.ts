// HTTP tests of webhook subscriptions and real deliveries to a loopback receiver.
import { createHmac, timingSafeEqual } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../spec/index.js';
import { fixture, receiver, type Fixture, type Received, type Receiver } from '../messaging/test-kit.js';
import { timeLimit } from '../../test/support/pace.js';

let fx: Fixture;
const receivers: Receiver[] = [];
beforeAll(async () => {
  fx = await fixture();
});
afterAll(() => fx.close());
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function hook(answer?: (n: number) => number): Promise<Receiver> {
  const r = await receiver(answer);
  receivers.push(r);
  return r;
}

function verifies(delivery: Received, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-service-signature']));
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${delivery.raw}`).digest();
  const nowSeconds = Math.floor(Date.now() / 1000);
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex')) && Math.abs(nowSeconds - Number(match[1])) < 300;
}

/** Problems of `body` against a component schema of spec/v2.openapi.yaml (empty when valid). */
let v2Ajv: Ajv2020.default | undefined;
function v2SchemaProblems(name: string, body: unknown): string[] {
  const ajv = (v2Ajv ??= new Ajv2020.default({ strict: false, allErrors: true }).addSchema(loadOpenApi('v2'), 'v2'));
  const validate = ajv.getSchema(`v2#/components/schemas/${name}`)!;
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${name}: ${e.instancePath} ${e.message}`);
}

let n = 7000;
const inbound = (extra: Record<string, unknown> = {}) =>
  fx.control('POST', '/inbound/messages', { channel_id: fx.channels['native-dedicated']!.id, sender: `+1415555${n++}`, text: 'hi', ...extra });

describe('v4 subscriptions', () => {
  it('deliver the signed envelope with every header of section 6', async () => {
    const r = await hook();
    const sub = await fx.v4('POST', '/webhooks', { url: r.url });
    expect(sub.status).toBe(201);
    expect(sub.body.data.id).toMatch(/^wh_[A-Za-z0-9]+$/);
    const secret = sub.body.data.signing_secret as string;
    const sent = await inbound();
    const [delivery] = await r.waitFor(1);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['x-service-event']).toBe('message.received');
    expect(delivery!.headers['x-service-message-id']).toBe(sent.body.data.message_id);
    expect(delivery!.headers['x-service-replay']).toBeUndefined();
    expect(verifies(delivery!, secret)).toBe(true);
    expect(delivery!.body).toMatchObject({ type: 'message.received', organization_id: fx.orgId });
    expect(delivery!.body.id).toMatch(/^evt_/);
    expect(delivery!.body.data).toMatchObject({ message_id: sent.body.data.message_id, chat_id: sent.body.data.chat_id, direction: 'inbound', text: 'hi', attachments: [] });
    await fx.v4('DELETE', `/webhooks/${sub.body.data.id}`);
  });

  it('never shows the secret again, lists deliveries, and replays with X-Service-Replay and X-Original-Event-Id', async () => {
    const r = await hook();
    const sub = await fx.v4('POST', '/webhooks', { url: r.url });
    const id = sub.body.data.id as string;
    await inbound();
    const [first] = await r.waitFor(1);
    const again = await fx.v4('GET', `/webhooks/${id}`);
    expect(again.body.data.signing_secret).toBeUndefined();
    const list = await fx.v4('GET', `/webhooks/${id}/deliveries`);
    expect(list.status).toBe(200);
    const delivery = list.body.data[0];
    expect(delivery.id).toMatch(/^wdel_/);
    const replay = await fx.v4('POST', `/webhooks/${id}/deliveries/${delivery.id}/replay`);
    expect(replay.status).toBe(202);
    const [, replayed] = await r.waitFor(2);
    expect(replayed!.headers['x-service-replay']).toBe('true');
    expect(replayed!.headers['x-original-event-id']).toBe(first!.body.id);
    expect(verifies(replayed!, sub.body.data.signing_secret)).toBe(true);
    await fx.v4('DELETE', `/webhooks/${id}`);
  });

  it('retries a delivery the subscriber refused', async () => {
    const r = await hook((i) => (i === 0 ? 500 : 200));
    const sub = await fx.v4('POST', '/webhooks', { url: r.url });
    await inbound();
    const [a, b] = await r.waitFor(2, timeLimit({ requests: 2 }));
    expect(b!.raw).toBe(a!.raw);
    await fx.v4('DELETE', `/webhooks/${sub.body.data.id}`);
  });

  it('rejects a url that is not http(s) with 422', async () => {
    expect((await fx.v4('POST', '/webhooks', { url: 'ftp://example.com' })).status).toBe(422);
  });
});

describe('v2 subscriptions', () => {
  it('get flat bodies filtered by webhook_type', async () => {
    const messageHook = await hook();
    const allHook = await hook();
    const m = await fx.v2('POST', '/webhooks', { webhook_url: messageHook.url, webhook_type: 'message' });
    const a = await fx.v2('POST', '/webhooks', { webhook_url: allHook.url, webhook_type: 'all' });
    expect(m.body.signing_secret).toEqual(expect.any(String));
    const sent = await inbound();
    await fx.control('POST', '/inbound/typing', { chat_id: sent.body.data.chat_id, state: 'started' });
    const [received, typing] = await allHook.waitFor(2);
    expect(received!.body).toMatchObject({ event: 'message.received', message_id: sent.body.data.message_id, protocol: 'imessage', is_group: false });
    expect(received!.body.external_id).toMatch(/^\+1/);
    expect(received!.body.internal_id).toBe(fx.channels['native-dedicated']!.address);
    expect(typeof received!.body.timestamp).toBe('number');
    expect(typing!.body.event).toBe('typing.started');
    await messageHook.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(messageHook.received.map((d) => d.body.event)).toEqual(['message.received']);
    for (const id of [m.body.webhook_id, a.body.webhook_id]) await fx.v2('DELETE', `/webhooks/${id}`);
  });

  it('get contact.merged on `all` only, as a signed flat body with the base fields', async () => {
    const messageHook = await hook();
    const allHook = await hook();
    const m = await fx.v2('POST', '/webhooks', { webhook_url: messageHook.url, webhook_type: 'message' });
    const a = await fx.v2('POST', '/webhooks', { webhook_url: allHook.url, webhook_type: 'all' });
    const contact = async (body: Record<string, unknown>) => (await fx.v4('POST', '/contacts', body)).body.data.id as string;
    const merge = async (survivor: string, source: string) => {
      const merged = await fx.v4('POST', `/contacts/${survivor}/merge`, { source_contact_id: source });
      expect(merged.status).toBe(200);
    };
    // Contacts without identities (what the suites merge), then a contact that wrote to a line merged into another.
    await merge(await contact({ name: 'survivor' }), await contact({ name: 'source' }));
    const sender = `+1415556${n++}`;
    const sent = await inbound({ sender });
    const writer = (await fx.v4('GET', `/contacts?identifier=${encodeURIComponent(sender)}`)).body.data[0].id as string;
    await merge(await contact({ name: 'keeper', email: `keeper${n}@example.com` }), writer);

    const deliveries = (await allHook.waitFor(3)).filter((d) => d.body.event === 'contact.merged');
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      expect(delivery.headers['x-service-event']).toBe('contact.merged');
      expect(verifies(delivery, a.body.signing_secret)).toBe(true);
      expect(v2SchemaProblems('FlatContactMerged', delivery.body)).toEqual([]);
      expect(v2SchemaProblems('FlatEventBase', delivery.body)).toEqual([]);
      expect(delivery.body.message_id).toMatch(/^msg_/);
    }
    const [nameOnly, chatted] = deliveries;
    expect(nameOnly!.body).toMatchObject({ external_id: expect.stringMatching(/^ct_/), internal_id: expect.any(String), data: { source_contact_id: expect.stringMatching(/^ct_/) } });
    expect(nameOnly!.body.chat_id).toBeUndefined();
    expect(chatted!.body).toMatchObject({
      message_id: sent.body.data.message_id,
      chat_id: sender,
      external_id: sender,
      protocol: 'imessage',
      internal_id: fx.channels['native-dedicated']!.address,
      data: { source_contact_id: writer },
    });
    await messageHook.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(messageHook.received.map((d) => d.body.event)).toEqual(['message.received']);
    for (const id of [m.body.webhook_id, a.body.webhook_id]) await fx.v2('DELETE', `/webhooks/${id}`);
  });

  it('rotation invalidates the old secret at once', async () => {
    const r = await hook();
    const created = await fx.v2('POST', '/webhooks', { webhook_url: r.url, webhook_type: 'all' });
    const rotated = await fx.v2('POST', `/webhooks/${created.body.webhook_id}/secret/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.signing_secret).not.toBe(created.body.signing_secret);
    await inbound();
    const [delivery] = await r.waitFor(1);
    expect(verifies(delivery!, rotated.body.signing_secret)).toBe(true);
    expect(verifies(delivery!, created.body.signing_secret)).toBe(false);
    await fx.v2('DELETE', `/webhooks/${created.body.webhook_id}`);
  });

  it('is read through v4 GET /webhooks/{id} as the v2 record, with flat errors', async () => {
    const created = await fx.v2('POST', '/webhooks', { webhook_url: 'http://127.0.0.1:9/none', webhook_type: 'message' });
    const record = await fx.v4('GET', `/webhooks/${created.body.webhook_id}`);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ webhook_id: created.body.webhook_id, webhook_type: 'message', is_active: true, scope: 'api_key' });
    for (const field of ['created_at', 'deprecated_at', 'valid_until', 'last_triggered', 'failure_count']) expect(Number.isInteger(record.body[field])).toBe(true);
    expect(record.body.signing_secret).toBeUndefined();
    const missing = await fx.v4('GET', '/webhooks/wh_unknown0');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, error: expect.any(String), message: expect.any(String) });
    const logs = await fx.v4('GET', `/webhooks/${created.body.webhook_id}/logs`);
    expect(logs.status).toBe(200);
    await fx.v2('DELETE', `/webhooks/${created.body.webhook_id}`);
  });
});

describe('event rules', () => {
  async function outboundIn(chat: { chat_id: string }): Promise<string> {
    const res = await fx.v4('POST', `/chats/${chat.chat_id}/messages`, { text: 'reply' });
    return res.body.id as string;
  }
  const types = async (ids: string[]) => {
    const events = (await fx.control('GET', '/events')).body.data as Array<{ id: string; type: string }>;
    return events.filter((e) => ids.includes(e.id)).map((e) => e.type);
  };

  it('never emits message.delivered for a group chat', async () => {
    const group = await inbound({ group: { name: 'team', participants: ['+14155559001'] } });
    expect(group.body.data.group_id).toMatch(/^grp_/);
    const messageId = await outboundIn(group.body.data);
    const drive = await fx.control('POST', `/messages/${messageId}/status`, { status: 'delivered' });
    expect(drive.body.data.event_ids).toEqual([]);
  });

  it('emits message.read only for 1:1 iMessage chats with read receipts', async () => {
    const without = await inbound();
    const quiet = await fx.control('POST', `/messages/${await outboundIn(without.body.data)}/status`, { status: 'read' });
    expect(quiet.body.data.event_ids).toEqual([]);
    const withReceipts = await inbound({ read_receipts: true });
    const read = await fx.control('POST', `/messages/${await outboundIn(withReceipts.body.data)}/status`, { status: 'read' });
    expect(await types(read.body.data.event_ids)).toEqual(['message.read']);
  });

  it('emits typing only for iMessage chats', async () => {
    const sms = await inbound({ protocol: 'sms' });
    const typing = await fx.control('POST', '/inbound/typing', { chat_id: sms.body.data.chat_id, state: 'started' });
    expect(typing.body.data.event_ids).toEqual([]);
  });

  it('contact.shared creates the matching contact', async () => {
    const address = '+14155558888';
    await fx.control('POST', '/inbound/contact-shares', { channel_id: fx.channels['native-dedicated']!.id, address, first_name: 'Ada', last_name: 'Lovelace' });
    const found = await fx.v4('GET', `/contacts?identifier=${encodeURIComponent(address)}`);
    expect(found.body.data).toHaveLength(1);
  });
});
