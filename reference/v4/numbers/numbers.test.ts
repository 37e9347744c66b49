// Number inventory, quotes and purchases over HTTP, with the control API driving payment outcomes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type Org } from '../../test-helpers.js';

let h: Harness;
let org: Org;

beforeAll(async () => {
  h = await startHarness();
  org = await h.newOrg();
  await h.control('POST', `/organizations/${org.id}/inventory`, {
    numbers: [
      { phone_number: '+14155550101', kind: 'dedicated', location: 'San Francisco, CA' },
      { phone_number: '+12125550102', kind: 'dedicated' },
      { phone_number: '+14155550103', kind: 'shared' },
    ],
  });
});
afterAll(() => h.close());

const purchase = (o: Org, body: unknown, key: string | null, token = o.primary) =>
  h.call('POST', '/v4/channels/native/purchases', { token, body, headers: key === null ? {} : { 'idempotency-key': key } });

describe('browse and quote', () => {
  it('browse rows are masked and never carry the full number', async () => {
    const answer = await h.call('GET', '/v4/channels/native/available?type=dedicated', { token: org.primary });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(2);
    const text = JSON.stringify(answer.body);
    for (const full of ['4155550101', '2125550102']) expect(text).not.toContain(full);
    expect(answer.body.data[0]).toMatchObject({ area_code: '415', country_code: '1', phone_number_country: 'US', location: 'San Francisco, CA' });
    expect(answer.body.data[1]).not.toHaveProperty('location');
  });

  it('type defaults to shared', async () => {
    expect((await h.call('GET', '/v4/channels/native/available', { token: org.primary })).body.data).toHaveLength(1);
  });

  it('quote mode: one line per area code (repeated or comma-separated) with counts', async () => {
    const answer = await h.call('GET', '/v4/channels/native/available?type=dedicated&area_code=415&area_codes=212,303', { token: org.primary });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((l: { area_code: string; matched: boolean }) => [l.area_code, l.matched])).toEqual([['415', true], ['212', true], ['303', false]]);
    expect(answer.body.data[2].custom_order).toBe(true);
    expect(answer.body).toMatchObject({ matched_count: 2, custom_order_count: 1 });
  });

  it('quote mode pages with limit and cursor, and counts over every page', async () => {
    const quote = (query: string) => h.call('GET', `/v4/channels/native/available?type=dedicated&area_codes=212,310,512,415&limit=2${query}`, { token: org.primary });
    const first = await quote('');
    expect(first.status).toBe(200);
    expect(first.body.data.map((l: { area_code: string }) => l.area_code)).toEqual(['212', '310']);
    expect(first.body).toMatchObject({ has_more: true, matched_count: 2, custom_order_count: 2 });
    const second = await quote(`&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.data.map((l: { area_code: string }) => l.area_code)).toEqual(['512', '415']);
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null, matched_count: 2, custom_order_count: 2 });
    expect((await h.call('GET', '/v4/channels/native/available?type=dedicated&area_code=212&limit=0', { token: org.primary })).status).toBe(400);
  });

  it('rejects bad area codes, and area codes on shared', async () => {
    expect((await h.call('GET', '/v4/channels/native/available?type=dedicated&area_code=41', { token: org.primary })).status).toBe(400);
    expect((await h.call('GET', '/v4/channels/native/available?area_code=415', { token: org.primary })).status).toBe(400);
  });

  it('needs the feature (403) and numbers:read for app tokens (403)', async () => {
    const off = await h.newOrg({ plan: { number_purchase_enabled: false } });
    expect((await h.call('GET', '/v4/channels/native/available', { token: off.primary })).status).toBe(403);
    expect((await h.call('GET', '/v4/channels/native/available', { token: org.token(['numbers:manage']) })).status).toBe(403);
    expect((await h.call('GET', '/v4/channels/native/available', { token: org.token(['numbers:read']) })).status).toBe(200);
  });
});

describe('purchases', () => {
  it('requires Idempotency-Key', async () => {
    expect((await purchase(org, { plan: 'dedicated_com' }, null)).status).toBe(400);
  });

  it('refusals name a malformed plan or quantity only when it is a plain value', async () => {
    const plan = await purchase(org, { plan: { nested: ['dedicated_com'] } }, 'echo-plan');
    expect([plan.status, plan.body.error.code, plan.body.error.details.plan]).toEqual([400, 'invalid_plan', null]);
    expect((await purchase(org, { plan: 'dedicated' }, 'echo-plan')).body.error.details.plan).toBe('dedicated');
    const quantity = await purchase(org, { plan: 'dedicated_com', quantity: [[2]] }, 'echo-quantity');
    expect([quantity.status, quantity.body.error.code, quantity.body.error.details.quantity]).toEqual([400, 'invalid_quantity', null]);
    expect((await purchase(org, { plan: 'dedicated_com', quantity: 0 }, 'echo-quantity')).body.error.details.quantity).toBe(0);
  });

  // Section 4: "replaying the same key returns the same purchase", whatever the organization's state became.
  it('a replay returns the stored purchase after the line cap was lowered or the feature switched off', async () => {
    const o = await h.newOrg();
    const first = await purchase(o, { plan: 'dedicated_com', quantity: 5 }, 'replay-key');
    expect(first.status).toBe(202);
    await h.control('PATCH', `/organizations/${o.id}/plan`, { purchase_line_cap: 2 });
    const capped = await purchase(o, { plan: 'dedicated_com', quantity: 5 }, 'replay-key');
    expect([capped.status, capped.body.data?.purchase_id]).toEqual([202, first.body.data.purchase_id]);
    await h.control('PATCH', `/organizations/${o.id}/plan`, { number_purchase_enabled: false });
    const off = await purchase(o, { plan: 'dedicated_com', quantity: 5 }, 'replay-key');
    expect([off.status, off.body.data?.purchase_id]).toEqual([202, first.body.data.purchase_id]);
    // A new key is judged by the current state, and one charge was made in all.
    expect((await purchase(o, { plan: 'dedicated_com', quantity: 5 }, 'new-key')).status).toBe(403);
    expect((await h.control('GET', `/organizations/${o.id}/charges`)).body.data).toHaveLength(1);
  });

  it('a refused request is not remembered: a retry with its key is judged afresh', async () => {
    const o = await h.newOrg({ plan: { payment_method: 'absent' } });
    expect((await purchase(o, { plan: 'dedicated_com' }, 'retry-key')).status).toBe(402);
    await h.control('PATCH', `/organizations/${o.id}/plan`, { payment_method: 'valid' });
    expect((await purchase(o, { plan: 'dedicated_com' }, 'retry-key')).status).toBe(202);
  });

  it('concurrent requests with one key make one purchase and one charge', async () => {
    const o = await h.newOrg();
    const answers = await Promise.all(Array.from({ length: 8 }, () => purchase(o, { plan: 'dedicated_com', quantity: 2 }, 'same-key')));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([202]));
    expect(new Set(answers.map((a) => a.body.data.purchase_id)).size).toBe(1);
    expect(answers[0]!.body.data).toMatchObject({ status: 'provisioning', action_url: null });
    const charges = await h.control('GET', `/organizations/${o.id}/charges`);
    expect(charges.body.data).toEqual([{ purchase_id: answers[0]!.body.data.purchase_id, idempotency_key: 'same-key' }]);
  });

  it('provisioning -> completed on confirm, with allocations and number.purchase.completed', async () => {
    const o = await h.newOrg();
    const created = await purchase(o, { plan: 'dedicated_com', quantity: 2, area_codes: ['415'] }, 'c1');
    const id = created.body.data.purchase_id;
    const polled = await h.call('GET', `/v4/channels/native/purchases/${id}`, { token: o.primary });
    expect(polled.body.data).toMatchObject({ purchase_id: id, status: 'pending', allocations: [] });
    expect((await h.control('POST', `/organizations/${o.id}/purchases/${id}/confirm`)).body.data.status).toBe('completed');
    const done = await h.call('GET', `/v4/channels/native/purchases/${id}`, { token: o.primary });
    expect(done.body.data.status).toBe('completed');
    expect(done.body.data.allocations).toHaveLength(2);
    expect((await h.control('GET', `/organizations/${o.id}/events?type=number.purchase.completed`)).body.data).toHaveLength(1);
    expect((await h.control('POST', `/organizations/${o.id}/purchases/${id}/fail`)).status).toBe(409);
  });

  it('provisioning -> failed with number.purchase.failed', async () => {
    const o = await h.newOrg();
    const id = (await purchase(o, { plan: 'inbound_basic' }, 'f1')).body.data.purchase_id;
    await h.control('POST', `/organizations/${o.id}/purchases/${id}/fail`);
    expect((await h.call('GET', `/v4/channels/native/purchases/${id}`, { token: o.primary })).body.data.status).toBe('failed');
    expect((await h.control('GET', `/organizations/${o.id}/events?type=number.purchase.failed`)).body.data).toHaveLength(1);
  });

  it('3DS: action_required with action_url and its event', async () => {
    const o = await h.newOrg({ plan: { payment_method: 'requires_3ds' } });
    const answer = await purchase(o, { plan: 'dedicated_ent' }, 'sca');
    expect(answer.status).toBe(202);
    expect(answer.body.data.status).toBe('action_required');
    expect(answer.body.data.action_url).toMatch(/^https:\/\//);
    expect((await h.control('GET', `/organizations/${o.id}/events?type=number.purchase.action_required`)).body.data).toHaveLength(1);
  });

  it('shared plans are always one line; a second shared line is refused', async () => {
    const o = await h.newOrg({ with_channels: false });
    const first = await purchase(o, { plan: 'shared_com', quantity: 5 }, 'sh1');
    expect(first.status).toBe(202);
    expect((await purchase(o, { plan: 'shared_nc' }, 'sh2')).status).toBe(409);
  });

  it('app tokens need numbers:manage to buy and numbers:read to poll', async () => {
    expect((await purchase(org, { plan: 'dedicated_com' }, 'tok', org.token(['numbers:read']))).status).toBe(403);
    const ok = await purchase(org, { plan: 'dedicated_com' }, 'tok', org.token(['numbers:manage']));
    expect(ok.status).toBe(202);
    expect((await h.call('GET', `/v4/channels/native/purchases/${ok.body.data.purchase_id}`, { token: org.token(['numbers:manage']) })).status).toBe(403);
    expect((await h.call('GET', '/v4/channels/native/purchases/pur_unknown1', { token: org.primary })).status).toBe(404);
    expect((await h.call('GET', '/v4/channels/native/purchases/bogus', { token: org.primary })).status).toBe(400);
  });
});
