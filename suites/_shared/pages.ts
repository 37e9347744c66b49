// Walking the pages of a list (section 4: `{data, has_more, next_cursor}` with query `limit` and `cursor`;
// contacts also have offset mode with `pagination: {limit, offset, total}`). The walkers check what holds
// on every page whatever the page size or cursor format: a page never holds more than the `limit` asked
// for, `has_more` true comes with a `next_cursor` to follow, and a walk ends. Page sizes, cursor formats
// and orderings are not shown in the description and are never asserted: a full listing walks the target's
// default page size (no `limit`), and a `limit` the target refuses (its maximum is not shown) is no failure
// but a walk not judged (LimitRefused, spec/AMBIGUITIES.md v4 "page sizes the suite picks").
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { CheckFailure, NotVerifiable, type ApiClient, type ApiResponse, type CheckContext } from '../../harness/check/index.js';
import type { Page } from './contacts.js';

type Query = Record<string, string | number | undefined>;

export interface Walk<T> {
  items: T[];
  pages: number;
}

function fail(response: ApiResponse, message: string, expected: string): never {
  throw new CheckFailure(`${response.method} ${response.path}: ${message}`, expected, `${response.status} ${response.text.slice(0, 400)}`);
}

/**
 * The target refused a `limit` the suite chose (400 or 422 with an error body): its maximum page size is not
 * shown, so this is no failure; the walk that asked for it judged nothing (not verifiable, when it stops a check).
 */
export class LimitRefused extends NotVerifiable {
  constructor(
    readonly limit: number,
    response: ApiResponse,
  ) {
    super(`${response.method} ${response.path} refused limit=${limit} (${response.status}): the maximum page size is not shown in the description, so the suite cannot ask for that many`);
  }
}

export function isLimitRefused(error: unknown): error is LimitRefused {
  return error instanceof LimitRefused;
}

/** A refusal of the request as a whole (a bad parameter), as opposed to a page or a broken answer. */
function refusedLimit(response: ApiResponse, limit: number | undefined): boolean {
  return limit !== undefined && (response.status === 400 || response.status === 422);
}

function pageBody<T>(response: ApiResponse): Page<T> {
  const body = response.body as Page<T> | undefined;
  if (response.status !== 200 || !body || !Array.isArray(body.data)) fail(response, `answered ${response.status}, not a page`, '200 with a page');
  return body;
}

/** Pages of a full listing at the target's default page size (not shown): enough for a large organization. */
export const defaultPageWalk = 500;

/**
 * Follows `next_cursor` from the first page to the last; `maxPages` bounds a walk that would never end.
 * `limit` undefined asks for the target's default page size (a full listing); a `limit` the first page refuses
 * throws LimitRefused.
 */
export async function walkCursor<T>(client: ApiClient, listPath: string, query: Query, limit: number | undefined, maxPages: number): Promise<Walk<T>> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let pages = 1; pages <= maxPages; pages++) {
    const response = await client.get<Page<T>>(listPath, { query: { ...query, limit, cursor } });
    if (pages === 1 && refusedLimit(response, limit)) throw new LimitRefused(limit as number, response);
    const page = pageBody<T>(response);
    if (limit !== undefined && page.data.length > limit) fail(response, `a page holds ${page.data.length} items for limit=${limit}`, `at most ${limit} items`);
    // has_more true needs a cursor to follow; what next_cursor holds on the last page is not shown (null is
    // the natural reading, but a string there is not forbidden), so has_more false ends the walk either way.
    if (page.has_more === true && typeof page.next_cursor !== 'string') {
      fail(response, `has_more is true but next_cursor is ${JSON.stringify(page.next_cursor)}`, 'has_more true with a next_cursor string to follow');
    }
    items.push(...page.data);
    if (!page.has_more) return { items, pages };
    cursor = page.next_cursor as string;
  }
  throw new CheckFailure(`GET ${listPath} with ${limit === undefined ? 'its default page size' : `limit=${limit}`}: still has_more after ${maxPages} pages`, `the walk ends within ${maxPages} pages`, `${items.length} items seen`);
}

export interface OffsetWalk<T> {
  items: T[];
  totals: number[];
}

/** Steps `offset` by the size of each page until `offset` reaches `total` (offset mode of GET /contacts). */
export async function walkOffset<T>(client: ApiClient, listPath: string, query: Query, limit: number, maxPages: number): Promise<OffsetWalk<T>> {
  const items: T[] = [];
  const totals: number[] = [];
  let offset = 0;
  for (let pages = 1; pages <= maxPages; pages++) {
    const response = await client.get<Page<T>>(listPath, { query: { ...query, limit, offset } });
    if (pages === 1 && refusedLimit(response, limit)) throw new LimitRefused(limit, response);
    const page = pageBody<T>(response);
    const pagination = page.pagination;
    if (!pagination || !Number.isInteger(pagination.total) || !Number.isInteger(pagination.offset) || !Number.isInteger(pagination.limit)) {
      fail(response, 'offset mode answered no pagination {limit, offset, total} of integers', 'pagination: {limit, offset, total} (integers)');
    }
    if (pagination.offset !== offset) fail(response, `pagination.offset is ${pagination.offset} for offset=${offset}`, `pagination.offset = ${offset}`);
    // pagination.limit is the page size used: the limit asked for, or less where the server clamps it (its
    // maximum is not shown), and never less than the items the page holds.
    if (pagination.limit > limit || pagination.limit < page.data.length || pagination.limit < 1) {
      fail(response, `pagination.limit is ${pagination.limit} for limit=${limit} and a page of ${page.data.length}`, `pagination.limit between ${Math.max(1, page.data.length)} and ${limit}`);
    }
    // has_more, where the page carries it, tells whether items are left after this page.
    const more = offset + page.data.length < pagination.total;
    if (typeof page.has_more === 'boolean' && page.has_more !== more) {
      fail(response, `has_more is ${page.has_more} at offset ${offset} with ${page.data.length} of total ${pagination.total}`, `has_more ${more}`);
    }
    if (page.data.length > limit) fail(response, `a page holds ${page.data.length} items for limit=${limit}`, `at most ${limit} items`);
    // A server may clamp the page below `limit` (maximum not shown), so only the bounds are fixed: no more
    // than what is left of `total`, and something while anything is left.
    const left = Math.max(0, pagination.total - offset);
    if (page.data.length > left || (left > 0 && page.data.length === 0)) {
      fail(response, `offset ${offset} of total ${pagination.total} holds ${page.data.length} items`, `between 1 and ${left} items (what is left of total)`);
    }
    totals.push(pagination.total);
    items.push(...page.data);
    offset += page.data.length;
    if (offset >= pagination.total) return { items, totals };
  }
  throw new CheckFailure(`GET ${listPath} in offset mode with limit=${limit}: not done after ${maxPages} pages`, `the walk ends within ${maxPages} pages`, `${items.length} items seen`);
}

/** Ids seen more than once. */
export function duplicates(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of ids) (seen.has(id) ? twice : seen).add(id);
  return [...twice];
}

/** Every id of `expected` exactly once in `seen`, nothing twice, and (when `exact`) nothing else. */
export function assertEachOnce(seen: readonly string[], expected: readonly string[], exact: boolean, what: string): void {
  const twice = duplicates(seen);
  if (twice.length > 0) throw new CheckFailure(`${what}: items seen on more than one page`, 'each item exactly once', `repeated: ${twice.join(', ')}`);
  const missing = expected.filter((id) => !seen.includes(id));
  if (missing.length > 0) throw new CheckFailure(`${what}: items never seen`, 'each item exactly once', `missing: ${missing.join(', ')} (seen ${seen.length})`);
  const extra = exact ? seen.filter((id) => !expected.includes(id)) : [];
  if (extra.length > 0) throw new CheckFailure(`${what}: items that are not in the data set`, `exactly ${expected.length} items`, `extra: ${extra.join(', ')}`);
}

/** The same items, each as often: masked rows without ids read alike, so their count is what moves. */
function sameItems(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const left = [...a].sort();
  const right = [...b].sort();
  return left.every((item, i) => item === right[i]);
}

export interface StableWalk {
  /** The ids the walk under test saw. */
  seen: string[];
  /** The data set: what a full listing showed both before and after that walk. */
  set: string[];
}

/**
 * Runs `walk` between two full listings (`list`) and returns it only when the set held still meanwhile. A
 * vendor's one organization is shared by every check running at once, so keys and channels come and go while
 * a walk pages: a walk judged against a set that moved would fail a correct target. A walk that met items
 * neither listing holds is tried again too (they may have come and gone between the listings), except on the
 * last attempt. After `attempts` walks during which the set moved each time, the property cannot be judged here.
 */
export async function walkWhileStable(list: () => Promise<string[]>, walk: (listed: string[]) => Promise<string[]>, what: string, attempts = 4): Promise<StableWalk> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    // The other checks finish within seconds: each new attempt waits a little longer for a quiet moment.
    if (attempt > 1) await sleep(Math.min(3_000, 250 * 2 ** (attempt - 2)));
    const before = await list();
    // A walk may also fail on a set that grew under it (more pages than the listing had): judged only if it held still.
    const walked = await walk(before).then(
      (seen) => ({ seen }),
      (error: unknown) => ({ error }),
    );
    const after = await list();
    if (!sameItems(before, after)) continue;
    if ('error' in walked) throw walked.error;
    // An item the walk met that neither listing holds came and went meanwhile (another check made and removed
    // it between the two listings); one that shows on every attempt is judged as it is, on the last.
    if (attempt < attempts && walked.seen.some((item) => !before.includes(item))) continue;
    return { seen: walked.seen, set: before };
  }
  throw new NotVerifiable(`could not walk ${what}: the data set changed during each of ${attempts} walks (other clients of the same organization were adding or removing items)`);
}

/**
 * The walk saw exactly the listing's items, each as often (rows without ids, such as masked inventory rows, may
 * repeat): otherwise a failure naming what was missed and what was extra.
 */
export function assertSameItems(seen: readonly string[], listed: readonly string[], what: string): void {
  const left = [...listed];
  const extra: string[] = [];
  for (const item of seen) {
    const at = left.indexOf(item);
    if (at === -1) extra.push(item);
    else left.splice(at, 1);
  }
  if (left.length === 0 && extra.length === 0) return;
  const cut = (items: string[]) => items.slice(0, 3).map((item) => item.slice(0, 160)).join('; ') + (items.length > 3 ? `; and ${items.length - 3} more` : '');
  throw new CheckFailure(
    `${what}: the pages walked do not hold the items one page lists`,
    `the same ${listed.length} items, each as often`,
    `${seen.length} items walked${left.length > 0 ? `; never seen: ${cut(left)}` : ''}${extra.length > 0 ? `; not listed (or seen too often): ${cut(extra)}` : ''}`,
  );
}

export interface WalkOptions {
  /** The highest limit tried (at most the number of items listed). */
  maxLimit?: number;
  numRuns: number;
  /** What should have put items in the list, for the reason when fewer than two are listed. */
  made?: string;
  /** What tells items apart: an id where the item has one, else (default) the whole item as JSON. */
  keyOf?: (item: unknown) => string;
  /** The most pages of the full listing the walks are compared with (at the target's default page size). */
  fullPages?: number;
}

/**
 * The largest `limit` up to `wanted` that the target takes on `listPath`: `wanted` itself, or, where the target
 * refuses it (a maximum the description does not show), the largest accepted one found by halving. Undefined
 * when it refuses even 1. `asPage` fails the check when an answer that is no refusal is not a page either.
 */
export async function acceptedLimit(client: ApiClient, listPath: string, query: Query, wanted: number, asPage: (response: ApiResponse) => unknown = pageBody): Promise<number | undefined> {
  let accepted = 0;
  let refused: number | undefined;
  let next = wanted;
  // Halving down to an accepted limit, then bisecting between it and the smallest refused one: a few requests.
  for (let probes = 0; probes < 12; probes++) {
    const response = await client.get(listPath, { query: { ...query, limit: next } });
    if (refusedLimit(response, next)) refused = next;
    else {
      asPage(response);
      accepted = next;
    }
    if (refused === undefined) return accepted;
    next = accepted === 0 ? Math.floor(refused / 2) : Math.floor((accepted + refused) / 2);
    if (next < 1 || next <= accepted || next >= refused) break;
  }
  return accepted === 0 ? undefined : accepted;
}

/**
 * For any limit up to `maxLimit`, walking `listPath` page by page yields the items the full listing holds, each
 * as often (by `keyOf`; by default an item's JSON, for lists whose item fields, ids included, are not shown).
 * The full listing walks the target's default page size; the limits tried stop at the largest one the target
 * takes (its maximum is not shown). Each walk is judged against a full listing that held still around it
 * (walkWhileStable). Items with an id must not repeat in the full listing either, which is judged where the
 * check has an organization of its own (a shared one may change under the listing). Not verifiable with fewer
 * than two items listed.
 */
export async function assertWalksLikeOnePage(t: CheckContext, client: ApiClient, listPath: string, query: Query, options: WalkOptions): Promise<void> {
  const keyOf = options.keyOf ?? ((item: unknown) => JSON.stringify(item));
  const itemsOf = async (limit: number | undefined, maxPages: number) => (await walkCursor<unknown>(client, listPath, query, limit, maxPages)).items.map(keyOf);
  const listAll = () => itemsOf(undefined, options.fullPages ?? defaultPageWalk);
  const all = await listAll();
  const twice = options.keyOf !== undefined && t.hasControl ? duplicates(all) : [];
  if (twice.length > 0) throw new CheckFailure(`GET ${listPath}: items seen on more than one page`, 'each item exactly once', `repeated: ${twice.join(', ')}`);
  if (all.length < 2) t.notVerifiable(`needs at least two items listed by GET ${listPath} (got ${all.length}${options.made === undefined ? '' : ` ${options.made}`})`);
  const highest = await acceptedLimit(client, listPath, query, Math.min(all.length, options.maxLimit ?? all.length));
  if (highest === undefined) t.notVerifiable(`GET ${listPath} refused every limit tried, down to 1 (its page sizes are not shown)`);
  await t.assertProperty(
    fc.asyncProperty(fc.integer({ min: 1, max: highest }), async (limit) => {
      const what = `GET ${listPath} with limit=${limit}`;
      const { seen, set } = await walkWhileStable(listAll, (listed) => itemsOf(limit, Math.ceil(listed.length / limit) + 12), what);
      assertSameItems(seen, set, what);
    }),
    { numRuns: options.numRuns },
  );
}

/**
 * Whether any offset page of `listPath` (walked at the target's default page size, whose value is not shown)
 * holds the string `needle` somewhere; for lists paged by `offset` with `pagination.total` (v2's). The last page
 * read comes back with the answer, for a failure to show.
 */
export async function offsetPagesMention(client: ApiClient, listPath: string, itemsField: string, needle: string): Promise<{ found: boolean; last: ApiResponse }> {
  let offset = 0;
  for (let pages = 1; ; pages++) {
    const last = await client.get(listPath, { query: { offset } });
    if (last.status !== 200) return { found: false, last };
    if (JSON.stringify(last.body ?? null).includes(needle)) return { found: true, last };
    const body = (last.body ?? {}) as Record<string, unknown>;
    const items = Array.isArray(body[itemsField]) ? (body[itemsField] as unknown[]).length : 0;
    const total = (body.pagination as { total?: unknown } | undefined)?.total;
    offset += items;
    if (items === 0 || typeof total !== 'number' || offset >= total || pages >= defaultPageWalk) return { found: false, last };
  }
}
