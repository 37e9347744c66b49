// Contacts over HTTP: list modes, filters, soft delete, merge with its event, identities.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type Org } from '../../test-helpers.js';

let h: Harness;
let org: Org;
const post = (body: unknown) => h.call('POST', '/v4/contacts', { token: org.primary, body });
const list = (query: string) => h.call('GET', `/v4/contacts?${query}`, { token: org.primary });

beforeAll(async () => {
  h = await startHarness();
  org = await h.newOrg();
  await post({ name: 'alice', phone: '+15550000001', tags: ['VIP'] });
  await post({ name: 'Bob', email: 'bob@example.com' });
  await post({ name: 'carol', phone: '+15550000003', tags: ['vip', 'late'] });
});
afterAll(() => h.close());

describe('list modes', () => {
  it('cursor pagination by default walks every contact once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status).toBe(200);
      expect(answer.body.pagination).toBeUndefined();
      seen.push(...answer.body.data.map((c: { id: string }) => c.id));
      cursor = answer.body.next_cursor;
      expect(answer.body.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(new Set(seen).size).toBe(3);
  });

  it('q, tag, sort, filter and offset switch to offset pagination', async () => {
    for (const query of ['offset=0', 'q=a', 'tag=vip', 'sort=oldest', 'filter=none']) {
      const answer = await list(query);
      expect(answer.status, query).toBe(200);
      expect(answer.body.pagination, query).toMatchObject({ limit: expect.any(Number), offset: expect.any(Number), total: expect.any(Number) });
    }
  });

  it('an offset that is not a safe integer is refused (the pagination fields are integers)', async () => {
    const answer = await list(`offset=${'9'.repeat(400)}`);
    expect([answer.status, answer.body.error?.code]).toEqual([400, 'invalid_offset']);
  });

  it('offset cannot be combined with cursor', async () => {
    expect((await list('offset=1&cursor=abc')).status).toBe(400);
  });

  it('q and tag are case-insensitive', async () => {
    expect((await list('q=ALICE')).body.data.map((c: { name: string }) => c.name)).toEqual(['alice']);
    expect((await list('tag=VIP')).body.pagination.total).toBe(2);
    expect((await list('q=EXAMPLE.COM')).body.data[0].name).toBe('Bob');
  });

  it('sorts by name both ways and rejects unknown values', async () => {
    expect((await list('sort=name_asc')).body.data.map((c: { name: string }) => c.name)).toEqual(['alice', 'Bob', 'carol']);
    expect((await list('sort=name_desc')).body.data.map((c: { name: string }) => c.name)).toEqual(['carol', 'Bob', 'alice']);
    expect((await list('sort=sideways')).status).toBe(400);
    expect((await list('filter=everything')).status).toBe(400);
  });

  it('filters by tags and by identifier', async () => {
    expect((await list('filter=no_tags')).body.data.map((c: { name: string }) => c.name)).toEqual(['Bob']);
    expect((await list('filter=has_tags')).body.pagination.total).toBe(2);
    const byId = await list(`identifier=${encodeURIComponent('BOB@example.com')}`);
    expect(byId.body.data.map((c: { name: string }) => c.name)).toEqual(['Bob']);
    expect(byId.body.pagination).toBeUndefined();
  });

  it('offset and limit slice the filtered list', async () => {
    const answer = await list('sort=oldest&offset=1&limit=1');
    expect(answer.body.data.map((c: { name: string }) => c.name)).toEqual(['Bob']);
    expect(answer.body.pagination).toEqual({ limit: 1, offset: 1, total: 3 });
  });
});

describe('soft delete', () => {
  it('removes the contact and frees its identities', async () => {
    const c = await post({ name: 'temp', phone: '+15550000077' });
    const del = await h.call('DELETE', `/v4/contacts/${c.body.data.id}`, { token: org.primary });
    expect(del.body).toEqual({ data: { id: c.body.data.id, deleted: true } });
    expect((await h.call('GET', `/v4/contacts/${c.body.data.id}`, { token: org.primary })).status).toBe(404);
    expect((await list('identifier=%2B15550000077')).body.data).toEqual([]);
    expect((await post({ phone: '+15550000077' })).status).toBe(201);
  });
});

describe('merge', () => {
  it('tombstones the source, re-parents identities, unions tags, falls back to the source name, emits contact.merged', async () => {
    const survivor = (await post({ phone: '+15550000100', tags: ['a'] })).body.data;
    const source = (await post({ name: 'Src', email: 'src@example.com', tags: ['A', 'b'] })).body.data;
    const merged = await h.call('POST', `/v4/contacts/${survivor.id}/merge`, { token: org.primary, body: { source_contact_id: source.id } });
    expect(merged.status).toBe(200);
    expect(merged.body.data.name).toBe('Src');
    expect(merged.body.data.tags).toEqual(['a', 'b']);
    expect(merged.body.data.identities.map((i: { identifier: string }) => i.identifier).sort()).toEqual(['+15550000100', 'src@example.com']);
    const tombstone = await h.call('GET', `/v4/contacts/${source.id}`, { token: org.primary });
    expect(tombstone.body.data.merged_into).toBe(survivor.id);
    const events = await h.control('GET', `/organizations/${org.id}/events?type=contact.merged`);
    expect(events.body.data.at(-1).data).toMatchObject({ contact_id: survivor.id, source_contact_id: source.id });
    const again = await h.call('POST', `/v4/contacts/${survivor.id}/merge`, { token: org.primary, body: { source_contact_id: source.id } });
    expect(again.status).toBe(200);
    expect((await h.control('GET', `/organizations/${org.id}/events?type=contact.merged`)).body.data).toHaveLength(events.body.data.length);
  });

  it('keeps the survivor name when it has one, and rejects malformed and missing ids', async () => {
    const survivor = (await post({ name: 'Keep' })).body.data;
    const source = (await post({ name: 'Lose' })).body.data;
    const merged = await h.call('POST', `/v4/contacts/${survivor.id}/merge`, { token: org.primary, body: { source_contact_id: source.id } });
    expect(merged.body.data.name).toBe('Keep');
    expect((await h.call('POST', `/v4/contacts/${survivor.id}/merge`, { token: org.primary, body: { source_contact_id: 'nope' } })).status).toBe(400);
    expect((await h.call('POST', `/v4/contacts/${survivor.id}/merge`, { token: org.primary, body: {} })).status).toBe(422);
    expect((await h.call('POST', `/v4/contacts/${survivor.id}/merge`, { token: org.primary, body: { source_contact_id: 'ct_missing1' } })).status).toBe(404);
  });
});

describe('identities', () => {
  it('lists, attaches and renames in place (name also renames the contact)', async () => {
    const c = (await post({ name: 'Ident' })).body.data;
    const attached = await h.call('POST', `/v4/contacts/${c.id}/identities`, { token: org.primary, body: { email: 'id@example.com', channel_type: 'native' } });
    expect(attached.status).toBe(201);
    expect(attached.body.data.id).toMatch(/^cid_/);
    const renamed = await h.call('PATCH', `/v4/contacts/${c.id}/identities/${attached.body.data.id}`, { token: org.primary, body: { name: 'Work' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: attached.body.data.id, name: 'Work' });
    expect((await h.call('GET', `/v4/contacts/${c.id}`, { token: org.primary })).body.data.name).toBe('Work');
    const page = await h.call('GET', `/v4/contacts/${c.id}/identities`, { token: org.primary });
    expect(page.body).toMatchObject({ data: [expect.objectContaining({ id: attached.body.data.id })], has_more: false, next_cursor: null });
  });
});

describe('merge tombstones are read-only', () => {
  it('attaching an identity (409), renaming (422) and changing an identity (409) are refused with contact_already_merged', async () => {
    const survivor = (await post({ name: 'Stays' })).body.data;
    const source = (await post({ name: 'Goes', phone: '+15550000201' })).body.data;
    await h.call('POST', `/v4/contacts/${survivor.id}/merge`, { token: org.primary, body: { source_contact_id: source.id } });
    const attach = await h.call('POST', `/v4/contacts/${source.id}/identities`, { token: org.primary, body: { phone: '+15550000202' } });
    expect([attach.status, attach.body.error?.code]).toEqual([409, 'contact_already_merged']);
    // The refused identity belongs to no one: a contact may still be created with it.
    expect((await post({ phone: '+15550000202' })).status).toBe(201);
    const rename = await h.call('PATCH', `/v4/contacts/${source.id}`, { token: org.primary, body: { name: 'Renamed' } });
    expect([rename.status, rename.body.error?.code]).toEqual([422, 'contact_already_merged']);
    expect((await h.call('GET', `/v4/contacts/${source.id}`, { token: org.primary })).body.data).toMatchObject({ name: 'Goes', merged_into: survivor.id });
    const moved = (await h.call('GET', `/v4/contacts/${survivor.id}`, { token: org.primary })).body.data.identities[0].id;
    const change = await h.call('PATCH', `/v4/contacts/${source.id}/identities/${moved}`, { token: org.primary, body: { name: 'x' } });
    expect([change.status, change.body.error?.code]).toEqual([409, 'contact_already_merged']);
  });

  it('a malformed source_contact_id is not echoed unless it is a string', async () => {
    const survivor = (await post({ name: 'Echo' })).body.data;
    const merge = (source: unknown) => h.call('POST', `/v4/contacts/${survivor.id}/merge`, { token: org.primary, body: { source_contact_id: source } });
    const nested = await merge({ id: { id: 'ct_x' } });
    expect([nested.status, nested.body.error.details.source_contact_id]).toEqual([400, null]);
    expect((await merge('nope')).body.error.details.source_contact_id).toBe('nope');
  });
});

describe('identity writes', () => {
  it('a refused attach leaves the contact updated_at as it was', async () => {
    const owner = (await post({ name: 'Owner', phone: '+15550000301' })).body.data;
    const other = (await post({ name: 'Other' })).body.data;
    await h.control('POST', `/organizations/${org.id}/clock/advance`, { milliseconds: 60_000 });
    const refused = await h.call('POST', `/v4/contacts/${other.id}/identities`, { token: org.primary, body: { phone: owner.identities[0].identifier } });
    expect(refused.status).toBe(409);
    expect((await h.call('GET', `/v4/contacts/${other.id}`, { token: org.primary })).body.data.updated_at).toBe(other.updated_at);
  });

  it('changing an identity value follows the creation rule: another channel type is no duplicate', async () => {
    await post({ name: 'Sms side', phone: '+15550000401', channel_type: 'sms_provider' });
    const c = (await post({ name: 'Native side', phone: '+15550000402', channel_type: 'native' })).body.data;
    const patch = (body: unknown) => h.call('PATCH', `/v4/contacts/${c.id}/identities/${c.identities[0].id}`, { token: org.primary, body });
    // What creation allows (same value, another channel type) the change allows too ...
    expect((await post({ phone: '+15550000401', channel_type: 'whatsapp' })).status).toBe(201);
    const changed = await patch({ phone: '+15550000401' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ identifier: '+15550000401', channel_type: 'native' });
    // ... and what creation refuses (same value on the same channel type, or without one) it refuses.
    expect((await patch({ phone: '+15550000401', channel_type: 'sms_provider' })).status).toBe(409);
    await post({ name: 'Untyped', phone: '+15550000403' });
    expect((await patch({ phone: '+15550000403' })).status).toBe(409);
  });
});
