// Pagination properties over an organization's whole listings (section 4: list responses `{data, has_more,
// next_cursor}` with `limit` and `cursor`): for any limit, walking the pages of its contacts, channels, keys and
// numbers for sale yields what one full listing holds, each item once. Other checks add to and remove from
// those listings where they share the organization: a listing file, run after them (suites/vitest.config.ts);
// each walk is still judged against a listing that held still around it (the sandbox moves on by itself).
import fc from 'fast-check';
import { check, tokenNeed, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { Contacts, type Contact } from '../_shared/contacts.js';
import { availablePath, ensurePurchaseFeature, pickAreaCodes, seedStock } from '../_shared/numbers.js';
import { assertEachOnce, assertWalksLikeOnePage, defaultPageWalk, walkCursor, walkWhileStable } from '../_shared/pages.js';
import { uniqueToken } from '../_shared/values.js';

const area = 'pagination';

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
