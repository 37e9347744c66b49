// How much the shards of one run overlapped in time. Shards add up to the planned load only while all of
// them run: the merge reports the share of the run during which every shard was running and refuses to
// judge an SLO below a threshold (cli/commands/load/merge.ts), since a p99 of shards that ran one after another
// says nothing about the target under the combined rate.
import type { OverlapFigures } from './result.js';
import type { RunWindow } from './start-at.js';

/** The default least overlap at which `mcs load merge` judges an SLO. */
export const DEFAULT_MIN_OVERLAP = 0.9;

export function overlapOf(windows: RunWindow[], threshold: number): OverlapFigures {
  if (windows.length === 0) throw new Error('no shard windows');
  const firstStart = Math.min(...windows.map((w) => w.startEpochMs));
  const lastStart = Math.max(...windows.map((w) => w.startEpochMs));
  const firstEnd = Math.min(...windows.map((w) => w.endEpochMs));
  const lastEnd = Math.max(...windows.map((w) => w.endEpochMs));
  const spanMs = lastEnd - firstStart;
  const commonMs = Math.max(0, firstEnd - lastStart);
  const round = (n: number): number => Math.round(n * 1000) / 1000;
  return { ratio: spanMs <= 0 ? 1 : round(commonMs / spanMs), commonMs: round(commonMs), spanMs: round(spanMs), threshold, startSkewMs: round(lastStart - firstStart) };
}

/** One line for the console. */
export function formatOverlap(o: OverlapFigures): string {
  const verdict = o.ratio >= o.threshold ? 'ok' : o.skewAllowed === true ? 'below the threshold, merged anyway (--allow-skew)' : 'below the threshold';
  return `windows: all shards ran together ${(o.ratio * 100).toFixed(1)}% of the run (${(o.commonMs / 1000).toFixed(2)} s of ${(o.spanMs / 1000).toFixed(2)} s; starts ${o.startSkewMs.toFixed(0)} ms apart; threshold ${(o.threshold * 100).toFixed(0)}%): ${verdict}`;
}
