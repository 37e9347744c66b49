// The per-second series of a load result: what was sent, completed and failed in each second, and the
// latency histogram of that second's completions. Several series (workers, shards) are merged exactly:
// aligned on their start times, counts added, histograms added bucket by bucket.
import { addHistograms, encodeHistogram } from './histogram.js';

/** Point i covers [startEpochMs + i·1000, +1000). */
export interface LoadSeries {
  startEpochMs: number;
  intervalMs: 1000;
  points: SeriesPoint[];
}

export interface SeriesPoint {
  sent: number;
  completed: number;
  errors: number;
  /** Latencies (µs) of the requests completed in that second, encoded as encodeHistogram does. */
  histogram: string;
}

/**
 * Adds series point by point. Each part is placed at the whole second nearest its start relative to the
 * earliest one (parts that share a t0, as workers and aligned shards do, line up exactly).
 */
export function mergeSeries(parts: LoadSeries[]): LoadSeries | undefined {
  if (parts.length === 0) return undefined;
  const startEpochMs = Math.min(...parts.map((p) => p.startEpochMs));
  const slots: Array<{ sent: number; completed: number; errors: number; histograms: string[] }> = [];
  for (const part of parts) {
    const offset = Math.round((part.startEpochMs - startEpochMs) / 1000);
    part.points.forEach((p, i) => {
      const slot = (slots[offset + i] ??= { sent: 0, completed: 0, errors: 0, histograms: [] });
      slot.sent += p.sent;
      slot.completed += p.completed;
      slot.errors += p.errors;
      slot.histograms.push(p.histogram);
    });
  }
  const points = Array.from(slots, (s) => (s === undefined ? { sent: 0, completed: 0, errors: 0, histogram: encodeHistogram(addHistograms([])) } : { sent: s.sent, completed: s.completed, errors: s.errors, histogram: encodeHistogram(addHistograms(s.histograms)) }));
  return { startEpochMs, intervalMs: 1000, points };
}
