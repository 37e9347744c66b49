// GET /contacts: cursor pagination by default; offset, q, tag, sort or filter switch to offset pagination.
import { httpError } from '../../server/errors.js';
import { contactIdentities, normalizeIdentity } from '../../store/contacts.js';
import { cursorPage, offsetPage, parseLimit, parseOffset, decodeCursor, type CursorPage } from '../../store/pagination.js';
import type { ContactRecord, Org } from '../../store/types.js';
import type { Variant } from '../../variants.js';

const sorts = ['recent', 'oldest', 'name_asc', 'name_desc'] as const;
const filters = ['none', 'has_tags', 'no_tags', 'inbound_last', 'outbound_last'] as const;
const offsetSwitches = ['offset', 'q', 'tag', 'sort', 'filter'];

export interface ListFaults {
  qCaseSensitive?: boolean;
  qIgnored?: boolean;
  identifierIgnored?: boolean;
  noPaginationBlock?: boolean;
  offsetWithCursorAllowed?: boolean;
  offsetWithCursor422?: boolean;
  offsetBlockUntrue?: boolean;
  sortPerPage?: boolean;
  tagCaseSensitive?: boolean;
  sortIgnored?: boolean;
  filterIgnored?: boolean;
  directionFilterIgnored?: boolean;
  /** recent lists oldest first and oldest most recent first. */
  recentOldestSwapped?: boolean;
  /** inbound_last and outbound_last keep a contact with any message in that direction, whichever came last. */
  directionFilterAnyMessage?: boolean;
}

function oneOf<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[]): T | null {
  const value = query.get(name);
  if (value === null) return null;
  if (!(allowed as readonly string[]).includes(value)) throw httpError(400, 'invalid_parameter', `${name} must be one of ${allowed.join(', ')}`, { [name]: value });
  return value as T;
}

function lastActivity(c: ContactRecord): number {
  return Math.max(c.lastInboundAt ?? 0, c.lastOutboundAt ?? 0, c.updatedAt);
}

function byName(a: ContactRecord, b: ContactRecord): number {
  // Unnamed contacts last, whichever the direction.
  if (a.name === null || b.name === null) return a.name === b.name ? 0 : a.name === null ? 1 : -1;
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
}

function matchesQ(org: Org, contact: ContactRecord, q: string, caseSensitive: boolean): boolean {
  const needle = caseSensitive ? q : q.toLowerCase();
  const texts = [contact.name ?? '', contact.displayName ?? '', ...contact.tags];
  for (const identity of contactIdentities(org, contact)) texts.push(identity.value, identity.name ?? '');
  return texts.some((t) => (caseSensitive ? t : t.toLowerCase()).includes(needle));
}

function applyFilter(contact: ContactRecord, filter: (typeof filters)[number] | null, anyMessage = false): boolean {
  if (anyMessage && filter === 'inbound_last') return contact.lastInboundAt !== null;
  if (anyMessage && filter === 'outbound_last') return contact.lastOutboundAt !== null;
  switch (filter) {
    case 'has_tags':
      return contact.tags.length > 0;
    case 'no_tags':
      return contact.tags.length === 0;
    case 'inbound_last':
      return contact.lastInboundAt !== null && contact.lastInboundAt >= (contact.lastOutboundAt ?? -1);
    case 'outbound_last':
      return contact.lastOutboundAt !== null && contact.lastOutboundAt > (contact.lastInboundAt ?? -1);
    default:
      return true;
  }
}

export function listContacts(org: Org, query: URLSearchParams, variant: Variant, faults: ListFaults = {}): CursorPage<ContactRecord> {
  const offsetMode = offsetSwitches.some((k) => query.has(k));
  const cursor = query.get('cursor');
  if (query.has('offset') && cursor !== null && !faults.offsetWithCursorAllowed) {
    throw httpError(faults.offsetWithCursor422 ? 422 : 400, 'invalid_parameter', 'offset cannot be combined with cursor', { offset: query.get('offset'), cursor });
  }
  const askedSort = oneOf(query, 'sort', sorts);
  const swapped = askedSort === 'recent' ? 'oldest' : askedSort === 'oldest' ? 'recent' : askedSort;
  const sort = faults.sortIgnored ? null : faults.recentOldestSwapped ? swapped : askedSort;
  const asked = oneOf(query, 'filter', filters);
  const directionIgnored = faults.directionFilterIgnored && (asked === 'inbound_last' || asked === 'outbound_last');
  const filter = faults.filterIgnored || directionIgnored ? null : asked;
  const offset = parseOffset(query.get('offset'), variant);
  const q = query.get('q');
  const rawTag = query.get('tag');
  const tag = rawTag === null ? null : faults.tagCaseSensitive ? rawTag : rawTag.toLowerCase();
  const identifier = query.get('identifier');
  const owners = identifier === null || faults.identifierIgnored ? null : ownersOf(org, identifier);

  let items = [...org.contacts.values()].filter(
    (c) =>
      !c.deleted &&
      c.mergedInto === null &&
      (owners === null || owners.has(c.id)) &&
      (q === null || q === '' || faults.qIgnored === true || matchesQ(org, c, q, faults.qCaseSensitive === true)) &&
      (tag === null || c.tags.some((t) => (faults.tagCaseSensitive ? t : t.toLowerCase()) === tag)) &&
      applyFilter(c, filter, faults.directionFilterAnyMessage === true),
  );
  const unsorted = items;
  if (sort === 'recent') items = [...items].sort((a, b) => lastActivity(b) - lastActivity(a));
  else if (sort === 'name_asc') items = [...items].sort(byName);
  else if (sort === 'name_desc') items = [...items].sort((a, b) => (a.name === null || b.name === null ? byName(a, b) : -byName(a, b)));
  // Default and `oldest`: creation order (the Map keeps insertion order).

  if (!offsetMode) return cursorPage(items, query, variant);
  const limit = parseLimit(query, variant);
  let start = offset;
  if (!query.has('offset') && cursor !== null && cursor !== '') {
    const decoded = decodeCursor(cursor, variant.cursorFormat);
    if (decoded === null) throw httpError(400, 'invalid_cursor', 'cursor is not valid');
    start = decoded;
  }
  const result = offsetPage(items, start, limit, variant.cursorFormat);
  // Fault: contacts.list.sort-per-page (name_asc orders each page, not the list: pages are slices of creation order).
  if (faults.sortPerPage && sort === 'name_asc') result.data = offsetPage(unsorted, start, limit, variant.cursorFormat).data.sort(byName);
  if (faults.noPaginationBlock) return { data: result.data, has_more: result.has_more, next_cursor: result.next_cursor };
  // Fault: pagination.offset-block-untrue (has_more always false, pagination.limit the default page size).
  if (faults.offsetBlockUntrue) return Object.assign({ ...result, has_more: false }, { pagination: { ...result.pagination, limit: variant.defaultPageSize + 1 } });
  return result;
}

function ownersOf(org: Org, identifier: string): Set<string> {
  const owners = new Set<string>();
  for (const id of org.identitiesByValue.get(normalizeIdentity(identifier)) ?? []) {
    const identity = org.identities.get(id);
    if (identity && !identity.deleted) owners.add(identity.contactId);
  }
  return owners;
}
