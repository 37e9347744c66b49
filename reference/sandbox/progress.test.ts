import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { startHarness, type Harness } from '../test-helpers.js';
import { sandboxRecipients } from './progress.js';

/** Polls `read` until `done` holds of its answer (the sandbox acts every 50 ms); the last answer either way. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await sleep(20);
    value = await read();
  }
  return value;
}

describe.each([true, false])('the reference with sandbox: %s', (sandbox) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ sandbox });
  });
  afterAll(() => h.close());

  it(sandbox ? 'completes a purchase by itself' : 'leaves a purchase provisioning', async () => {
    const org = await h.newOrg({ plan: { number_purchase_enabled: true, payment_method: 'valid' } });
    const bought = await h.call('POST', '/v4/channels/native/purchases', { token: org.admin, body: { plan: 'dedicated_com' }, headers: { 'idempotency-key': 'sandbox-1' } });
    expect(bought.status).toBe(202);
    const id = bought.body.data.purchase_id as string;
    const polled = await eventually(() => h.call('GET', `/v4/channels/native/purchases/${id}`, { token: org.admin }), (a) => a.body.data.status === 'completed');
    // Polling may report pending while the purchase is still provisioning (section 3).
    expect(sandbox ? ['completed'] : ['provisioning', 'pending']).toContain(polled.body.data.status);
    if (sandbox) expect(polled.body.data.allocations).toHaveLength(1);
  });

  it(sandbox ? 'fails a purchase by itself where the card fails after acceptance' : 'leaves such a purchase provisioning', async () => {
    const org = await h.newOrg({ plan: { number_purchase_enabled: true, payment_method: 'fails_after_acceptance' } });
    const bought = await h.call('POST', '/v4/channels/native/purchases', { token: org.admin, body: { plan: 'dedicated_com' }, headers: { 'idempotency-key': 'sandbox-3' } });
    expect(bought.status).toBe(202);
    expect(bought.body.data.status).toBe('provisioning');
    const id = bought.body.data.purchase_id as string;
    const polled = await eventually(() => h.call('GET', `/v4/channels/native/purchases/${id}`, { token: org.admin }), (a) => a.body.data.status === 'failed');
    expect(sandbox ? ['failed'] : ['provisioning', 'pending']).toContain(polled.body.data.status);
    const failed = (await h.control('GET', `/organizations/${org.id}/events?type=number.purchase.failed`)).body.data as { data: { purchase_id: string } }[];
    expect(failed.map((e) => e.data.purchase_id)).toEqual(sandbox ? [id] : []);
    // Without the sandbox's provider, the control API fails it (drivePurchase).
    if (!sandbox) expect((await h.control('POST', `/organizations/${org.id}/purchases/${id}/fail`)).body.data.status).toBe('failed');
  });

  it(sandbox ? 'fails a message to its failing test recipient, and reads one to its reading recipient' : 'leaves messages to its test recipients queued', async () => {
    const org = await h.newOrg();
    const line = org.channel('native-dedicated').id;
    const reader = sandboxRecipients.reading;
    await h.control('POST', `/organizations/${org.id}/inbound/messages`, { channel_id: line, sender: reader, text: 'hi', protocol: 'imessage', read_receipts: true });
    const toFailing = await h.call('POST', '/v4/messages', { token: org.primary, body: { to: sandboxRecipients.failing, text: 'hello' }, headers: { 'idempotency-key': 'sandbox-4' } });
    const toReader = await h.call('POST', '/v4/messages', { token: org.primary, body: { to: reader, text: 'hello', from: line }, headers: { 'idempotency-key': 'sandbox-5' } });
    expect([toFailing.status, toReader.status].every((s) => s < 300)).toBe(true);
    const types = async () => ((await h.control('GET', `/organizations/${org.id}/events`)).body.data as { type: string }[]).map((e) => e.type);
    const seen = await eventually(types, (t) => t.includes('message.failed') && t.includes('message.read'));
    expect(seen.includes('message.failed')).toBe(sandbox);
    expect(seen.includes('message.read')).toBe(sandbox);
  });

  it(sandbox ? 'sends and then delivers an outbound message by itself' : 'leaves an outbound message queued', async () => {
    const org = await h.newOrg();
    const sent = await h.call('POST', '/v4/messages', { token: org.primary, body: { to: '+14155550142', text: 'hello' }, headers: { 'idempotency-key': 'sandbox-2' } });
    expect(sent.status).toBeLessThan(300);
    const types = async () => ((await h.control('GET', `/organizations/${org.id}/events`)).body.data as { type: string }[]).map((e) => e.type);
    const emitted = await eventually(types, (t) => t.includes('message.delivered'));
    expect(emitted.filter((type) => type.startsWith('message.'))).toEqual(sandbox ? ['message.sent', 'message.delivered'] : []);
  });
});
