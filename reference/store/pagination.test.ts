import { describe, expect, it } from 'vitest';
import { cursorPage, decodeCursor, encodeCursor, offsetPage, parseLimit, parseOffset } from './pagination.js';
import { defaultVariant, resolveVariant } from '../variants.js';

const items = Array.from({ length: 45 }, (_, i) => i);

function walk(variant = defaultVariant, limit?: number): number[][] {
  const pages: number[][] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const query = new URLSearchParams();
    if (limit !== undefined) query.set('limit', String(limit));
    if (cursor) query.set('cursor', cursor);
    const page = cursorPage(items, query, variant);
    pages.push(page.data);
    expect(page.has_more).toBe(page.next_cursor !== null);
    if (!page.next_cursor) return pages;
    cursor = page.next_cursor;
  }
  throw new Error('pagination did not end');
}

describe('cursor pagination', () => {
  it('walks every item once with the default page size of 20', () => {
    const pages = walk();
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(items);
  });

  it('walks the same way in every cursor format', () => {
    for (const cursorFormat of ['base64url', 'base64', 'opaque-counter'] as const) {
      expect(walk(resolveVariant({ cursorFormat }), 7).flat()).toEqual(items);
    }
  });

  it('encodes and decodes offsets, and rejects foreign cursors', () => {
    expect(decodeCursor(encodeCursor(17, 'base64url'), 'base64url')).toBe(17);
    expect(decodeCursor('not-a-cursor', 'base64url')).toBeNull();
    expect(decodeCursor('zzz', 'opaque-counter')).toBeNull();
    expect(() => cursorPage(items, new URLSearchParams('cursor=%%%'), defaultVariant)).toThrow(/cursor/);
  });

  it('clamps limit to the maximum and rejects non-positive or non-integer limits', () => {
    expect(parseLimit(new URLSearchParams('limit=1000'), defaultVariant)).toBe(100);
    expect(parseLimit(new URLSearchParams('limit=1000'), resolveVariant({ maxPageSize: 5 }))).toBe(5);
    for (const bad of ['0', '-1', '2.5', 'ten']) expect(() => parseLimit(new URLSearchParams(`limit=${bad}`), defaultVariant)).toThrow();
  });
});

describe('offset pagination', () => {
  it('adds pagination {limit, offset, total}', () => {
    const page = offsetPage(items, 40, 10, 'base64url');
    expect(page.data).toEqual([40, 41, 42, 43, 44]);
    expect(page.pagination).toEqual({ limit: 10, offset: 40, total: 45 });
    expect(page.has_more).toBe(false);
  });
});

// The pagination fields are integers (section 4): an offset that JSON cannot carry as one is refused.
describe('offsets and cursors stay safe integers', () => {
  it('parseOffset refuses an offset past Number.MAX_SAFE_INTEGER with 400 invalid_offset', () => {
    expect(parseOffset(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of ['9'.repeat(400), String(Number.MAX_SAFE_INTEGER + 1), '1e3']) {
      expect(() => parseOffset(bad), bad).toThrow(expect.objectContaining({ status: 400, code: 'invalid_offset' }));
    }
  });

  it('decodeCursor refuses cursors whose offset is not a safe integer', () => {
    expect(decodeCursor(Buffer.from(JSON.stringify({ o: 1e300 })).toString('base64url'), 'base64url')).toBeNull();
    expect(decodeCursor(`c${'z'.repeat(400)}`, 'opaque-counter')).toBeNull();
  });
});

// Benign variants of issue 30: readings the description leaves open (section 4: "Default and maximum limit, and
// cursor format: not shown"; no list order is promised; offset is "integer >= 0", what a server does outside it is not shown).
describe('variants of what is not shown', () => {
  it('limitAboveMaxRefused refuses a limit above the maximum with 400 instead of clamping it', () => {
    const variant = resolveVariant({ maxPageSize: 50, limitAboveMaxRefused: true });
    expect(parseLimit(new URLSearchParams('limit=50'), variant)).toBe(50);
    expect(() => parseLimit(new URLSearchParams('limit=51'), variant)).toThrow(expect.objectContaining({ status: 400, code: 'invalid_limit' }));
  });

  it('lenientPaging takes a negative offset as 0 and a fractional or zero limit rounded down to at least 1', () => {
    const variant = resolveVariant({ lenientPaging: true });
    expect(parseOffset('-3', variant)).toBe(0);
    expect(parseLimit(new URLSearchParams('limit=2.5'), variant)).toBe(2);
    expect(parseLimit(new URLSearchParams('limit=0'), variant)).toBe(1);
    expect(() => parseLimit(new URLSearchParams('limit=ten'), variant)).toThrow();
    expect(() => parseOffset('-3')).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('newestFirst walks every item once, newest first', () => {
    expect(walk(resolveVariant({ newestFirst: true }), 7).flat()).toEqual([...items].reverse());
  });
});
