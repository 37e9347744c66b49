// Worker threads split a run exactly as shards do: every request of the schedule is sent once, keys never
// collide, and the merged histogram and per-second series are exactly those of all the samples.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHistogram, encodeHistogram, newHistogram, recordMicros } from './histogram.js';
import { apiSetup } from './profiles/common.js';
import { send } from './profiles/send.js';
import { runLoad } from './runner.js';
import { mergeSeries } from './series.js';
import { startStubApi, type StubApi } from './stub-api.js';
import { fingerprint } from './test-helpers.js';
import { BUILT_IN_PROFILES, workerShard } from './workers.js';
import { timeLimit } from '../test/support/pace.js';

let stub: StubApi;
beforeAll(async () => {
  stub = await startStubApi();
});
afterAll(() => stub.close());

describe('workers', () => {
  it('are shards of the shard: worker w of W within i/N takes g ≡ i + N·w (mod N·W)', () => {
    const shard = { index: 1, count: 3 };
    const parts = [0, 1].map((w) => workerShard(shard, w, 2));
    expect(parts).toEqual([{ index: 1, count: 6 }, { index: 4, count: 6 }]);
    // Together they hold exactly the shard's requests g ≡ 1 (mod 3).
    const held = parts.flatMap((p) => Array.from({ length: 5 }, (_, k) => k * p.count + p.index)).sort((a, b) => a - b);
    expect(held).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28]);
  });

  it.each(['open', 'closed'] as const)('%s model on 2 workers: every request once, the histogram and series exact', async (kind) => {
    const before = stub.keys.size;
    const context = { target: { v4Url: stub.baseUrl, apiKey: 'test-key' }, shard: { index: 0, count: 1 }, runId: `workers-${kind}`, options: {}, log: () => undefined };
    const state = await apiSetup(context, 'send');
    const rate = 200;
    const model = kind === 'open' ? { kind, rate, inFlight: 16 } : { kind, connections: 4 };
    const { result, samples } = await runLoad({ profile: send, state, model, workers: 2, shard: context.shard, runId: context.runId, durationMs: 1000, maxRequests: kind === 'open' ? 10_000 : 300, timeoutMs: timeLimit({ requests: 1 }), keepSamples: 10_000 });

    expect(result.generator?.workers).toBe(2);
    expect(result.counts.ok).toBe(result.counts.completed);
    if (kind === 'open') expect(result.offered).toBe(rate);
    else expect(result.offered).toBeGreaterThan(0);
    expect(result.offered).toBe(result.counts.completed);
    // Keys partitioned: the server saw one distinct key per request.
    expect(stub.keys.size - before).toBe(result.counts.completed);

    const all = newHistogram();
    for (const us of samples ?? []) recordMicros(all, us);
    expect(samples).toHaveLength(result.counts.completed);
    expect(fingerprint(decodeHistogram(result.histogram))).toEqual(fingerprint(decodeHistogram(encodeHistogram(all))));

    const series = result.series;
    expect(series).toBeDefined();
    const points = series?.points ?? [];
    expect(points.reduce((n, p) => n + p.completed, 0)).toBe(result.counts.completed);
    expect(points.reduce((n, p) => n + p.sent, 0)).toBe(result.counts.completed);
    const fromSeries = newHistogram();
    for (const p of points) fromSeries.add(decodeHistogram(p.histogram));
    expect(fingerprint(fromSeries)).toEqual(fingerprint(decodeHistogram(result.histogram)));
  });
});

describe('a worker that cannot run', () => {
  it('fails the run with its reason rather than hanging it', async () => {
    const state = { baseUrl: stub.baseUrl, headers: {} };
    const run = runLoad({ profile: send, profileRef: { module: BUILT_IN_PROFILES, name: 'no-such-profile' }, state: state as never, model: { kind: 'open', rate: 10, inFlight: 2 }, workers: 2, shard: { index: 0, count: 1 }, runId: 'x', durationMs: 500, maxRequests: 10, timeoutMs: 1000 });
    await expect(run).rejects.toThrow(/no profile 'no-such-profile'/);
  });
});

describe('series merge', () => {
  it('lines parts up on their start second and adds counts and histograms', () => {
    const h = (values: number[]): string => {
      const x = newHistogram();
      for (const v of values) recordMicros(x, v);
      return encodeHistogram(x);
    };
    const a = { startEpochMs: 10_000, intervalMs: 1000 as const, points: [{ sent: 2, completed: 1, errors: 0, histogram: h([100]) }, { sent: 1, completed: 2, errors: 1, histogram: h([200, 300]) }] };
    const b = { startEpochMs: 11_000.4, intervalMs: 1000 as const, points: [{ sent: 5, completed: 5, errors: 0, histogram: h([1, 2, 3, 4, 5]) }] };
    const merged = mergeSeries([a, b]);
    expect(merged?.startEpochMs).toBe(10_000);
    expect(merged?.points.map((p) => [p.sent, p.completed, p.errors])).toEqual([[2, 1, 0], [6, 7, 1]]);
    expect(decodeHistogram(merged?.points[1]?.histogram ?? '').totalCount).toBe(7);
  });
});
