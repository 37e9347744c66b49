// Merges shard results exactly, once they are known to form one run's set (load/shard-set.ts): histograms
// are added bucket by bucket and percentiles are computed from the sum (never averaged); counts and
// per-second series are added; the achieved rate is the total
// completed over the time the shards took together (their durations laid out at their real starts, when
// the results carry their windows), so shards that did not run side by side are not credited with the sum.
import { addHistograms } from './histogram.js';
import { DEFAULT_MIN_OVERLAP, overlapOf } from './overlap.js';
import { addCount, addCounts, countMap } from './recorder.js';
import { mergeSeries } from './series.js';
import { checkShardSet } from './shard-set.js';
import { buildLatency, deliveryFigures, errorRatePercent, RESULT_SCHEMA, type LoadResult, type ModelSpec } from './result.js';

export interface MergeOptions {
  /** The least overlap of the shards' windows at which an SLO may be judged (the figure is recorded). */
  minOverlap?: number;
  /** What names each result in a refusal (the files they were read from); default "result 1", ... */
  names?: readonly string[];
  /** Merge a set with shards missing, on purpose: the result says which (`partial`). */
  allowPartial?: boolean;
}

/** The sum of a coherent set of shard results (load/shard-set.ts); IncoherentShardsError otherwise. */
export function mergeResults(results: LoadResult[], options: MergeOptions = {}): LoadResult {
  const set = checkShardSet(
    results.map((result, i) => ({ name: options.names?.[i] ?? `result ${i + 1}`, result })),
    { allowPartial: options.allowPartial === true },
  );
  const first = results[0] as LoadResult;
  const shards = results.flatMap((r) => r.shards).sort((a, b) => a.index - b.index);
  const histogram = addHistograms(results.map((r) => r.histogram));
  const counts = addCounts(results.map((r) => r.counts));
  const windows = results.map((r) => r.window).filter((w) => w !== undefined);
  const allWindows = windows.length === results.length;
  const firstStart = allWindows ? Math.min(...windows.map((w) => w.startEpochMs)) : 0;
  const durationMs = Math.round(Math.max(...results.map((r) => r.durationMs + (allWindows && r.window ? r.window.startEpochMs - firstStart : 0))));
  const merged: LoadResult = {
    schema: RESULT_SCHEMA,
    profile: first.profile,
    model: mergeModels(results.map((r) => r.model)),
    shards,
    runId: first.runId,
    target: first.target,
    startedAt: results.map((r) => r.startedAt).sort()[0] ?? first.startedAt,
    durationMs,
    offered: results.reduce((n, r) => n + r.offered, 0),
    achievedRate: counts.completed / (durationMs / 1000),
    counts,
    errorRatePercent: errorRatePercent(counts),
    ...buildLatency(histogram),
    unsent: results.reduce((n, r) => n + (r.unsent ?? 0), 0),
  };
  if (set.missing.length > 0) merged.partial = set;
  if (allWindows) {
    merged.window = { startEpochMs: firstStart, endEpochMs: Math.max(...windows.map((w) => w.endEpochMs)) };
    merged.overlap = overlapOf(windows, options.minOverlap ?? DEFAULT_MIN_OVERLAP);
  }
  const series = results.map((r) => r.series).filter((s) => s !== undefined);
  if (series.length === results.length) merged.series = mergeSeries(series);
  const deliveries = results.map((r) => r.delivery).filter((d) => d !== undefined);
  if (deliveries.length > 0) {
    const sum = (pick: (d: (typeof deliveries)[number]) => number): number => deliveries.reduce((n, d) => n + pick(d), 0);
    merged.delivery = deliveryFigures(
      { expected: sum((d) => d.expected), delivered: sum((d) => d.delivered), lost: sum((d) => d.lost), duplicated: sum((d) => d.duplicated), badlySigned: sum((d) => d.badlySigned), unmatched: sum((d) => d.unmatched) },
      deliveries.map((d) => d.histogram),
    );
  }
  const verifies = results.map((r) => r.verify).filter((v) => v !== undefined);
  if (verifies.length > 0) {
    const figures = countMap();
    for (const v of verifies) for (const [k, n] of Object.entries(v.figures)) addCount(figures, k, n);
    merged.verify = { ok: verifies.every((v) => v.ok), findings: verifies.flatMap((v) => v.findings), figures };
  }
  return merged;
}

function mergeModels(models: ModelSpec[]): ModelSpec {
  const first = models[0];
  if (first === undefined) throw new Error('nothing to merge');
  if (first.kind === 'open') {
    // Every shard records the run's total offered rate; they must agree.
    const rates = new Set(models.map((m) => (m.kind === 'open' ? m.rate : NaN)));
    if (rates.size > 1) throw new Error(`shards were run at different total rates (${[...rates].join(', ')})`);
    return { kind: 'open', rate: first.rate, inFlight: models.reduce((n, m) => n + (m.kind === 'open' ? m.inFlight : 0), 0) };
  }
  return { kind: 'closed', connections: models.reduce((n, m) => n + (m.kind === 'closed' ? m.connections : 0), 0) };
}
