// GET /channels/native/available (section 4, Channels; section 2, inventory row and quote line): browse mode
// answers masked inventory rows and never the full number; `type` defaults to `shared`; quote mode (an area
// code given, repeated or comma-separated) answers one line per code with matched_count and
// custom_order_count. Stock is seeded through the control API so the suite knows the full numbers, or the
// config states them (need `known-stock`). Without either, the checks that need not know them browse the
// configured organization's own stock (need `browsing-organization`), read twice: other checks buy from it
// while they read.
import { check, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { availablePath, pickAreaCodes, ensurePurchaseFeature, seedStock, type StockNumber } from '../_shared/numbers.js';
import { shown } from '../_shared/common.js';
import { defaultPageWalk, walkCursor } from '../_shared/pages.js';

const area = 'numbers';

/** The file's organization, able to browse: the control API turns the feature on, a vendor's plan states it. */
async function browsingFixtures(t: CheckContext): Promise<Fixtures> {
  const fx = await t.fixtures();
  if (!(await ensurePurchaseFeature(t, fx))) return t.notVerifiable("needs the number purchase feature on (the config file's fixtures.plan.number_purchase_enabled)");
  return fx;
}

/** Stock of `kind` seeded where the control API can; without it the organization's own stock is browsed. */
async function stock(t: CheckContext, fx: Fixtures, kind: 'shared' | 'dedicated' | 'inbound', areaCode: string, count: number): Promise<void> {
  if (t.hasControl) await seedStock(fx, kind, areaCode, count);
}

/**
 * Reads `read` before and after `between` (which is given the first read): with the control API the stock is
 * the check's own, else other checks may buy from it meanwhile, and a read that changed leaves the check not
 * verifiable rather than failed.
 */
async function steady<T>(t: CheckContext, read: () => Promise<T>, between: (before: T) => Promise<void>): Promise<T> {
  const before = await read();
  await between(before);
  if (t.hasControl) return before;
  if (JSON.stringify(await read()) !== JSON.stringify(before)) return t.notVerifiable("could not judge the organization's stock: it changed while the check read it (other checks buy numbers)");
  return before;
}

/** The rows of a browse answer; without the control API an empty stock cannot be judged. */
function rowsOf<T>(t: CheckContext, response: ApiResponse, what: string): T[] {
  return someRows(t, (response.body as { data: T[] }).data, what);
}

function someRows<T>(t: CheckContext, rows: T[], what: string): T[] {
  if (!t.hasControl && Array.isArray(rows) && rows.length === 0) t.notVerifiable(`the organization has no stock for ${what} to browse`);
  return rows;
}

/** Every row of browse mode for `query`, at the target's default page size (its page sizes are not shown). */
async function allRows<T>(t: CheckContext, fx: Fixtures, query: Record<string, string>, what: string): Promise<T[]> {
  return someRows(t, (await walkCursor<T>(fx.v4(), availablePath, query, undefined, defaultPageWalk)).items, what);
}

/** Every dedicated row of the stock, after stocking a random area code where the control API can. */
async function stockedDedicatedRows(t: CheckContext, fx: Fixtures): Promise<InventoryRow[]> {
  const [code] = pickAreaCodes(1);
  await stock(t, fx, 'dedicated', code ?? '415', 2);
  return allRows<InventoryRow>(t, fx, { type: 'dedicated' }, 'type=dedicated');
}

/** Numbers in stock by full number and kind: seeded (a few dedicated and inbound) where the control API can, else the config's. */
async function knownStock(fx: Fixtures): Promise<StockNumber[]> {
  if (!fx.controlOffers('seedInventory')) return fx.target.fixtures.stock ?? [];
  const [dedicatedCode, inboundCode] = pickAreaCodes(2);
  const seeded = async (kind: StockNumber['kind'], code: string, count: number) => (await seedStock(fx, kind, code, count)).map((phone_number) => ({ phone_number, kind }));
  return [...(await seeded('dedicated', dedicatedCode ?? '415', 3)), ...(await seeded('inbound', inboundCode ?? '212', 2))];
}

/** The area code of a US number in E.164 (+1, then ten digits): its digits 2 to 4; undefined for any other. */
function usAreaCode(e164: string): string | undefined {
  return /^\+1[2-9][0-9]{9}$/.test(e164) ? e164.slice(2, 5) : undefined;
}

/** Most pages a walk of the dedicated stock follows: a stock beyond them is not walked, so nothing is known unstocked. */
const stockPages = 100;

/**
 * The area codes of every dedicated row in stock, sorted (null for rows that show none), by a walk of the
 * browse pages: rows are masked, so the area code is all a row tells of its number.
 */
async function dedicatedAreaCodes(t: CheckContext, fx: Fixtures): Promise<(string | null)[]> {
  const codes = new Set<string | null>();
  let cursor: string | undefined;
  for (let pages = 0; pages < stockPages; pages++) {
    const response = await fx.v4().get(availablePath, { query: { type: 'dedicated', ...(cursor === undefined ? {} : { cursor }) } });
    // Browsing is judged by its own checks; here a walk that cannot go on judges nothing.
    if (response.status !== 200) t.notVerifiable(`could not walk the dedicated stock: ${shown(response)}`);
    const page = response.body as { data?: InventoryRow[]; has_more?: unknown; next_cursor?: unknown };
    for (const row of page.data ?? []) codes.add(typeof row.area_code === 'string' ? row.area_code : null);
    if (page.has_more !== true) return [...codes].sort();
    // Following the cursor is judged by the pagination checks; here a walk that cannot go on judges nothing.
    if (typeof page.next_cursor !== 'string') t.notVerifiable(`could not walk the dedicated stock: has_more is true but next_cursor is ${JSON.stringify(page.next_cursor)}`);
    cursor = page.next_cursor;
  }
  return t.notVerifiable(`could not walk the whole dedicated stock: it still has more after ${stockPages} pages`);
}

/**
 * An area code to quote that is in stock and one that is not, as the walk of the configured organization's
 * dedicated stock lists them: the first known dedicated number's code still listed (other checks buy from the
 * stock), and a candidate no row shows.
 */
function stockedAndUnstocked(t: CheckContext, known: readonly StockNumber[], listed: readonly (string | null)[]): [string, string] {
  const knownCodes = known.filter((number) => number.kind === 'dedicated').map((number) => usAreaCode(number.phone_number));
  const stocked = knownCodes.find((code) => code !== undefined && listed.includes(code));
  if (stocked === undefined) return t.notVerifiable('no known dedicated US number (the config file\'s fixtures.stock) has its area code still listed by a browse of the dedicated stock');
  return [stocked, unstockedCode(t, listed)];
}

/** A candidate area code no row of the dedicated stock's walk (`listed`) shows: one looked at, never assumed. */
function unstockedCode(t: CheckContext, listed: readonly (string | null)[]): string {
  // A row that shows no area code may be of any code: then none is known unstocked.
  if (listed.includes(null)) return t.notVerifiable('could not tell an area code out of stock: browse rows of the dedicated stock show no area_code');
  // Every candidate, in random order.
  const unstocked = pickAreaCodes(Number.POSITIVE_INFINITY).find((code) => !listed.includes(code));
  if (unstocked === undefined) return t.notVerifiable(`no candidate area code is out of the dedicated stock (it lists ${listed.join(', ')})`);
  return unstocked;
}

interface InventoryRow {
  masked_national?: unknown;
  area_code?: unknown;
  country_code?: unknown;
  phone_number_country?: unknown;
}

/**
 * The digits masked_national may show: "only the area code revealed" (section 2), so none, the area code, or
 * the calling code and the area code. The calling code is `country_code` when given, else any 1 to 3 digits
 * after a leading `+` (E.164 calling codes). A row without an area code may show at most three digits of one.
 */
function revealsOnlyTheAreaCode(row: InventoryRow): boolean {
  if (typeof row.masked_national !== 'string') return true;
  const digits = row.masked_national.replace(/\D/g, '');
  const national = digits.slice(callingCodeLength(row, digits));
  if (typeof row.area_code === 'string') return digits === '' || digits === row.area_code || national === row.area_code;
  return national.length <= 3;
}

/** How many leading digits of masked_national are the calling code (0 when it shows none). */
function callingCodeLength(row: InventoryRow, digits: string): number {
  const given = typeof row.country_code === 'string' ? row.country_code.replace(/\D/g, '') : '';
  if (given !== '') return digits.startsWith(given) ? given.length : 0;
  if (!String(row.masked_national).trimStart().startsWith('+')) return 0;
  const areaAt = typeof row.area_code === 'string' && row.area_code !== '' ? digits.indexOf(row.area_code, 1) : -1;
  return areaAt >= 1 && areaAt <= 3 ? areaAt : Math.min(3, Math.max(0, digits.length - 3));
}

interface QuoteLine {
  area_code: string;
  matched: boolean;
  custom_order?: boolean;
}
interface QuotePage {
  data: QuoteLine[];
  matched_count: number;
  custom_order_count: number;
}

// Caught by: numbers.inventory.full-number.
check(
  {
    area,
    name: 'browse-never-returns-the-full-number',
    title: 'browse mode answers inventory rows for seeded stock, and no part of the response holds a full number or its subscriber digits',
    clauses: ['numbers.inventory.never-full-number', 'numbers.inventory.row-shape', 'channels.available.browse-or-quote'],
    needs: ['browsing-organization', 'known-stock'],
  },
  async (t) => {
    const fx = await browsingFixtures(t);
    const seeded = (await knownStock(fx)).map((number) => number.phone_number);
    for (const type of ['dedicated', 'inbound']) {
      const response = await fx.v4().get(availablePath, { query: { type } });
      t.expect.hasStatus(response, 200);
      t.expect.that(rowsOf(t, response, `type=${type}`).length, `rows for type=${type} after seeding stock`).toBeGreaterThan(0);
      for (const full of seeded) {
        const national = full.slice(2);
        const subscriber = full.slice(-7);
        for (const leaked of [full, national, subscriber]) {
          t.expect.that(response.text.includes(leaked), `GET ${availablePath}?type=${type} contains ${leaked} (of the stocked ${full})`).toBe(false);
        }
      }
    }
  },
);

// Fault: numbers.inventory.exchange-revealed.
check(
  {
    area,
    name: 'browse-masks-all-but-the-area-code',
    title: 'browse mode rows show in masked_national no digits beyond the area code (and the calling code)',
    clauses: ['numbers.inventory.row-shape'],
    needs: ['browsing-organization'],
  },
  async (t) => {
    const fx = await browsingFixtures(t);
    const rows = await stockedDedicatedRows(t, fx);
    t.expect.that(rows.length, 'rows for type=dedicated after seeding stock').toBeGreaterThan(0);
    for (const row of rows) {
      t.expect.that(revealsOnlyTheAreaCode(row), `masked_national ${JSON.stringify(row.masked_national)} of a row with area_code ${JSON.stringify(row.area_code)} reveals only the area code`).toBe(true);
    }
  },
);

// Fault: numbers.inventory.country-mislabelled.
check(
  {
    area,
    name: 'browse-by-country-names-that-country',
    title: 'browse mode with country=<ISO code> answers rows whose phone_number_country is that country',
    clauses: ['numbers.inventory.row-shape', 'channels.available.browse-or-quote'],
    needs: ['browsing-organization'],
  },
  async (t) => {
    const fx = await browsingFixtures(t);
    // The country asked for is one the stock shows, so that the filtered browse has rows to judge.
    const rows = await stockedDedicatedRows(t, fx);
    const country = rows.map((row) => row.phone_number_country).find((value): value is string => typeof value === 'string' && /^[A-Za-z]{2}$/.test(value));
    if (country === undefined) return t.notVerifiable('no dedicated row in stock names an ISO phone_number_country to browse by');
    const filtered = await allRows<InventoryRow>(t, fx, { type: 'dedicated', country }, `type=dedicated&country=${country}`);
    if (filtered.length === 0) {
      // Rows named with the country before and after, yet none when browsing by it: the label or the filter is wrong.
      const after = await allRows<InventoryRow>(t, fx, { type: 'dedicated' }, 'type=dedicated');
      const still = after.filter((row) => String(row.phone_number_country).toUpperCase() === country.toUpperCase()).length;
      if (still === 0) return t.notVerifiable(`the browse with country=${country} answered no rows, and no row names ${country} any more (the stock was bought meanwhile)`);
      t.expect.that(filtered.length, `rows of type=dedicated&country=${country}, while ${still} row(s) of the unfiltered browse name ${country}`).toBeGreaterThan(0);
    }
    for (const row of filtered) {
      t.expect.that(String(row.phone_number_country).toUpperCase(), `phone_number_country of a row of country=${country}`).toBe(country.toUpperCase());
    }
  },
);

// Fault: numbers.available.default-not-shared.
check(
  {
    area,
    name: 'browse-type-defaults-to-shared',
    title: 'browse without type answers the same rows as type=shared, which are not the type=dedicated rows',
    clauses: ['channels.available.type-default-shared'],
    needs: ['browsing-organization'],
  },
  async (t) => {
    const fx = await browsingFixtures(t);
    const [sharedCode, dedicatedCode] = pickAreaCodes(2);
    await stock(t, fx, 'shared', sharedCode ?? '415', 2);
    await stock(t, fx, 'dedicated', dedicatedCode ?? '212', 2);
    const rows = async (query: Record<string, string>, what: string) => {
      return (await allRows<unknown>(t, fx, query, what)).map((row) => JSON.stringify(row)).sort();
    };
    let dedicated: string[] = [];
    let byDefault: string[] = [];
    const shared = await steady(t, () => rows({ type: 'shared' }, 'type=shared'), async () => {
      dedicated = await rows({ type: 'dedicated' }, 'type=dedicated');
      byDefault = await rows({}, 'the default type');
    });
    t.expect.that(shared.length, 'rows for type=shared after seeding shared stock').toBeGreaterThan(0);
    // Stock of the two types under different area codes: a server that ignores type lists the same rows for both.
    t.expect.that(dedicated, 'rows for type=dedicated (they must differ from the shared ones)').not.toEqual(shared);
    t.expect.that(byDefault, 'rows without type (the shared ones, the default)').toEqual(shared);
  },
);

/** Quote mode for dedicated numbers of `codes` (area_code repeated). */
async function quote(t: CheckContext, fx: Fixtures, codes: readonly string[]): Promise<QuotePage> {
  const response = await fx.v4().get(availablePath, { query: { type: 'dedicated', area_code: [...codes] } });
  t.expect.hasStatus(response, 200);
  return response.body as QuotePage;
}

/**
 * The quote of a stocked and an unstocked area code: with the control API in an organization of the check's
 * own (the file's other checks stock area codes this one must know unstocked), whose stock is walked first and
 * which it stocks; else in the configured organization, whose dedicated stock is walked before and after to tell both (need `known-stock`
 * for a code surely stocked: its numbers, or seedInventory there).
 */
async function quoteOfStock(t: CheckContext): Promise<{ page: QuotePage; stocked: string; unstocked: string }> {
  if (t.hasControl) {
    const fx = await t.freshOrganization({ with_channels: false, plan: { number_purchase_enabled: true } });
    // A new organization may start with stock of its own (a vendor's sandbox does, spec/AMBIGUITIES.md v4 66): the
    // code quoted as unstocked is one its stock was seen not to hold, and the stocked one is made so.
    const unstocked = unstockedCode(t, await dedicatedAreaCodes(t, fx));
    const stocked = pickAreaCodes(Number.POSITIVE_INFINITY).find((code) => code !== unstocked) ?? '415';
    await seedStock(fx, 'dedicated', stocked, 1);
    return { page: await quote(t, fx, [stocked, unstocked]), stocked, unstocked };
  }
  const fx = await browsingFixtures(t);
  const known = await knownStock(fx);
  let quoted: { page: QuotePage; stocked: string; unstocked: string } | undefined;
  await steady(t, () => dedicatedAreaCodes(t, fx), async (listed) => {
    const [stocked, unstocked] = stockedAndUnstocked(t, known, listed);
    quoted = { page: await quote(t, fx, [stocked, unstocked]), stocked, unstocked };
  });
  return quoted as NonNullable<typeof quoted>;
}

// Caught by: numbers.quote.counts-wrong.
check(
  {
    area,
    name: 'quote-reports-matched-lines-and-counts',
    title: 'quote mode answers a line per area code, matched for stocked codes only, with matched_count and custom_order_count counting the lines',
    clauses: ['numbers.quote.line-shape', 'numbers.quote.top-level-counts', 'channels.available.browse-or-quote'],
    needs: ['browsing-organization', 'known-stock'],
  },
  async (t) => {
    const { page, stocked, unstocked } = await quoteOfStock(t);
    const line = (code: string) => page.data.find((l) => l.area_code === code);
    // "matched: true when in stock and provisioned free": a stocked code with a custom fee is not matched.
    if (line(stocked)?.custom_order !== true) t.expect.that(line(stocked)?.matched, `quote line of the stocked area code ${stocked}`).toBe(true);
    t.expect.that(line(unstocked)?.matched, `quote line of the unstocked area code ${unstocked}`).toBe(false);
    t.expect.that(page.matched_count, 'matched_count').toBe(page.data.filter((l) => l.matched).length);
    const customOrders = page.data.filter((l) => l.custom_order === true).length;
    t.expect.that(page.custom_order_count, 'custom_order_count').toBe(customOrders);
    // Whether a custom fee applies to an unstocked code is the target's: with none, the count judged nothing.
    if (customOrders === 0) t.notVerifiable(`no quote line is a custom order (custom_order_count ${page.custom_order_count}), so whether custom_order_count counts them cannot be seen`);
  },
);

// Fault: numbers.quote.area-codes-ignored.
check(
  {
    area,
    name: 'quote-area-code-forms-agree',
    title: 'repeating area_code and giving comma-separated area_codes ask for the same quote',
    clauses: ['channels.available.area-code-forms'],
    needs: ['browsing-organization'],
  },
  async (t) => {
    const fx = await browsingFixtures(t);
    const codes = pickAreaCodes(3);
    await stock(t, fx, 'inbound', codes[0] ?? '415', 1);
    const quote = async (query: Record<string, string | string[]>) => {
      const response = await fx.v4().get(availablePath, { query: { type: 'inbound', ...query } });
      t.expect.hasStatus(response, 200);
      return (response.body as QuotePage).data.map((l) => `${l.area_code}:${String(l.matched)}`).sort();
    };
    let commaSeparated: string[] = [];
    const repeated = await steady(t, () => quote({ area_code: codes }), async () => {
      commaSeparated = await quote({ area_codes: codes.join(',') });
    });
    t.expect.that(repeated.map((l) => l.slice(0, 3)), 'area codes of the quote lines for repeated area_code').toEqual([...codes].sort());
    t.expect.that(commaSeparated, 'quote lines for area_codes (comma-separated), as for repeated area_code').toEqual(repeated);
  },
);
