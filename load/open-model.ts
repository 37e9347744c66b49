// The open load model: requests arrive on a fixed schedule (constant arrival rate), whatever the server
// does. Why not autocannon here: autocannon (like wrk) times each request from the moment it actually
// writes it, and a connection only writes its next request once the previous response is in. When the
// server stalls, the requests that *should* have been sent during the stall are simply never sent, so
// they never show up in the percentiles ("coordinated omission"). autocannon's --rate mode only patches
// this with HdrHistogram's recordValueWithExpectedInterval, which back-fills synthetic samples assuming
// a per-connection interval; it does not know the real schedule.
//
// So this is a small scheduler in the style of wrk2: slot k of the schedule is *intended* to start at
// t0 + offset(k) (see schedule.ts). One loop walks the slots in order: it sleeps until the next slot is
// due, then sends every slot that is due without waiting for their answers (at most `inFlight` at once),
// and records latency = completion − intended start. If the in-flight cap is full behind a stalled
// server, slot k goes out late and the lateness is part of its latency — exactly what a user arriving at
// that moment would have experienced. The generator's own lateness in sending (event-loop lag) is
// reported separately (sendLag) so a saturated load generator is visible rather than blamed on the
// server. (One loop rather than one async worker per in-flight slot: a timer and a promise per request
// were most of the generator's cost at high rates.)
//
// Early sends: node's timers run on libuv's cached, whole-millisecond clock, so a sleep can end up to
// ~1 ms before the intended time. Measuring such a request from its intended start would credit it
// with less time than it really waited (a fast loopback answer came out as 0 µs). So the clock of a
// request starts at the earlier of its intended start and its actual send: a late send is measured
// from when it should have gone (its lateness counts), an early one from when it really went.
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { newHistogram, recordMicros, summarize, type Histogram, type LatencySummary } from './histogram.js';
import type { Outcome, Recorder } from './recorder.js';
import { intendedOffsetMs, scheduledCount } from './schedule.js';
import type { Shard } from './types.js';

export interface OpenModelOptions {
  /** Offered rate of the whole run (all shards), requests per second. */
  rate: number;
  shard: Shard;
  durationMs: number;
  /** Hard cap on requests issued by this process. */
  maxRequests: number;
  /** Concurrency cap (workers = maximum requests in flight). */
  inFlight: number;
  /** After the last intended start, how long in-flight requests may take before the run is cut. */
  graceMs: number;
  recorder: Recorder;
  execute(k: number, signal: AbortSignal): Promise<Outcome>;
  /** Shared start time (performance.now() scale); defaults to now. Shards of one process could share it. */
  t0?: number;
  /** The clock (tests inject a fake one); defaults to performance.now() and timers. */
  clock?: Clock;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: Clock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

/** When a request's latency starts: its intended start, or its actual send if a timer woke it early. */
export function latencyStart(intended: number, sentAt: number): number {
  return Math.min(intended, sentAt);
}

export interface OpenModelRun {
  /** Slots in the schedule (bounded by maxRequests). */
  scheduled: number;
  /** Slots that were never sent because the run was cut at duration + grace (counted as timeouts). */
  unsent: number;
  elapsedMs: number;
  /** Epoch ms of t0, the schedule's origin (to line the schedule up with a server's clock). */
  t0EpochMs: number;
  /** How late the generator sent requests relative to their intended start (its own saturation). */
  sendLag: LatencySummary;
  /** The same as a histogram (µs), to add up the lag of several workers exactly. */
  sendLagHistogram: Histogram;
}

/** Sends in a row without yielding, at most, when behind schedule: responses must get their turn. */
const BURST = 64;

export async function runOpenModel(options: OpenModelOptions): Promise<OpenModelRun> {
  const { rate, shard, recorder } = options;
  const clock = options.clock ?? realClock;
  if (!(rate > 0)) throw new Error('the open model needs a rate > 0');
  const scheduled = Math.min(scheduledCount(rate, options.durationMs, shard), options.maxRequests);
  const t0 = options.t0 ?? clock.now();
  recorder.startSeries(t0, () => clock.now());
  const deadline = t0 + options.durationMs + options.graceMs;
  const stop = new AbortController();
  // Every request listens on the run's signal; that is by design, not a leak.
  setMaxListeners(0, stop.signal);
  const hardStop = setTimeout(() => stop.abort(new Error('run cut at duration + grace')), Math.max(0, deadline - clock.now()));
  const lag = newHistogram();
  const cap = Math.max(1, options.inFlight);
  let inFlight = 0;
  let wake: (() => void) | undefined;
  let unsent = 0;

  const finish = (start: number, outcome: Outcome): void => {
    inFlight--;
    recorder.record(outcome, outcome.kind === 'connection-error' ? undefined : (clock.now() - start) * 1000);
    const w = wake;
    wake = undefined;
    w?.();
  };
  const slotFree = (): Promise<void> => new Promise<void>((resolve) => (wake = resolve));

  try {
    let burst = 0;
    for (let k = 0; k < scheduled; k++) {
      while (inFlight >= cap) await slotFree();
      const intended = t0 + intendedOffsetMs(k, rate, shard);
      const early = intended - clock.now();
      // No abort signal on this wait: every intended start is before the hard stop.
      if (early > 0) {
        await clock.sleep(early);
        burst = 0;
      } else if (++burst >= BURST) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        burst = 0;
      }
      if (stop.signal.aborted) {
        // Never sent: the run ran out of time. Their users would have waited at least until the cut.
        for (let u = k; u < scheduled; u++) recorder.record({ kind: 'timeout' }, (deadline - (t0 + intendedOffsetMs(u, rate, shard))) * 1000);
        unsent = scheduled - k;
        break;
      }
      const sentAt = clock.now();
      recordMicros(lag, Math.max(0, sentAt - intended) * 1000);
      recorder.sent();
      const start = latencyStart(intended, sentAt);
      inFlight++;
      options.execute(k, stop.signal).then(
        (outcome) => finish(start, outcome),
        (error: unknown) => finish(start, { kind: 'connection-error', code: error instanceof Error ? error.message : 'execute-failed' }),
      );
    }
    while (inFlight > 0) await slotFree();
  } finally {
    clearTimeout(hardStop);
  }
  return { scheduled, unsent, elapsedMs: clock.now() - t0, t0EpochMs: performance.timeOrigin + t0, sendLag: summarize(lag), sendLagHistogram: lag };
}
