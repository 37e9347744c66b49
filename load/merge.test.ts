import { describe, expect, it } from 'vitest';
import { prng } from './bodies.js';
import { decodeHistogram, encodeHistogram, newHistogram, recordMicros } from './histogram.js';
import { fingerprint } from './test-helpers.js';
import { mergeResults } from './merge.js';
import { Recorder } from './recorder.js';
import { buildLatency, errorRatePercent, RESULT_SCHEMA, type LoadResult } from './result.js';

function shardResult(index: number, count: number, samples: number[], errors: number): LoadResult {
  const recorder = new Recorder();
  for (const us of samples) recorder.record({ kind: 'ok', status: 201 }, us);
  for (let i = 0; i < errors; i++) recorder.record({ kind: 'error', status: 429, code: 'outbound_limit_reached' }, 1000);
  return {
    schema: RESULT_SCHEMA,
    profile: 'send',
    model: { kind: 'open', rate: 300, inFlight: 10 },
    shards: [{ index, count }],
    runId: 'r',
    target: { baseUrl: 'http://127.0.0.1:1/v4' },
    startedAt: new Date(1_700_000_000_000 + index).toISOString(),
    durationMs: 1000 + index,
    offered: samples.length + errors,
    achievedRate: samples.length + errors,
    counts: recorder.counts,
    errorRatePercent: errorRatePercent(recorder.counts),
    ...buildLatency(recorder.histogram),
  };
}

describe('merge', () => {
  it('adds histograms exactly: the merged percentiles are those of all samples together', () => {
    const random = prng(42);
    // Three shards with deliberately different distributions (averaging their p99s would be wrong).
    const parts = [0, 1, 2].map((i) => Array.from({ length: 2000 + i * 500 }, () => Math.floor((i + 1) ** 3 * 1000 * -Math.log(1 - random())) + 1));
    const merged = mergeResults(parts.map((samples, i) => shardResult(i, 3, samples, i)));

    const all = newHistogram();
    for (const us of parts.flat()) recordMicros(all, us);
    for (let i = 0; i < 3; i++) recordMicros(all, 1000);
    // Compared in the form results carry (encoded): a live histogram keeps the exact max, an encoded one its bucket.
    const allEncoded = decodeHistogram(encodeHistogram(all));
    expect(fingerprint(decodeHistogram(merged.histogram))).toEqual(fingerprint(allEncoded));
    expect(merged.latency.p99).toBe(allEncoded.getValueAtPercentile(99) / 1000);
    const averaged = parts.map((p) => shardResult(0, 1, p, 0).latency.p99).reduce((a, b) => a + b) / 3;
    expect(merged.latency.p99).not.toBe(averaged);
  });

  it('adds counts, errors by code and offered requests; rate over the longest shard', () => {
    const merged = mergeResults([shardResult(0, 2, [10, 20], 1), shardResult(1, 2, [30], 2)]);
    expect(merged.counts).toMatchObject({ completed: 6, ok: 3, errors: 3, byStatus: { '201': 3, '429': 3 }, byCode: { outbound_limit_reached: 3 } });
    expect(merged.offered).toBe(6);
    expect(merged.durationMs).toBe(1001);
    expect(merged.achievedRate).toBeCloseTo(6 / 1.001, 6);
    expect(merged.errorRatePercent).toBe(50);
    expect(merged.shards).toEqual([
      { index: 0, count: 2 },
      { index: 1, count: 2 },
    ]);
  });

  it('refuses a shard given twice, different profiles and different total rates', () => {
    const a = shardResult(0, 2, [10], 0);
    expect(() => mergeResults([a, a])).toThrow(/twice/);
    expect(() => mergeResults([a, { ...shardResult(1, 2, [10], 0), profile: 'send-chat' }])).toThrow(/profile "send-chat" differs/);
    expect(() => mergeResults([a, { ...shardResult(1, 2, [10], 0), model: { kind: 'open', rate: 1, inFlight: 1 } }])).toThrow(/rates/);
  });

  it('round-trips a histogram through its encoding', () => {
    const h = newHistogram();
    for (const us of [1, 2, 3, 1000, 250_000, 9_999_999]) recordMicros(h, us);
    const once = decodeHistogram(encodeHistogram(h));
    expect(fingerprint(decodeHistogram(encodeHistogram(once)))).toEqual(fingerprint(once));
    expect(once.totalCount).toBe(6);
    expect(once.getValueAtPercentile(50)).toBe(h.getValueAtPercentile(50));
  });
});
