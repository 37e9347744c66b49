// Channels: the list with its type and status filters (section 4 Channels; section 2 Channel). Allowed values
// of `type` and `status` are not shown, so the filters are checked with the values the target's own channels
// carry, and with a value none carries (nothing listed, or 400). Each check walks the organization's channels,
// which other checks add to and remove from where they share it: a listing file, run after them
// (suites/vitest.config.ts).
import { check, type CheckContext } from '../../harness/check/index.js';
import type { ChannelItem } from '../_shared/channels.js';
import { defaultPageWalk, walkCursor, walkWhileStable } from '../_shared/pages.js';
import { fail, isRecord } from '../_shared/common.js';

const area = 'channels';
/** Enough pages for any fixture organization at a small page size. */
const maxPages = defaultPageWalk;

// Which channels a key lists is not shown (all of the organization's, or those it may use): the channels the
// calling key owns are in either reading, so those are the ones required.
// Fault: channels.list.key-owned-omitted.
check(
  {
    area,
    name: 'list-holds-the-key-channels',
    title: 'GET /channels answers pages of Channel holding every channel the calling key owns',
    clauses: ['channels.list.page-of-channels', 'channels.object.fields', 'ids.prefix.per-resource'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const owned = fx.channels.filter((c) => c.owner_api_key === fx.apiKey());
    if (owned.length === 0) t.notVerifiable('needs a channel owned by the primary key (none configured)');
    const { items } = await walkCursor<ChannelItem>(fx.v4(), '/channels', {}, 3, maxPages);
    const listed = new Set(items.map((c) => c.id));
    const missing = owned.filter((c) => !listed.has(c.id)).map((c) => c.id);
    if (missing.length > 0) fail('GET /channels leaves out channels the calling key owns', 'every channel of the key listed', `missing ${missing.join(', ')}`);
  },
);

/**
 * GET /channels?FIELD=V lists only channels whose FIELD is V, and all of them, for every value the unfiltered
 * list shows (the description names the filters, not their values).
 */
async function filterKeepsExactly(t: CheckContext, field: 'type' | 'status'): Promise<void> {
  const fx = await t.fixtures();
  if (fx.channels.length === 0) t.notVerifiable('needs channels in the organization (none configured)');
  const all = (await walkCursor<ChannelItem>(fx.v4(), '/channels', {}, undefined, maxPages)).items;
  // With nothing listed no filter value could be tried: the organization has channels, so that is a failure.
  if (all.length === 0) fail('GET /channels lists no channel', `the organization's ${fx.channels.length} channels`, 'an empty list');
  // A vendor's organization is shared with checks running at the same time: a filtered walk is judged against
  // the unfiltered list only when that list (ids and their values) held still around it.
  const pairOf = (c: ChannelItem) => `${c.id} ${String(c[field])}`;
  const listAll = async () => (await walkCursor<ChannelItem>(fx.v4(), '/channels', {}, undefined, maxPages)).items.map(pairOf);
  for (const value of new Set(all.map((c) => c[field]))) {
    const what = `GET /channels?${field}=${value}`;
    let items: ChannelItem[] = [];
    const walk = async () => {
      items = (await walkCursor<ChannelItem>(fx.v4(), '/channels', { [field]: value }, undefined, maxPages)).items;
      return items.map(pairOf);
    };
    const { set } = await walkWhileStable(listAll, walk, what);
    const other = items.filter((c) => c[field] !== value);
    if (other.length > 0) fail(`${what} lists other values`, `only channels with ${field} ${value}`, other.map((c) => `${c.id}: ${c[field]}`).join(', '));
    const got = new Set(items.map(pairOf));
    const missing = set.filter((pair) => pair.endsWith(` ${String(value)}`) && !got.has(pair)).map((pair) => pair.split(' ')[0]);
    if (missing.length > 0) fail(`${what} leaves out channels with that ${field}`, `every channel with ${field} ${value}`, `missing ${missing.join(', ')}`);
  }
  await filterByAbsentValueKeepsNothing(t, field);
}

/**
 * GET /channels?FIELD=<a value no channel has> lists nothing, or refuses the value with 400: when every
 * channel shares one value (one status, say), this is what tells a filter from an ignored parameter.
 */
async function filterByAbsentValueKeepsNothing(t: CheckContext, field: 'type' | 'status'): Promise<void> {
  const fx = await t.fixtures();
  const absent = `mcs-no-such-${field}`;
  const response = await fx.v4().get('/channels', { query: { [field]: absent } });
  if (response.status === 400) {
    t.expect.errorShape(response, 400);
    return;
  }
  t.expect.hasStatus(response, 200);
  const items = isRecord(response.body) && Array.isArray(response.body.data) ? (response.body.data as ChannelItem[]) : [];
  if (items.length > 0) fail(`GET /channels?${field}=${absent} lists channels`, `no channel (none has ${field} ${absent}) or 400`, items.map((c) => `${c.id}: ${c[field]}`).join(', '));
}

// Fault: channels.list.filters-ignored.
check(
  {
    area,
    name: 'type-filter-keeps-only-that-type',
    title: 'GET /channels?type=T lists only channels of type T, and all of them',
    clauses: ['channels.list.page-of-channels'],
    concurrent: true,
  },
  (t) => filterKeepsExactly(t, 'type'),
);

// Faults: channels.list.filters-ignored (through the status no channel has: the reference's channels all
// share one status), channels.list.status-filter-native-only (drops channels of that status).
check(
  {
    area,
    name: 'status-filter-keeps-only-that-status',
    title: 'GET /channels?status=S lists only channels whose status is S, and all of them',
    clauses: ['channels.list.page-of-channels'],
    concurrent: true,
  },
  (t) => filterKeepsExactly(t, 'status'),
);
