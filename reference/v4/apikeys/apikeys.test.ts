// API keys and channel assignment over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type Org } from '../../test-helpers.js';

let h: Harness;
let org: Org;

beforeAll(async () => {
  h = await startHarness();
  org = await h.newOrg();
});
afterAll(() => h.close());

const keyPath = (key: string) => `/v4/api-keys/${encodeURIComponent(key)}`;

describe('keys', () => {
  it('creates with the full key once; lists and gets without it', async () => {
    const created = await h.call('POST', '/v4/api-keys', { token: org.admin, body: { name: 'ci' } });
    expect(created.status).toBe(200);
    const data = created.body.data;
    expect(data).toMatchObject({ name: 'ci', type: null, valid_until: -1, blocked: false, deprecated: false });
    expect(data.api_key).toMatch(/^api_/);
    expect(Number.isInteger(data.created_at)).toBe(true);
    const listed = await h.call('GET', '/v4/api-keys', { token: org.admin });
    expect(JSON.stringify(listed.body)).not.toContain(data.api_key);
    const one = await h.call('GET', keyPath(data.api_key), { token: org.admin });
    expect(one.body.data.name).toBe('ci');
    expect(one.body.data.api_key).not.toBe(data.api_key);
    expect((await h.call('GET', '/v4/me', { token: data.api_key })).status).toBe(200);
  });

  it('needs the right scope', async () => {
    expect((await h.call('GET', '/v4/api-keys', { token: org.token(['apikeys:manage']) })).status).toBe(403);
    expect((await h.call('POST', '/v4/api-keys', { token: org.token(['apikeys:read']), body: { name: 'x' } })).status).toBe(403);
    expect((await h.call('GET', '/v4/api-keys', { token: org.token(['apikeys:read']) })).status).toBe(200);
  });

  it('deprecation stops authentication at once, releases channels, and repeats with the same result', async () => {
    const o = await h.newOrg();
    expect((await h.call('GET', '/v4/me', { token: o.primary })).status).toBe(200);
    const first = await h.call('DELETE', keyPath(o.primary), { token: o.admin });
    expect(first.status).toBe(200);
    expect(first.body.data.deprecated).toBe(true);
    expect((await h.call('GET', '/v4/me', { token: o.primary })).status).toBe(401);
    const again = await h.call('DELETE', keyPath(o.primary), { token: o.admin });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const channels = await h.call('GET', `${keyPath(o.primary)}/channels`, { token: o.admin });
    expect(channels.body.data).toEqual([]);
  });
});

describe('assignment', () => {
  it('sole ownership: reassigned when taken from another key, unchanged when already owned', async () => {
    const o = await h.newOrg();
    const dedicated = o.channel('native-dedicated');
    const toSecondary = await h.call('PUT', `${keyPath(o.secondary)}/channels/${encodeURIComponent(dedicated.address)}`, { token: o.admin });
    expect(toSecondary.status).toBe(200);
    expect(toSecondary.body.data).toMatchObject({ channel_id: dedicated.id, address: dedicated.address, success: true, reassigned: true, unchanged: false });
    expect(toSecondary.body.data.api_key).toMatch(/^api_/);
    expect((await h.call('GET', `${keyPath(o.primary)}/channels`, { token: o.admin })).body.data).toEqual([]);
    const again = await h.call('PUT', `${keyPath(o.secondary)}/channels/${dedicated.id}`, { token: o.admin });
    expect(again.body.data).toMatchObject({ reassigned: false, unchanged: true });
    const byAlias = await h.call('PUT', `${keyPath(o.secondary)}/channels/${dedicated.alias}`, { token: o.admin });
    expect(byAlias.body.data.unchanged).toBe(true);
  });

  it('a fresh line is assigned without reassigned; DELETE unassigns', async () => {
    const o = await h.newOrg();
    const shared = o.channel('native-shared');
    const put = await h.call('PUT', `${keyPath(o.secondary)}/channels/${shared.id}`, { token: o.admin });
    expect(put.body.data).toMatchObject({ reassigned: false, unchanged: false });
    const del = await h.call('DELETE', `${keyPath(o.secondary)}/channels/${shared.id}`, { token: o.admin });
    expect(del.status).toBe(200);
    expect((await h.call('GET', `${keyPath(o.secondary)}/channels`, { token: o.admin })).body.data).toEqual([]);
  });

  it('unknown key or channel -> 404', async () => {
    expect((await h.call('PUT', `${keyPath('api_unknown1')}/channels/${org.channel('native-shared').id}`, { token: org.admin })).status).toBe(404);
    expect((await h.call('PUT', `${keyPath(org.secondary)}/channels/ch_unknown1`, { token: org.admin })).status).toBe(404);
  });
});
