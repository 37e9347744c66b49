import { describe, expect, it } from 'vitest';
import { findKnee, searchCapacity } from './capacity.js';
import { Recorder } from './recorder.js';
import { buildLatency, errorRatePercent, RESULT_SCHEMA, type LoadResult } from './result.js';
import { parseSlo } from './slo.js';

/** A fake target whose latency is a known function of the offered rate. */
function fakeStep(latencyMsAt: (rate: number) => number, calls: number[]) {
  return async (rate: number): Promise<LoadResult> => {
    calls.push(rate);
    const recorder = new Recorder();
    for (let i = 0; i < 200; i++) recorder.record({ kind: 'ok', status: 201 }, latencyMsAt(rate) * 1000 * (0.5 + i / 400));
    return {
      schema: RESULT_SCHEMA,
      profile: 'send',
      model: { kind: 'open', rate, inFlight: 10 },
      shards: [{ index: 0, count: 1 }],
      runId: 'c',
      target: { baseUrl: 'x' },
      startedAt: '',
      durationMs: 1000,
      offered: 200,
      achievedRate: rate,
      counts: recorder.counts,
      errorRatePercent: errorRatePercent(recorder.counts),
      ...buildLatency(recorder.histogram),
    };
  };
}

const base = { profile: 'send', stepDurationMs: 1000, sloText: 'p99<50ms' };

describe('capacity search', () => {
  it('ramps by doubling until the SLO breaks, then bisects to within the precision', async () => {
    const calls: number[] = [];
    // Holds below 1000/s, breaks above.
    const report = await searchCapacity({ ...base, slo: parseSlo('p99<50ms'), startRate: 50, maxRate: 100_000, runStep: fakeStep((r) => (r <= 1000 ? 10 : 200), calls) });
    expect(calls.slice(0, 6)).toEqual([50, 100, 200, 400, 800, 1600]);
    expect(report.steps.slice(6).every((s) => s.phase === 'bisect')).toBe(true);
    expect(report.highestPassingRate).not.toBeNull();
    expect(report.highestPassingRate).toBeLessThanOrEqual(1000);
    expect(report.lowestFailingRate).toBeGreaterThan(1000);
    expect(((report.lowestFailingRate ?? 0) - (report.highestPassingRate ?? 0)) / (report.lowestFailingRate ?? 1)).toBeLessThanOrEqual(0.05);
    // Every step keeps its histogram for the report's plots.
    expect(report.steps.every((s) => typeof s.histogram === 'string' && s.histogram.length > 0)).toBe(true);
    const curve = report.steps[0]?.percentiles ?? [];
    expect(curve.at(-1)).toMatchObject({ percentile: 100 });
    expect(curve.map((p) => p.ms)).toEqual([...curve.map((p) => p.ms)].sort((a, b) => a - b));
  });

  it('reports no passing rate when even the start rate breaks', async () => {
    const report = await searchCapacity({ ...base, slo: parseSlo('p99<50ms'), startRate: 100, maxRate: 1000, runStep: fakeStep(() => 500, []) });
    expect(report.highestPassingRate).toBeNull();
    expect(report.stoppedBecause).toMatch(/lowest rate/);
  });

  it('stops at the maximum rate when the SLO never breaks', async () => {
    const calls: number[] = [];
    const report = await searchCapacity({ ...base, slo: parseSlo('p99<50ms'), startRate: 100, maxRate: 700, runStep: fakeStep(() => 1, calls) });
    expect(calls).toEqual([100, 200, 400, 700]);
    expect(report.highestPassingRate).toBe(700);
    expect(report.lowestFailingRate).toBeNull();
  });

  it('never runs more than maxSteps steps', async () => {
    const calls: number[] = [];
    await searchCapacity({ ...base, slo: parseSlo('p99<50ms'), startRate: 1, maxRate: 1e9, maxSteps: 5, runStep: fakeStep(() => 1, calls) });
    expect(calls).toHaveLength(5);
  });
});

describe('knee', () => {
  const at = (offeredRate: number, p99: number) => ({ offeredRate, latency: { count: 1, min: 1, mean: 1, p50: 1, p90: p99 / 2, p99, p999: p99, max: p99 } });

  it('is the last rate before the p99 exceeds 3x the baseline of the lowest rates', () => {
    const steps = [at(1600, 188), at(50, 3), at(100, 6), at(200, 3.3), at(400, 3), at(800, 1.7), at(1200, 15)];
    // baseline: the lowest of 3, 6 and 3.3 = 3; limit 9 ms; 1200/s is the first step beyond it.
    expect(findKnee(steps)).toEqual({ offeredRate: 800, p90: 0.85, p99: 1.7 });
    expect(findKnee([])).toBeNull();
  });

  it('ignores sub-millisecond jitter and is the lowest rate when latency bends at once', () => {
    expect(findKnee([at(100, 0.2), at(200, 0.9), at(400, 1.1), at(800, 30)])?.offeredRate).toBe(400);
    expect(findKnee([at(100, 5), at(200, 50), at(400, 90)])?.offeredRate).toBe(100);
  });
});
