// Runs one profile under one load model against a prepared profile state and assembles the result.
// Setup and teardown stay with the caller, so a capacity search can run many steps on one state.
// With workers > 1 the run is split over worker threads (workers.ts), each an interleaved share of the
// schedule, and their partial runs are added exactly.
import { decodeHistogram, newHistogram, recordMicros, summarize } from './histogram.js';
import { buildLatency, deliveryFigures, errorRatePercent, RESULT_SCHEMA, type LoadResult, type ModelSpec } from './result.js';
import { awaitStart, runWindow, type WallClock } from './start-at.js';
import { runThread, type PartialRun } from './thread-run.js';
import type { Profile, ProfileState, Shard } from './types.js';
import { BUILT_IN_PROFILES, runOnWorkers, type ProfileRef } from './workers.js';

export interface RunOptions<S extends ProfileState> {
  profile: Profile<S>;
  state: S;
  model: ModelSpec;
  shard: Shard;
  runId: string;
  durationMs: number;
  maxRequests: number;
  timeoutMs: number;
  /** Keep raw latency samples (the merge exactness test); 0 = none. */
  keepSamples?: number;
  /** Called about once a second with the figures so far. */
  onTick?: (progress: Progress, elapsedMs: number) => void;
  /** Run the profile's verify() afterwards (default true). */
  verify?: boolean;
  /** Index of this run's first request: successive runs on one state (capacity steps) must not reuse keys. */
  firstIndex?: number;
  /** Worker threads (default 1: this thread). A profile with verify() runs on one (it judges the whole run in one state). */
  workers?: number;
  /** Where worker threads find the profile (default: the built-in registry, by the profile's name). */
  profileRef?: ProfileRef;
  /** --start-at: the wall-clock instant (epoch ms) at which the schedule starts; undefined = at once. */
  startAtEpochMs?: number;
  /** Wall clock for the start wait (tests); defaults to Date.now() and timers. */
  wallClock?: WallClock;
}

const realWallClock: WallClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** Progress so far (the progress line). */
export interface Progress {
  completed: number;
  errors: number;
  /** p99 of the latencies so far, ms; undefined when the workers do not report it. */
  p99Ms: number | undefined;
}

export interface RunOutput {
  result: LoadResult;
  samples: number[] | undefined;
}

/** Workers a run of this profile can use: a profile that judges the whole run in one state needs one. */
export function usableWorkers(profile: Profile<ProfileState>, requested: number): number {
  return profile.verify === undefined ? Math.max(1, Math.floor(requested)) : 1;
}

export async function runLoad<S extends ProfileState>(options: RunOptions<S>): Promise<RunOutput> {
  const { state, model, profile } = options;
  const graceMs = options.timeoutMs + 2000;
  const workers = usableWorkers(profile as unknown as Profile<ProfileState>, options.workers ?? 1);
  // --start-at: this thread waits for the instant; worker threads are handed it as their common t0 (they
  // get ready first, then start there, or at once if getting ready took them past it).
  const planned = options.startAtEpochMs;
  const coordinated = planned === undefined || workers > 1 ? undefined : await awaitStart(planned, options.wallClock ?? realWallClock);
  const t0EpochMs = coordinated?.waited === true ? coordinated.plannedStartEpochMs : workers > 1 ? planned : undefined;
  const started = performance.now();
  const common = { state, model, durationMs: options.durationMs, maxRequests: options.maxRequests, timeoutMs: options.timeoutMs, graceMs, keepSamples: options.keepSamples ?? 0, firstIndex: options.firstIndex ?? 0 };
  const tick = options.onTick;
  let run: PartialRun;
  if (workers === 1) {
    run = await runThread({
      ...common,
      ...(t0EpochMs === undefined ? {} : { t0EpochMs }),
      profile,
      shard: options.shard,
      ...(tick === undefined ? {} : { onTick: (r) => tick({ completed: r.counts.completed, errors: r.counts.errors, p99Ms: r.histogram.totalCount === 0 ? 0 : r.histogram.getValueAtPercentile(99) / 1000 }, performance.now() - started) }),
    });
  } else {
    run = await runOnWorkers({
      ...common,
      state: state as ProfileState,
      profile: options.profileRef ?? { module: BUILT_IN_PROFILES, name: profile.name },
      shard: options.shard,
      workers,
      ...(t0EpochMs === undefined ? {} : { t0EpochMs }),
      ...(tick === undefined ? {} : { onTick: (completed, errors) => tick({ completed, errors, p99Ms: undefined }, performance.now() - started) }),
    });
  }

  // Open model: over the scheduled duration, or the real one if the last responses straggled in later,
  // so a run is not credited with a higher rate than it sustained. Closed model: over the real window
  // from the first request to the last outcome (the requests in flight at the end of the duration are
  // waited for, and the request cap may end the run early).
  const seconds = Math.max(0.001, model.kind === 'open' ? Math.max(options.durationMs, Math.min(run.elapsedMs, options.durationMs + graceMs)) : run.elapsedMs) / 1000;
  const result: LoadResult = {
    schema: RESULT_SCHEMA,
    profile: profile.name,
    model,
    shards: [options.shard],
    runId: options.runId,
    target: { baseUrl: state.baseUrl },
    startedAt: new Date(run.t0EpochMs).toISOString(),
    durationMs: Math.round(seconds * 1000),
    offered: run.offered,
    achievedRate: run.counts.completed / seconds,
    counts: run.counts,
    errorRatePercent: errorRatePercent(run.counts),
    ...buildLatency(decodeHistogram(run.histogram)),
    ...(model.kind === 'open' ? { sendLag: summarize(decodeHistogram(run.sendLag ?? '')), unsent: run.unsent, scheduleStartEpochMs: run.t0EpochMs } : {}),
    series: run.series,
    generator: generatorFigures(run, workers),
    // The window the rate is computed over (the schedule's duration, or longer if responses straggled).
    window: runWindow(run.t0EpochMs, seconds * 1000, planned),
  };

  if (options.verify !== false && profile.verify !== undefined) {
    const report = await profile.verify(state);
    result.verify = { ok: report.ok, findings: report.findings, figures: report.figures };
    if (report.delivery !== undefined) {
      const { latenciesUs, ...figures } = report.delivery;
      const h = newHistogram();
      for (const us of latenciesUs) recordMicros(h, us);
      result.delivery = deliveryFigures(figures, [h]);
    }
  }
  return { result, samples: run.samples };
}

/**
 * The generator's own figures: its workers and the highest rate they could have sent at, from the time
 * their event loops were busy per request sent (a loop busy all the time is the generator's ceiling).
 */
function generatorFigures(run: PartialRun, workers: number): NonNullable<LoadResult['generator']> {
  const busyUsPerRequest = run.sent === 0 ? 0 : (run.busyMs * 1000) / run.sent;
  return { workers, busyUsPerRequest: Math.round(busyUsPerRequest * 10) / 10, ceilingRate: busyUsPerRequest === 0 ? null : Math.round((workers * 1e6) / busyUsPerRequest) };
}
