// No demanded choices (issue 30): a walk asks for a limit the target takes, found by halving and bisecting
// where it refuses one above its maximum (not shown); a refused limit is no failure.
import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../../harness/check/index.js';
import { acceptedLimit, isLimitRefused, walkCursor } from '../../suites/_shared/pages.js';

/** A list of `size` items that refuses a limit above `max` with 400, and counts the requests. */
function list(size: number, max: number): { client: ApiClient; asked: number[] } {
  const asked: number[] = [];
  const get = async (path: string, options?: { query?: Record<string, unknown> }): Promise<ApiResponse> => {
    const limit = options?.query?.limit as number | undefined;
    if (limit !== undefined) asked.push(limit);
    const answer = (status: number, body: unknown): ApiResponse => ({ api: 'v4', method: 'GET', path, status, headers: {}, text: JSON.stringify(body), body, isJson: true, truncated: false, durationMs: 0, exchange: undefined as never });
    if (limit !== undefined && limit > max) return answer(400, { error: { code: 'invalid_limit', message: 'too large', details: {} } });
    const data = Array.from({ length: Math.min(size, limit ?? 20) }, (_, i) => ({ id: i }));
    return answer(200, { data, has_more: false, next_cursor: null });
  };
  return { client: { get } as unknown as ApiClient, asked };
}

describe('acceptedLimit', () => {
  it('takes the limit wanted when the target takes it, with one request', async () => {
    const { client, asked } = list(10, 100);
    expect(await acceptedLimit(client, '/things', {}, 60)).toBe(60);
    expect(asked).toEqual([60]);
  });

  it('finds the largest limit under a maximum the target does not show', async () => {
    const { client, asked } = list(10, 50);
    expect(await acceptedLimit(client, '/things', {}, 120)).toBe(50);
    expect(asked.length).toBeLessThanOrEqual(12);
  });

  it('is undefined when the target refuses every limit', async () => {
    expect(await acceptedLimit(list(10, 0).client, '/things', {}, 8)).toBeUndefined();
  });
});

describe('walkCursor', () => {
  it('asks for no limit on a full listing, and reports a refused limit as not verifiable, not a failure', async () => {
    const { client, asked } = list(3, 50);
    expect((await walkCursor(client, '/things', {}, undefined, 5)).items).toHaveLength(3);
    expect(asked).toEqual([]);
    const refused = await walkCursor(client, '/things', {}, 100, 5).catch((error: unknown) => error);
    expect(isLimitRefused(refused)).toBe(true);
    expect((refused as Error).name).toBe('NotVerifiable');
  });
});
