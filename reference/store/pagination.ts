// Cursor and offset pagination over an in-memory ordered list. The cursor is opaque to clients;
// it encodes the offset of the next item in the variant's format.
import { httpError } from '../server/errors.js';
import type { Variant } from '../variants.js';

export interface CursorPage<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface OffsetPage<T> extends CursorPage<T> {
  pagination: { limit: number; offset: number; total: number };
}

type CursorFormat = Variant['cursorFormat'];

export function encodeCursor(offset: number, format: CursorFormat): string {
  switch (format) {
    case 'opaque-counter':
      return `c${offset.toString(36)}`;
    case 'base64':
      return Buffer.from(JSON.stringify({ o: offset })).toString('base64');
    default:
      return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
  }
}

/** The offset a cursor points at, or null when it is not one of ours. */
export function decodeCursor(cursor: string, format: CursorFormat): number | null {
  if (format === 'opaque-counter') {
    if (!/^c[0-9a-z]+$/.test(cursor)) return null;
    return asOffset(parseInt(cursor.slice(1), 36));
  }
  try {
    const text = Buffer.from(cursor, format === 'base64' ? 'base64' : 'base64url').toString('utf8');
    const value = JSON.parse(text) as { o?: unknown };
    return asOffset(value.o);
  } catch {
    return null;
  }
}

/**
 * An offset we could have issued: a safe integer >= 0, else null. A larger number is no integer once in
 * JSON (1e+300), and Infinity is written as null, where the pagination fields are integers.
 */
function asOffset(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

type PagingVariant = Pick<Variant, 'defaultPageSize' | 'maxPageSize'> & Partial<Pick<Variant, 'limitAboveMaxRefused' | 'lenientPaging'>>;

/**
 * `limit` from the query: absent -> default; not a positive integer -> 400 (lenient paging: a number is rounded
 * down to at least 1); above the maximum -> clamped (400 with limitAboveMaxRefused).
 */
export function parseLimit(query: URLSearchParams, variant: PagingVariant): number {
  const raw = query.get('limit');
  if (raw === null) return variant.defaultPageSize;
  const lenient = variant.lenientPaging === true && /^-?\d+(\.\d+)?$/.test(raw);
  if (!lenient && (!/^\d+$/.test(raw) || Number(raw) < 1)) throw httpError(400, 'invalid_limit', 'limit must be a positive integer', { limit: raw });
  const limit = Math.max(1, Math.floor(Number(raw)));
  if (limit > variant.maxPageSize && variant.limitAboveMaxRefused === true) throw httpError(400, 'invalid_limit', `limit must be at most ${variant.maxPageSize}`, { limit: raw });
  return Math.min(limit, variant.maxPageSize);
}

/**
 * `offset` from the query: absent -> 0; not an integer >= 0 that JSON can carry exactly (a safe integer) -> 400
 * (lenient paging: a negative integer is taken as 0).
 */
export function parseOffset(raw: string | null, variant?: Partial<Pick<Variant, 'lenientPaging'>>): number {
  if (raw === null) return 0;
  if (variant?.lenientPaging === true && /^-\d+$/.test(raw)) return 0;
  const offset = /^\d+$/.test(raw) ? asOffset(Number(raw)) : null;
  if (offset === null) throw httpError(400, 'invalid_offset', 'offset must be an integer >= 0 (at most 2^53 - 1)', { offset: raw });
  return offset;
}

/** For the fault pagination.limit-required: a list that demands a `limit` (the description gives lists a default). */
export function demandLimit(query: URLSearchParams, demanded: boolean): void {
  if (demanded && !query.has('limit')) throw httpError(400, 'limit_required', 'limit is required');
}

/** Cursor page of `items`, reading `limit` and `cursor` from the query. */
export function cursorPage<T>(all: readonly T[], query: URLSearchParams, variant: Variant): CursorPage<T> {
  const limit = parseLimit(query, variant);
  // No cursor list promises an order: newestFirst lists the latest first.
  const items = variant.newestFirst ? [...all].reverse() : all;
  const cursor = query.get('cursor');
  let start = 0;
  if (cursor !== null && cursor !== '') {
    const decoded = decodeCursor(cursor, variant.cursorFormat);
    if (decoded === null) throw httpError(400, 'invalid_cursor', 'cursor is not valid', {});
    start = decoded;
  }
  return sliceCursor(items, start, limit, variant.cursorFormat);
}

export function sliceCursor<T>(items: readonly T[], start: number, limit: number, format: CursorFormat): CursorPage<T> {
  const data = items.slice(start, start + limit);
  const end = start + data.length;
  const hasMore = end < items.length;
  return { data, has_more: hasMore, next_cursor: hasMore ? encodeCursor(end, format) : null };
}

/** Offset page: the same list fields plus `pagination: {limit, offset, total}`. */
export function offsetPage<T>(items: readonly T[], offset: number, limit: number, format: CursorFormat): OffsetPage<T> {
  const page = sliceCursor(items, offset, limit, format);
  return { ...page, pagination: { limit, offset, total: items.length } };
}
