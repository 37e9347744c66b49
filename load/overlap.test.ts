// The merge's overlap check and series merge, on hand-made shard results (contracts: LoadResult.window
// and LoadResult.series).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHistogram, encodeHistogram, newHistogram, recordMicros } from './histogram.js';
import { mergeResults } from './merge.js';
import { overlapOf } from './overlap.js';
import { Recorder } from './recorder.js';
import { buildLatency, errorRatePercent, RESULT_SCHEMA, type LoadResult } from './result.js';
import type { LoadSeries } from './series.js';
import { mergeSeries } from './series.js';
import { runMcsHere } from './test-helpers.js';

const T0 = 1_790_000_000_000;

function histogramOf(...us: number[]): string {
  const h = newHistogram();
  for (const v of us) recordMicros(h, v);
  return encodeHistogram(h);
}

function series(startEpochMs: number, points: Array<[sent: number, completed: number, errors: number, us: number[]]>): LoadSeries {
  return { startEpochMs, intervalMs: 1000, points: points.map(([sent, completed, errors, us]) => ({ sent, completed, errors, histogram: histogramOf(...us) })) };
}

/** Shard i of n: 10 requests a second for `seconds`, starting `offsetMs` after T0. */
function shard(index: number, count: number, offsetMs: number, seconds = 10, withWindow = true): LoadResult {
  const recorder = new Recorder();
  for (let i = 0; i < 10 * seconds; i++) recorder.record({ kind: 'ok', status: 201 }, 1000 + index);
  const start = T0 + offsetMs;
  return {
    schema: RESULT_SCHEMA,
    profile: 'send',
    model: { kind: 'open', rate: 10 * count, inFlight: 4 },
    shards: [{ index, count }],
    runId: 'r',
    target: { baseUrl: 'http://127.0.0.1:1/v4' },
    startedAt: new Date(start).toISOString(),
    durationMs: seconds * 1000,
    offered: 10 * seconds,
    achievedRate: 10,
    counts: recorder.counts,
    errorRatePercent: errorRatePercent(recorder.counts),
    ...buildLatency(recorder.histogram),
    ...(withWindow ? { window: { startEpochMs: start, endEpochMs: start + seconds * 1000, plannedStartEpochMs: T0, lateByMs: offsetMs } } : {}),
  };
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

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcs-overlap-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function files(...results: LoadResult[]): Promise<string[]> {
  return Promise.all(
    results.map(async (r, i) => {
      const path = join(dir, `s${i}-${Math.random().toString(36).slice(2)}.json`);
      await writeFile(path, JSON.stringify(r));
      return path;
    }),
  );
}

describe('mcs load merge and the overlap', () => {
  it('judges the SLO when the windows overlapped', async () => {
    const out = join(dir, 'ok.json');
    const r = await runMcsHere(['load', 'merge', ...(await files(shard(0, 2, 0), shard(1, 2, 40))), '--slo', 'p99<50ms', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/all shards ran together 99\.2% .*: ok/);
    expect(r.stdout).toMatch(/slo p99<50ms: pass/);
  });

  it('refuses to judge the SLO below the threshold: exit 1 with the reason, the merged result still written', async () => {
    const out = join(dir, 'refused.json');
    const r = await runMcsHere(['load', 'merge', ...(await files(shard(0, 2, 0), shard(1, 2, 3000))), '--slo', 'p99<50ms', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/slo p99<50ms: not judged: the shards ran together only 53\.8% of the run \(threshold 90%, starts 3000 ms apart\)/);
    const merged = JSON.parse(await readFile(out, 'utf8')) as LoadResult;
    expect(merged.slo).toBeUndefined();
    expect(merged.overlap?.ratio).toBe(0.538);
  });

  it('--allow-skew judges it anyway and marks the result; --min-overlap moves the threshold', async () => {
    const out = join(dir, 'skewed.json');
    const inputs = await files(shard(0, 2, 0), shard(1, 2, 3000));
    const r = await runMcsHere(['load', 'merge', ...inputs, '--slo', 'p99<50ms', '--allow-skew', '--out', out]);
    expect(r.code).toBe(0);
    const merged = JSON.parse(await readFile(out, 'utf8')) as LoadResult;
    expect(merged.overlap?.skewAllowed).toBe(true);
    expect(merged.slo?.pass).toBe(true);
    expect(merged.slo?.caveat).toMatch(/--allow-skew: the shards ran together only 53\.8%/);
    const lower = await runMcsHere(['load', 'merge', ...inputs, '--slo', 'p99<50ms', '--min-overlap', '0.5', '--out', join(dir, 'lower.json')]);
    expect(lower.code).toBe(0);
  });

  it('refuses to judge shards whose windows are unknown', async () => {
    const r = await runMcsHere(['load', 'merge', ...(await files(shard(0, 2, 0), shard(1, 2, 0, 10, false))), '--slo', 'p99<50ms', '--out', join(dir, 'unknown.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/not judged: the overlap of the shards cannot be checked: .*s1-.*\.json records no window/);
  });

  it('--min-overlap out of range is a usage error', async () => {
    const r = await runMcsHere(['load', 'merge', ...(await files(shard(0, 1, 0))), '--min-overlap', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--min-overlap must be a fraction in \[0, 1\]/);
  });
});
