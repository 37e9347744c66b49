// Pagination properties (section 4: list responses `{data, has_more, next_cursor}` with `limit` and
// `cursor`; contacts' offset mode with `pagination: {limit, offset, total}`): for any data set and any
// `limit`, walking the pages yields every item exactly once, has_more true comes with a next_cursor,
// and offset mode reports one consistent total. Page sizes and cursor formats are never assumed. Here each
// walk is of a set of the check's own (its tag, its contact, its key); the walks of a whole organization's
// listing are in organization-lists.listing.test.ts.
import fc from 'fast-check';
import { CheckFailure, check, path } from '../../harness/check/index.js';
import { Contacts, type Contact, type Identity } from '../_shared/contacts.js';
import { ownKey } from '../_shared/api-keys.js';
import { assertEachOnce, walkCursor, walkOffset } from '../_shared/pages.js';
import { createPriority, idOf } from '../_shared/priorities.js';
import { flipCase, uniqueEmail, uniqueToken } from '../_shared/values.js';

const area = 'pagination';

// Caught by: contacts.list.no-pagination-block.
check(
  {
    area,
    name: 'offset-walk-has-consistent-total',
    title: 'for any tagged set and any limit, offset mode reports the same total on every page, equal to the items walked',
    clauses: ['contacts.list.offset-mode', 'contacts.list.tag-case-insensitive'],
    timeoutMs: 120_000,
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    await t.assertProperty(
      fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 7 }), async (count, limit) => {
        const tag = uniqueToken();
        const created: string[] = [];
        // Every other contact spells the tag in another case: the filter must count them all.
        for (let i = 0; i < count; i++) created.push((await contacts.create({ name: `Offset ${i}`, tags: [i % 2 === 0 ? tag : flipCase(tag)] })).id);
        const walk = await walkOffset<Contact>(contacts.client, '/contacts', { tag }, limit, count + 2);
        const totals = [...new Set(walk.totals)];
        if (totals.length !== 1 || totals[0] !== count) {
          throw new CheckFailure(`GET /contacts?tag=... with limit=${limit}: pagination.total is not the size of the set`, `total ${count} on every page`, `totals ${JSON.stringify(walk.totals)}`);
        }
        assertEachOnce(walk.items.map((c) => c.id), created, true, `offset walk of ${count} tagged contacts with limit=${limit}`);
      }),
      { numRuns: 8 },
    );
  },
);

// Fault: pagination.identities-skip.
check(
  {
    area,
    name: 'identity-walk-yields-each-identity-once',
    title: "for any number of identities and any limit, walking a contact's identities yields each exactly once",
    clauses: ['identities.list.page', 'envelope.list.cursor-page'],
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    const walkOnce = async (count: number, limit: number) => {
      const contact = await contacts.create({ name: `Many faces ${uniqueToken(4)}` });
      const attached: string[] = [];
      for (let i = 0; i < count; i++) attached.push((await contacts.attach(contact.id, { kind: 'email', value: uniqueEmail() })).id);
      const walk = await walkCursor<Identity>(contacts.client, path`/contacts/${contact.id}/identities`, {}, limit, count + 2);
      assertEachOnce(walk.items.map((i) => i.id), attached, true, `identities of a contact with ${count} identities, limit=${limit}`);
    };
    // Several pages always get walked once; the property adds any count and limit.
    await walkOnce(3, 1);
    await t.assertProperty(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 6 }), walkOnce),
      { numRuns: 5 },
    );
  },
);

// Fault: pagination.priorities-skip.
check(
  {
    area,
    name: 'priority-walk-yields-each-priority-once',
    title: "for any number of priorities and any limit, walking a key's GET /priorities yields each exactly once",
    clauses: ['priorities.list.owned-by-key', 'envelope.list.cursor-page'],
    needs: ['fresh-key'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const line = fx.channels.find((c) => c.kind === 'native-dedicated');
    const source = line ? async () => line.id : undefined;
    await t.assertProperty(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 4 }), async (count, limit) => {
        // A key of its own: the priorities listed are those of the calling key (section 4).
        const v4 = fx.v4(await ownKey(t, fx));
        const created: string[] = [];
        for (let i = 0; i < count; i++) created.push(idOf(await createPriority(v4, { name: `walk ${i} ${uniqueToken(4)}`, is_default: false, channels: [] }, source)));
        const walk = await walkCursor<{ id: string }>(v4, '/priorities', {}, limit, count + 2);
        assertEachOnce(walk.items.map((p) => p.id), created, true, `GET /priorities of ${count} priorities with limit=${limit}`);
      }),
      { numRuns: 5 },
    );
  },
);

// Fault: contacts.list.sort-per-page.
check(
  {
    area,
    name: 'sorted-walk-keeps-the-order-across-pages',
    title: 'for any set of names and any limit, sort=name_asc (and name_desc) walked page by page lists the names in order across pages',
    clauses: ['contacts.list.sort-values', 'contacts.list.offset-mode'],
    timeoutMs: 120_000,
  },
  async (t) => {
    const contacts = new Contacts((await t.fixtures()).v4(), t);
    await t.assertProperty(
      fc.asyncProperty(fc.shuffledSubarray([...'bcdfghjkmnpqrstvwxz'], { minLength: 3, maxLength: 6 }), fc.integer({ min: 1, max: 3 }), async (letters, limit) => {
        const tag = uniqueToken();
        // Names told apart by a distinct lowercase ASCII first letter: every collation orders them alike.
        for (const letter of letters) await contacts.create({ name: `${letter} walker ${tag}`, tags: [tag] });
        const sorted = [...letters].sort();
        for (const [sort, expected] of [['name_asc', sorted], ['name_desc', [...sorted].reverse()]] as const) {
          const walk = await walkOffset<Contact>(contacts.client, '/contacts', { tag, sort }, limit, letters.length + 2);
          const got = walk.items.map((c) => (c.name ?? '?').charAt(0));
          if (got.join('') !== expected.join('')) {
            throw new CheckFailure(`GET /contacts?sort=${sort} with limit=${limit}: the names are not in order across pages`, expected.join(' '), got.join(' '));
          }
        }
      }),
      { numRuns: 5 },
    );
  },
);
