// Channels over HTTP: list filters, selectors, capabilities, settings rules, profile, removal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type Org } from '../../test-helpers.js';

let h: Harness;
let org: Org;

beforeAll(async () => {
  h = await startHarness();
  org = await h.newOrg();
});
afterAll(() => h.close());

const get = (path: string) => h.call('GET', path, { token: org.primary });

describe('read', () => {
  it('lists with type filter and cursor pages', async () => {
    const natives = await get('/v4/channels?type=native');
    expect(natives.body.data.every((c: { type: string }) => c.type === 'native')).toBe(true);
    expect(natives.body.data).toHaveLength(4);
    expect((await get('/v4/channels?status=active')).body.data).toHaveLength(8);
    expect((await get('/v4/channels?status=paused')).body.data).toHaveLength(0);
    expect((await get('/v4/channels?type=fax')).status).toBe(400);
    const first = await get('/v4/channels?limit=5');
    expect(first.body).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    const second = await get(`/v4/channels?limit=5&cursor=${first.body.next_cursor}`);
    expect(second.body.data).toHaveLength(3);
    expect(second.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('resolves a channel by id, %2B-encoded number and alias', async () => {
    const ch = org.channel('native-dedicated');
    for (const selector of [ch.id, encodeURIComponent(ch.address), ch.alias!]) {
      const answer = await get(`/v4/channels/${selector}`);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ id: ch.id, type: 'native', address: ch.address, status: 'active' });
      expect(answer.body.data.capabilities).toMatchObject({ protocols: expect.any(Array), content: expect.any(Array) });
    }
  });

  it('capabilities report actions and interactive features', async () => {
    const answer = await get(`/v4/channels/${org.channel('amb').id}/capabilities`);
    expect(answer.body.data).toMatchObject({ channel_id: org.channel('amb').id, type: 'amb' });
    expect(answer.body.data.capabilities).toHaveProperty('actions');
    expect(answer.body.data.capabilities).toHaveProperty('interactive');
  });
});

describe('settings', () => {
  it('available reflects the line type and the contact card', async () => {
    const available = async (kind: string) => (await get(`/v4/channels/${org.channel(kind).id}/settings`)).body.data.available;
    expect(await available('native-dedicated')).toEqual({ auto_mark_read: true, auto_share_contact: true });
    expect(await available('native-dedicated-nocard')).toEqual({ auto_mark_read: true, auto_share_contact: false });
    expect(await available('native-inbound')).toEqual({ auto_mark_read: true, auto_share_contact: false });
    expect(await available('native-shared')).toEqual({ auto_mark_read: false, auto_share_contact: false });
  });

  it('enables allowed settings and always allows turning off', async () => {
    const ch = org.channel('native-dedicated').id;
    const on = await h.call('PATCH', `/v4/channels/${ch}/settings`, { token: org.primary, body: { auto_mark_read: true, auto_share_contact: true } });
    expect(on.body.data.settings).toEqual({ auto_mark_read: true, auto_share_contact: true });
    const off = await h.call('PATCH', `/v4/channels/${org.channel('native-shared').id}/settings`, { token: org.primary, body: { auto_mark_read: false, auto_share_contact: false } });
    expect(off.status).toBe(200);
  });

  it('a card set up through the account endpoint unlocks auto_share_contact', async () => {
    const ch = org.channel('native-dedicated-nocard');
    await h.call('PUT', `/v4/me/numbers/${encodeURIComponent(ch.address)}/contact-card`, { token: org.primary, body: { first_name: 'Ada' } });
    const on = await h.call('PATCH', `/v4/channels/${ch.id}/settings`, { token: org.primary, body: { auto_share_contact: true } });
    expect(on.status).toBe(200);
  });
});

describe('profile', () => {
  it('partial update; null and empty string clear; returns the channel with profile', async () => {
    const ch = org.channel('sms_provider').id;
    const put = (body: unknown) => h.call('PUT', `/v4/channels/${ch}/profile`, { token: org.primary, body });
    const first = await put({ display_name: 'Acme', about: 'We sell', email: 'hi@acme.test' });
    expect(first.body.data.profile).toEqual({ display_name: 'Acme', about: 'We sell', email: 'hi@acme.test', avatar: null });
    const second = await put({ about: '', email: null });
    expect(second.body.data.profile).toEqual({ display_name: 'Acme', about: null, email: null, avatar: null });
    expect(second.body.data.id).toBe(ch);
    expect((await put({ display_name: 5 })).status).toBe(422);
  });
});

describe('removal', () => {
  it('needs reasons, answers phone_number/channel_id/reasons, emits number.removed, then 404', async () => {
    const o = await h.newOrg();
    const ch = o.channel('native-inbound');
    const path = `/v4/channels/${encodeURIComponent(ch.address)}`;
    expect((await h.call('DELETE', path, { token: o.primary, body: {} })).status).toBe(400);
    expect((await h.call('DELETE', path, { token: o.token(['numbers:read']), body: { reasons: ['x'] } })).status).toBe(403);
    const removed = await h.call('DELETE', path, { token: o.primary, body: { reasons: ['too_expensive'] } });
    expect(removed.body.data).toEqual({ phone_number: ch.address, channel_id: ch.id, reasons: ['too_expensive'] });
    expect((await h.control('GET', `/organizations/${o.id}/events?type=number.removed`)).body.data).toHaveLength(1);
    expect((await h.call('GET', path, { token: o.primary })).status).toBe(404);
  });

  it('refuses channels without a number (rcs, amb) with 400 channel_not_removable, and keeps them', async () => {
    const o = await h.newOrg();
    for (const kind of ['rcs', 'amb']) {
      const ch = o.channel(kind);
      const refused = await h.call('DELETE', `/v4/channels/${ch.id}`, { token: o.primary, body: { reasons: ['x'] } });
      expect([refused.status, refused.body.error.code], kind).toEqual([400, 'channel_not_removable']);
      expect((await h.call('GET', `/v4/channels/${ch.id}`, { token: o.primary })).status, kind).toBe(200);
    }
    expect((await h.control('GET', `/organizations/${o.id}/events?type=number.removed`)).body.data).toHaveLength(0);
  });
});
