// Pagination properties (section 4: list responses `{data, has_more, next_cursor}` with `limit` and
// `cursor`; contacts' offset mode with `pagination: {limit, offset, total}`): for any data set and any
// `limit`, walking the pages yields every item exactly once, has_more true comes with a next_cursor,
// and offset mode reports one consistent total. Page sizes and cursor formats are never assumed.
import fc from 'fast-check';
import { CheckFailure, check, path, tokenNeed, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { Contacts, type Contact, type Identity } from '../_shared/contacts.js';
import { ownKey } from '../_shared/api-keys.js';
import { availablePath, ensurePurchaseFeature, pickAreaCodes, seedStock } from '../_shared/numbers.js';
import { assertWalksLikeOnePage, defaultPageWalk, duplicates, walkCursor, walkOffset, walkWhileStable } from '../_shared/pages.js';
import { createPriority, idOf } from '../_shared/priorities.js';
import { flipCase, uniqueEmail, uniqueToken } from '../_shared/values.js';

const area = 'pagination';

/** Every id of `expected` exactly once in `seen`, nothing twice, and (when `exact`) nothing else. */
function assertEachOnce(seen: readonly string[], expected: readonly string[], exact: boolean, what: string): void {
  const twice = duplicates(seen);
  if (twice.length > 0) throw new CheckFailure(`${what}: items seen on more than one page`, 'each item exactly once', `repeated: ${twice.join(', ')}`);
  const missing = expected.filter((id) => !seen.includes(id));
  if (missing.length > 0) throw new CheckFailure(`${what}: items never seen`, 'each item exactly once', `missing: ${missing.join(', ')} (seen ${seen.length})`);
  const extra = exact ? seen.filter((id) => !expected.includes(id)) : [];
  if (extra.length > 0) throw new CheckFailure(`${what}: items that are not in the data set`, `exactly ${expected.length} items`, `extra: ${extra.join(', ')}`);
}

/** An organization with nothing in it when the control API can make one, else the file's (shared) one. */
async function emptyOrFileOrganization(t: CheckContext): Promise<{ fx: Fixtures; exact: boolean }> {
  if (t.hasControl) return { fx: await t.freshOrganization({ with_channels: false }), exact: true };
  return { fx: await t.fixtures(), exact: false };
}

// Caught by: contacts.list.cursor-stops-early.
check(
  {
    area,
    name: 'cursor-walk-yields-each-contact-once',
    title: 'for any number of contacts and any limit, following next_cursor through GET /contacts yields each contact exactly once',
    clauses: ['envelope.list.cursor-page', 'contacts.list.cursor-default'],
    timeoutMs: 120_000,
  },
  async (t) => {
    await t.assertProperty(
      fc.asyncProperty(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 9 }), async (count, limit) => {
        const { fx, exact } = await emptyOrFileOrganization(t);
        const contacts = new Contacts(fx.v4(), t);
        const created: string[] = [];
        for (let i = 0; i < count; i++) created.push((await contacts.create({ name: `Walker ${i} ${uniqueToken(4)}` })).id);
        const what = `GET /contacts with limit=${limit} over ${count} contacts`;
        if (exact) {
          const walk = await walkCursor<Contact>(contacts.client, '/contacts', {}, limit, count + 2);
          assertEachOnce(walk.items.map((c) => c.id), created, true, what);
          return;
        }
        // The configured organization is shared with checks that add, merge and delete contacts meanwhile: a
        // walk is judged against a full listing that held still around it (AMBIGUITIES v4 61), which must
        // hold the contacts made here.
        const ids = async (pageLimit: number | undefined) => (await walkCursor<Contact>(contacts.client, '/contacts', {}, pageLimit, defaultPageWalk)).items.map((c) => c.id);
        const { seen, set } = await walkWhileStable(() => ids(undefined), () => ids(limit), what);
        assertEachOnce(set, created, false, `GET /contacts at its default page size after creating ${count} contacts`);
        assertEachOnce(seen, set, true, what);
      }),
      // Each run in a shared organization walks all of it, more than once: fewer runs there.
      { numRuns: t.hasControl ? 8 : 3 },
    );
  },
);

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

// Fault: pagination.channels-skip.
check(
  {
    area,
    name: 'channel-walk-yields-each-channel-once',
    title: 'for any limit, walking GET /channels yields the same channels, each exactly once',
    clauses: ['channels.list.page-of-channels', 'envelope.list.cursor-page'],
  },
  async (t) => {
    const fx = await t.fixtures();
    // Which channels a key lists is not shown (all of the organization's or its own): the full listing is the
    // data set, and every limit must walk the same set.
    const fullPages = fx.source === 'control' ? fx.channels.length + 2 : 500;
    const idOfChannel = (item: unknown) => String((item as { id?: unknown }).id);
    await assertWalksLikeOnePage(t, fx.v4(), '/channels', {}, { keyOf: idOfChannel, fullPages, numRuns: 5 });
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

// Fault: pagination.api-keys-skip.
check(
  {
    area,
    name: 'api-key-walk-yields-each-key-once',
    title: 'for any limit, walking GET /api-keys yields the same keys, each exactly once',
    clauses: ['apikeys.list.keys', 'envelope.list.cursor-page'],
    needs: [tokenNeed({ with: ['apikeys:read'] })],
  },
  async (t) => {
    const fx = await t.fixtures();
    // How many keys an organization has is the target's: the full listing is the data set.
    const keyOf = (item: unknown) => {
      const key = item as { api_key?: unknown; id?: unknown };
      return String(key.api_key ?? key.id);
    };
    await assertWalksLikeOnePage(t, fx.v4(fx.appToken({ with: ['apikeys:read'] })), '/api-keys', {}, { keyOf, numRuns: 5 });
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

// Fault: pagination.available-skip.
check(
  {
    area,
    name: 'available-number-walk-yields-each-row-once',
    title: 'for any limit, walking GET /channels/native/available (browse mode) yields the rows one page lists, each as often',
    clauses: ['channels.available.browse-or-quote', 'envelope.list.cursor-page'],
    needs: ['browsing-organization'],
  },
  async (t) => {
    const fx = await t.fixtures();
    if (!(await ensurePurchaseFeature(t, fx))) t.notVerifiable("needs the number purchase feature on (the config file's fixtures.plan.number_purchase_enabled)");
    // Stock of the check's making where the control API can stock; else the organization's own, which other
    // checks may buy from meanwhile (each walk is judged against a listing that held still around it).
    const stocks = fx.controlOffers('seedInventory');
    if (stocks) await seedStock(fx, 'dedicated', pickAreaCodes(1)[0] ?? '415', 5);
    // Rows are masked and carry no id: two rows may read the same, so rows are compared as a multiset.
    await assertWalksLikeOnePage(t, fx.v4(), availablePath, { type: 'dedicated' }, { maxLimit: 6, numRuns: 4, made: stocks ? 'after stocking 5 dedicated numbers' : "of the organization's own dedicated stock" });
  },
);
