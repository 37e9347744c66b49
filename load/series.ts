// The per-second series of a load run (contracts.md, "Load result series"): point i covers
// [startEpochMs + i*1000, +1000) with the requests sent, completed and failed in that second and the
// hdr histogram (µs, encoded as encodeHistogram does) of those completed. The load generator records it,
// shard merging adds it up, the load report plots it; this module owns the type and its reading.
import { addHistograms, decodeHistogram, encodeHistogram } from './histogram.js';

export interface SeriesPoint {
  sent: number;
  completed: number;
  errors: number;
  /** Latencies (µs) of the requests completed in this second, hdr compressed base64. */
  histogram: string;
}

export interface LoadSeries {
  startEpochMs: number;
  intervalMs: 1000;
  points: SeriesPoint[];
}

/** One second as plotted: counts per second and latency percentiles in ms (undefined: none completed). */
export interface SecondView {
  /** Seconds since the series' own start. */
  t: number;
  sent: number;
  completed: number;
  errors: number;
  p50?: number;
  p90?: number;
  p99?: number;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

function percentilesOf(encoded: unknown): Pick<SecondView, 'p50' | 'p90' | 'p99'> {
  if (typeof encoded !== 'string' || encoded === '') return {};
  try {
    const h = decodeHistogram(encoded);
    if (h.totalCount === 0) return {};
    return { p50: h.getValueAtPercentile(50) / 1000, p90: h.getValueAtPercentile(90) / 1000, p99: h.getValueAtPercentile(99) / 1000 };
  } catch {
    return {};
  }
}

/**
 * The seconds of a series as read from any JSON (a result file of another version, hand-edited): undefined
 * when there is no usable series; points that are not objects count as empty seconds.
 */
export function readSeries(value: unknown): { startEpochMs: number; seconds: SecondView[] } | undefined {
  if (!isObj(value) || !Array.isArray(value['points']) || value['points'].length === 0) return undefined;
  const start = value['startEpochMs'];
  const interval = typeof value['intervalMs'] === 'number' && value['intervalMs'] > 0 ? value['intervalMs'] : 1000;
  const seconds = value['points'].map((p: unknown, i): SecondView => {
    const point = isObj(p) ? p : {};
    return { t: (i * interval) / 1000, sent: count(point['sent']), completed: count(point['completed']), errors: count(point['errors']), ...percentilesOf(point['histogram']) };
  });
  return { startEpochMs: typeof start === 'number' && Number.isFinite(start) ? start : 0, seconds };
}

/**
 * Adds the series of shards: each shard's point i covers [its startEpochMs + i s, +1 s); shards are lined up
 * on the earliest start, each shifted by its start offset rounded to whole seconds, then counts and
 * histograms are added point by point. With a coordinated start (--start-at) every point lines up.
 */
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
