// The open load model: requests arrive on a fixed schedule (constant arrival rate), whatever the server
// does. Why not autocannon here: autocannon (like wrk) times each request from the moment it actually
// writes it, and a connection only writes its next request once the previous response is in. When the
// server stalls, the requests that *should* have been sent during the stall are simply never sent, so
// they never show up in the percentiles ("coordinated omission"). autocannon's --rate mode only patches
// this with HdrHistogram's recordValueWithExpectedInterval, which back-fills synthetic samples assuming
// a per-connection interval; it does not know the real schedule.
//
// So this is a small scheduler in the style of wrk2: a fixed pool of workers (the in-flight cap) takes
// the slots of the schedule in order. Slot k is *intended* to start at t0 + offset(k) (see schedule.ts).
// A worker that takes slot k waits until its intended time if it is early, sends, and records latency
// = completion − intended start. If every worker is stuck behind a stalled server, slot k is taken late
// and the lateness is part of its latency — exactly what a user arriving at that moment would have
// experienced. The generator's own lateness in sending (event-loop lag) is reported separately so a
// saturated load generator is visible rather than blamed on the server.
//
// Early sends: node's timers run on libuv's cached, whole-millisecond clock, so a sleep can end up to
// ~1 ms before the intended time. Measuring such a request from its intended start would credit it
// with less time than it really waited (a fast loopback answer came out as 0 µs). So the clock of a
// request starts at the earlier of its intended start and its actual send: a late send is measured
// from when it should have gone (its lateness counts), an early one from when it really went.
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { newHistogram, recordMicros, summarize, type LatencySummary } from './histogram.js';
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
}

export async function runOpenModel(options: OpenModelOptions): Promise<OpenModelRun> {
  const { rate, shard, recorder } = options;
  const clock = options.clock ?? realClock;
  if (!(rate > 0)) throw new Error('the open model needs a rate > 0');
  const scheduled = Math.min(scheduledCount(rate, options.durationMs, shard), options.maxRequests);
  const t0 = options.t0 ?? clock.now();
  const deadline = t0 + options.durationMs + options.graceMs;
  const stop = new AbortController();
  // Every worker's sleep and request listens on the run's signal; that is by design, not a leak.
  setMaxListeners(0, stop.signal);
  const hardStop = setTimeout(() => stop.abort(new Error('run cut at duration + grace')), Math.max(0, deadline - clock.now()));
  const lag = newHistogram();
  let next = 0;
  let unsent = 0;

  const worker = async (): Promise<void> => {
    for (;;) {
      const k = next++;
      if (k >= scheduled) return;
      const intended = t0 + intendedOffsetMs(k, rate, shard);
      const early = intended - clock.now();
      // No abort signal on this wait: every intended start is before the hard stop.
      if (early > 0) await clock.sleep(early);
      if (stop.signal.aborted) {
        // Never sent: the run ran out of time. Its user would have waited at least until the cut.
        unsent++;
        recorder.record({ kind: 'timeout' }, (deadline - intended) * 1000);
        continue;
      }
      const sentAt = clock.now();
      recordMicros(lag, Math.max(0, sentAt - intended) * 1000);
      const start = latencyStart(intended, sentAt);
      const outcome = await options.execute(k, stop.signal);
      const latencyUs = outcome.kind === 'connection-error' ? undefined : (clock.now() - start) * 1000;
      recorder.record(outcome, latencyUs);
    }
  };

  const workers = Math.max(1, Math.min(options.inFlight, scheduled));
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    clearTimeout(hardStop);
  }
  return { scheduled, unsent, elapsedMs: clock.now() - t0, t0EpochMs: performance.timeOrigin + t0, sendLag: summarize(lag) };
}
