// Adds per-second series of shards (contracts: LoadResult.series). Each shard's point i covers
// [its startEpochMs + i s, +1 s); shards are lined up on the earliest start, each shard's points shifted
// by its start offset rounded to whole seconds, then counts and histograms are added point by point.
// With a coordinated start (--start-at) the offsets are milliseconds and every point lines up.
import { addHistograms, encodeHistogram } from './histogram.js';
import type { LoadSeries } from './result.js';

export function mergeSeries(parts: LoadSeries[]): LoadSeries | undefined {
  if (parts.length === 0) return undefined;
  const startEpochMs = Math.min(...parts.map((s) => s.startEpochMs));
  const slots: Array<{ sent: number; completed: number; errors: number; histograms: string[] }> = [];
  for (const part of parts) {
    const shift = Math.round((part.startEpochMs - startEpochMs) / part.intervalMs);
    part.points.forEach((point, i) => {
      const slot = (slots[shift + i] ??= { sent: 0, completed: 0, errors: 0, histograms: [] });
      slot.sent += point.sent;
      slot.completed += point.completed;
      slot.errors += point.errors;
      slot.histograms.push(point.histogram);
    });
  }
  const points = Array.from(slots, (slot) => {
    const s = slot ?? { sent: 0, completed: 0, errors: 0, histograms: [] };
    return { sent: s.sent, completed: s.completed, errors: s.errors, histogram: encodeHistogram(addHistograms(s.histograms)) };
  });
  return { startEpochMs, intervalMs: 1000, points };
}
