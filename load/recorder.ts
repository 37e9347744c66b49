// Accumulates the outcome of every request of a run, whichever load model issued it.
// Latency policy: every request that got a response (any status) or timed out is in the histogram,
// measured until it ended; hiding slow failures would flatter the tail. Connection errors carry no
// server latency and are only counted.
import { newHistogram, recordMicros, type Histogram } from './histogram.js';

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
  byStatus: Record<string, number>;
  byCode: Record<string, number>;
}

export class Recorder {
  readonly histogram: Histogram = newHistogram();
  readonly counts: RunCounts = { completed: 0, ok: 0, errors: 0, timeouts: 0, connectionErrors: 0, byStatus: {}, byCode: {} };
  /** Raw samples, only when asked for (the shard/merge exactness test); bounded. */
  readonly samples: number[] | undefined;
  private readonly sampleCap: number;

  constructor(options: { keepSamples?: number } = {}) {
    this.sampleCap = options.keepSamples ?? 0;
    this.samples = this.sampleCap > 0 ? [] : undefined;
  }

  record(outcome: Outcome, latencyUs: number | undefined): void {
    const c = this.counts;
    c.completed++;
    if (latencyUs !== undefined) {
      recordMicros(this.histogram, latencyUs);
      if (this.samples !== undefined && this.samples.length < this.sampleCap) this.samples.push(Math.max(1, Math.round(latencyUs)));
    }
    switch (outcome.kind) {
      case 'ok':
        c.ok++;
        bump(c.byStatus, String(outcome.status));
        return;
      case 'error':
        c.errors++;
        bump(c.byStatus, String(outcome.status));
        bump(c.byCode, outcome.code);
        return;
      case 'timeout':
        c.errors++;
        c.timeouts++;
        bump(c.byCode, 'timeout');
        return;
      case 'connection-error':
        c.errors++;
        c.connectionErrors++;
        bump(c.byCode, outcome.code);
        return;
    }
  }
}

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

/** Sums counts of several runs (merge of shards). */
export function addCounts(parts: RunCounts[]): RunCounts {
  const sum: RunCounts = { completed: 0, ok: 0, errors: 0, timeouts: 0, connectionErrors: 0, byStatus: {}, byCode: {} };
  for (const p of parts) {
    sum.completed += p.completed;
    sum.ok += p.ok;
    sum.errors += p.errors;
    sum.timeouts += p.timeouts;
    sum.connectionErrors += p.connectionErrors;
    for (const [k, v] of Object.entries(p.byStatus)) sum.byStatus[k] = (sum.byStatus[k] ?? 0) + v;
    for (const [k, v] of Object.entries(p.byCode)) sum.byCode[k] = (sum.byCode[k] ?? 0) + v;
  }
  return sum;
}
