// Accumulates the outcome of every request of a run, whichever load model issued it.
// Latency policy: every request that got a response (any status) or timed out is in the histogram,
// measured until it ended; hiding slow failures would flatter the tail. Connection errors carry no
// server latency and are only counted.
import { encodeHistogram, newHistogram, recordMicros, type Histogram } from './histogram.js';
import type { LoadSeries, SeriesPoint } from './series.js';

export type Outcome =
  | { kind: 'ok'; status: number }
  | { kind: 'error'; status: number; code: string }
  | { kind: 'timeout' }
  | { kind: 'connection-error'; code: string };

export interface RunCounts {
  /** Requests that ended one way or another. */
  completed: number;
  ok: number;
  /** Non-ok responses, timeouts and connection errors. */
  errors: number;
  timeouts: number;
  connectionErrors: number;
  /** Keyed by what a target chose (a status, an error code): null-prototype maps (`countMap`). */
  byStatus: Record<string, number>;
  byCode: Record<string, number>;
}

/**
 * A map of counts keyed by a target's text. Without a prototype, a code named `constructor`, `toString` or
 * `__proto__` is a key like any other (in a plain object the first two read as Object's own functions and the
 * third sets the prototype); JSON.stringify writes it as an ordinary object.
 */
export function countMap(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}

/** Adds `n` to the count of `key`. */
export function addCount(map: Record<string, number>, key: string, n = 1): void {
  map[key] = (map[key] ?? 0) + n;
}

interface LivePoint {
  sent: number;
  completed: number;
  errors: number;
  histogram: Histogram | undefined;
}

/** Longest series kept (seconds): more than any bounded run (3600 s + grace). */
const MAX_SERIES_POINTS = 4000;

export class Recorder {
  readonly histogram: Histogram = newHistogram();
  readonly counts: RunCounts = emptyCounts();
  /** Raw samples, only when asked for (the shard/merge exactness test); bounded. */
  readonly samples: number[] | undefined;
  private readonly sampleCap: number;
  private readonly points: LivePoint[] = [];
  private originMs: number;
  private now: () => number;

  constructor(options: { keepSamples?: number } = {}) {
    this.sampleCap = options.keepSamples ?? 0;
    this.samples = this.sampleCap > 0 ? [] : undefined;
    this.now = () => performance.now();
    this.originMs = this.now();
  }

  /**
   * Where second 0 of the series begins, on the clock `now` (default performance.now()). The open model
   * sets it to its schedule's t0, so the series of workers and shards sharing a t0 line up index by index.
   */
  startSeries(originMs: number, now: () => number = () => performance.now()): void {
    this.originMs = originMs;
    this.now = now;
  }

  /** Epoch ms of second 0 of the series (for a clock on the performance.now() scale). */
  seriesStartEpochMs(): number {
    return performance.timeOrigin + this.originMs;
  }

  private point(): LivePoint {
    const i = Math.min(MAX_SERIES_POINTS - 1, Math.max(0, Math.floor((this.now() - this.originMs) / 1000)));
    let p = this.points[i];
    if (p === undefined) {
      for (let j = this.points.length; j <= i; j++) this.points.push({ sent: 0, completed: 0, errors: 0, histogram: undefined });
      p = this.points[i] as LivePoint;
    }
    return p;
  }

  /** The points so far (live histograms; encodeSeries encodes them). */
  livePoints(): readonly LivePoint[] {
    return this.points;
  }

  /** A request went out (the `sent` of the series). */
  sent(): void {
    this.point().sent++;
  }

  record(outcome: Outcome, latencyUs: number | undefined): void {
    const c = this.counts;
    c.completed++;
    const point = this.point();
    point.completed++;
    if (outcome.kind !== 'ok') point.errors++;
    if (latencyUs !== undefined) {
      recordMicros(this.histogram, latencyUs);
      recordMicros((point.histogram ??= newHistogram()), latencyUs);
      if (this.samples !== undefined && this.samples.length < this.sampleCap) this.samples.push(Math.max(1, Math.round(latencyUs)));
    }
    switch (outcome.kind) {
      case 'ok':
        c.ok++;
        addCount(c.byStatus, String(outcome.status));
        return;
      case 'error':
        c.errors++;
        addCount(c.byStatus, String(outcome.status));
        addCount(c.byCode, outcome.code);
        return;
      case 'timeout':
        c.errors++;
        c.timeouts++;
        addCount(c.byCode, 'timeout');
        return;
      case 'connection-error':
        c.errors++;
        c.connectionErrors++;
        addCount(c.byCode, outcome.code);
        return;
    }
  }
}

/** The series so far, histograms encoded (an empty second has an empty histogram). */
export function encodeSeries(recorder: Recorder): LoadSeries {
  return { startEpochMs: recorder.seriesStartEpochMs(), intervalMs: 1000, points: recorder.livePoints().map(encodePoint) };
}

const EMPTY = encodeHistogram(newHistogram());

function encodePoint(p: LivePoint): SeriesPoint {
  return { sent: p.sent, completed: p.completed, errors: p.errors, histogram: p.histogram === undefined ? EMPTY : encodeHistogram(p.histogram) };
}

function emptyCounts(): RunCounts {
  return { completed: 0, ok: 0, errors: 0, timeouts: 0, connectionErrors: 0, byStatus: countMap(), byCode: countMap() };
}

/** Sums counts of several runs (merge of shards, or of worker threads: their maps arrive as plain objects). */
export function addCounts(parts: RunCounts[]): RunCounts {
  const sum = emptyCounts();
  for (const p of parts) {
    sum.completed += p.completed;
    sum.ok += p.ok;
    sum.errors += p.errors;
    sum.timeouts += p.timeouts;
    sum.connectionErrors += p.connectionErrors;
    for (const [k, v] of Object.entries(p.byStatus)) addCount(sum.byStatus, k, v);
    for (const [k, v] of Object.entries(p.byCode)) addCount(sum.byCode, k, v);
  }
  return sum;
}
