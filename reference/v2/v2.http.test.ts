// HTTP tests of the v2 quick-reference endpoints: flat errors, 503 without an active number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, type Fixture } from '../messaging/test-kit.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await fixture();
});
afterAll(() => fx.close());

const flat = (status: number) => ({ status, error: expect.any(String), message: expect.any(String) });

describe('v2 messages', () => {
  it('queues a send with 202 and reports its status and protocol', async () => {
    const sent = await fx.v2('POST', `/chats/${encodeURIComponent('+14155556001')}/messages`, { text: 'hello' });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ message_id: expect.stringMatching(/^msg_/), status: 'queued' });
    const status = await fx.v2('GET', `/chats/${encodeURIComponent('+14155556001')}/messages/${sent.body.message_id}/status`);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ message_id: sent.body.message_id, status: 'queued', protocol: 'imessage' });
  });

  it('answers unknown messages and invalid bodies with the flat error body', async () => {
    const missing = await fx.v2('GET', `/chats/${encodeURIComponent('+14155556001')}/messages/msg_unknown/status`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject(flat(404));
    const empty = await fx.v2('POST', `/chats/${encodeURIComponent('+14155556002')}/messages`, {});
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ ...flat(422), code: 'validation_error' });
  });

  it('takes reactions with + and - prefixes only', async () => {
    const sent = await fx.v2('POST', `/chats/${encodeURIComponent('+14155556003')}/messages`, { text: 'react to me' });
    const path = `/chats/${encodeURIComponent('+14155556003')}/messages/${sent.body.message_id}/reactions`;
    expect((await fx.v2('POST', path, { reaction: '+love' })).status).toBe(200);
    expect((await fx.v2('POST', path, { reaction: '-love' })).status).toBe(200);
    expect((await fx.v2('POST', path, { reaction: 'love' })).status).toBe(422);
  });

  it('starts typing and marks read', async () => {
    expect((await fx.v2('POST', `/chats/${encodeURIComponent('+14155556003')}/typing`)).status).toBe(200);
    expect((await fx.v2('POST', `/chats/${encodeURIComponent('+14155556003')}/read`)).status).toBe(200);
  });
});

describe('v2 contacts, groups, numbers', () => {
  it('lists contacts with offset pagination', async () => {
    for (const i of [1, 2, 3]) expect((await fx.v2('POST', '/contacts', { identifier: `+1415555710${i}`, name: `Person ${i}` })).status).toBe(200);
    const page = await fx.v2('GET', '/contacts?limit=2&offset=1');
    expect(page.status).toBe(200);
    expect(page.body.contacts).toHaveLength(2);
    expect(page.body.pagination).toMatchObject({ limit: 2, offset: 1 });
    expect(page.body.pagination.total).toBeGreaterThanOrEqual(3);
  });

  it('refuses a duplicate contact with a flat 409', async () => {
    const dup = await fx.v2('POST', '/contacts', { identifier: '+14155557101', name: 'Again' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject(flat(409));
  });

  it('reports capabilities of a contact', async () => {
    const created = await fx.v2('POST', '/contacts', { identifier: 'ada@example.com', name: 'Ada' });
    const caps = await fx.v2('GET', `/contacts/${created.body.id}/capabilities`);
    expect(caps.body).toEqual({ capabilities: { imessage: true, sms: false } });
  });

  it('creates and lists groups', async () => {
    const group = await fx.v2('POST', '/groups', { name: 'Team', members: ['+14155557201', '+14155557202'] });
    expect(group.body.group_id).toMatch(/^grp_/);
    const list = await fx.v2('GET', '/groups?limit=10&offset=0');
    expect(list.body.groups.map((g: { group_id: string }) => g.group_id)).toContain(group.body.group_id);
    const sent = await fx.v2('POST', `/chats/${group.body.group_id}/messages`, { text: 'hi team' });
    expect(sent.status).toBe(202);
  });

  it('lists the numbers available to the key', async () => {
    const numbers = await fx.v2('GET', '/me/numbers');
    expect(numbers.status).toBe(200);
    for (const item of numbers.body.numbers) {
      expect(item).toEqual({ phone_number: expect.any(String), is_active: true, last_active: item.last_active, plan_kind: expect.stringMatching(/^(shared|dedicated|inbound)$/) });
    }
  });
});

describe('an organization without an active number', () => {
  it('answers 503 to sends, with the flat body', async () => {
    const empty = await fixture({}, { with_channels: false });
    try {
      const res = await empty.v2('POST', `/chats/${encodeURIComponent('+14155556001')}/messages`, { text: 'hello' });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject(flat(503));
      expect((await empty.v2('GET', '/me/numbers')).body).toEqual({ numbers: [] });
    } finally {
      await empty.close();
    }
  });
});
