// The merge's overlap check and series merge, on hand-made shard results (contracts: LoadResult.window
// and LoadResult.series). `mcs load merge` itself: cli/commands/load/merge.test.ts.
import { describe, expect, it } from 'vitest';
import { decodeHistogram, encodeHistogram, newHistogram, recordMicros } from './histogram.js';
import { mergeResults } from './merge.js';
import { overlapOf } from './overlap.js';
import type { LoadResult } from './result.js';
import type { LoadSeries } from './series.js';
import { mergeSeries } from './series.js';
import { shardResult as shard, T0 } from './test-helpers.js';

function histogramOf(...us: number[]): string {
  const h = newHistogram();
  for (const v of us) recordMicros(h, v);
  return encodeHistogram(h);
}

function series(startEpochMs: number, points: Array<[sent: number, completed: number, errors: number, us: number[]]>): LoadSeries {
  return { startEpochMs, intervalMs: 1000, points: points.map(([sent, completed, errors, us]) => ({ sent, completed, errors, histogram: histogramOf(...us) })) };
}

describe('overlapOf', () => {
  it('is the time all shards ran together over the span from the first start to the last end', () => {
    expect(overlapOf([{ startEpochMs: 0, endEpochMs: 10_000 }, { startEpochMs: 0, endEpochMs: 10_000 }], 0.9)).toMatchObject({ ratio: 1, commonMs: 10_000, spanMs: 10_000, startSkewMs: 0 });
    // One shard 2 s late: together 8 s of 12 s.
    expect(overlapOf([{ startEpochMs: 0, endEpochMs: 10_000 }, { startEpochMs: 2000, endEpochMs: 12_000 }], 0.9)).toMatchObject({ ratio: 0.667, commonMs: 8000, spanMs: 12_000, startSkewMs: 2000 });
    // One after the other: never together.
    expect(overlapOf([{ startEpochMs: 0, endEpochMs: 10_000 }, { startEpochMs: 10_000, endEpochMs: 20_000 }], 0.9)).toMatchObject({ ratio: 0, commonMs: 0 });
  });
});

describe('merge with windows', () => {
  it('records the overlap and the union window; the rate is over the time the shards took together', () => {
    const together = mergeResults([shard(0, 3, 0), shard(1, 3, 3), shard(2, 3, 1)]);
    expect(together.overlap).toMatchObject({ ratio: 0.999, commonMs: 9997, spanMs: 10_003, startSkewMs: 3, threshold: 0.9 });
    expect(together.window).toEqual({ startEpochMs: T0, endEpochMs: T0 + 10_003 });
    expect(together.achievedRate).toBeCloseTo(300 / 10.003, 6);

    const skewed = mergeResults([shard(0, 2, 0), shard(1, 2, 5000)], { minOverlap: 0.5 });
    expect(skewed.overlap).toMatchObject({ ratio: 0.333, threshold: 0.5 });
    // 200 requests over the 15 s the two shards took, not over one shard's 10 s.
    expect(skewed.durationMs).toBe(15_000);
    expect(skewed.achievedRate).toBeCloseTo(200 / 15, 6);
  });

  it('records no overlap when a shard has no window', () => {
    expect(mergeResults([shard(0, 2, 0), shard(1, 2, 0, 10, false)]).overlap).toBeUndefined();
  });
});

describe('mergeSeries', () => {
  it('lines the shards up on their starts and adds counts and histograms per second', () => {
    const a = series(T0, [
      [10, 10, 0, [1000, 2000]],
      [10, 9, 1, [3000]],
    ]);
    // Starts 2 ms later: the same seconds.
    const b = series(T0 + 2, [
      [10, 10, 1, [5000]],
      [10, 10, 0, []],
    ]);
    // Starts 1 s later (a late shard): its first point is the merged second point.
    const c = series(T0 + 1000, [[5, 5, 0, [7000]]]);
    const merged = mergeSeries([a, b, c]);
    expect(merged?.startEpochMs).toBe(T0);
    expect(merged?.intervalMs).toBe(1000);
    expect(merged?.points.map((p) => [p.sent, p.completed, p.errors])).toEqual([
      [20, 20, 1],
      [25, 24, 1],
    ]);
    const second = decodeHistogram(merged?.points[1]?.histogram ?? '');
    expect(second.totalCount).toBe(2);
    expect(second.maxValue).toBeGreaterThanOrEqual(6990);
    expect(decodeHistogram(merged?.points[0]?.histogram ?? '').totalCount).toBe(3);
  });

  it('the merge carries the merged series when every shard has one', () => {
    const parts = [shard(0, 2, 0, 2), shard(1, 2, 0, 2)].map((r, i) => ({ ...r, series: series(T0 + i, [[10, 10, 0, [1000]], [10, 10, 0, [1000]]]) }));
    expect(mergeResults(parts).series?.points.map((p) => p.completed)).toEqual([20, 20]);
    expect(mergeResults([parts[0] as LoadResult, shard(1, 2, 0, 2)]).series).toBeUndefined();
  });
});
