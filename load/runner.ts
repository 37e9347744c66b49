// Runs one profile under one load model against a prepared profile state and assembles the result.
// Setup and teardown stay with the caller, so a capacity search can run many steps on one state.
import { runClosedModel } from './closed-model.js';
import { newHistogram, recordMicros } from './histogram.js';
import { httpExecutor } from './http-executor.js';
import { runOpenModel } from './open-model.js';
import { Recorder } from './recorder.js';
import { buildLatency, deliveryFigures, errorRatePercent, RESULT_SCHEMA, type LoadResult, type ModelSpec } from './result.js';
import { awaitStart, runWindow, type WallClock } from './start-at.js';
import type { Profile, ProfileState, Shard } from './types.js';

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
  /** Called about once a second with the recorder so far. */
  onTick?: (recorder: Recorder, elapsedMs: number) => void;
  /** Run the profile's verify() afterwards (default true). */
  verify?: boolean;
  /** Index of this run's first request: successive runs on one state (capacity steps) must not reuse keys. */
  firstIndex?: number;
  /** --start-at: the wall-clock instant (epoch ms) at which the schedule starts; undefined = at once. */
  startAtEpochMs?: number;
  /** Wall clock for the start wait (tests); defaults to Date.now() and timers. */
  wallClock?: WallClock;
}

const realWallClock: WallClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export interface RunOutput {
  result: LoadResult;
  samples: number[] | undefined;
}

export async function runLoad<S extends ProfileState>(options: RunOptions<S>): Promise<RunOutput> {
  const { state, model } = options;
  const first = options.firstIndex ?? 0;
  const profile: Profile<S> = first === 0 ? options.profile : { ...options.profile, request: (s, k) => options.profile.request(s, k + first), check: (r, s, k) => options.profile.check(r, s, k + first) };
  const recorder = new Recorder({ keepSamples: options.keepSamples ?? 0 });
  const graceMs = options.timeoutMs + 2000;
  const wallClock = options.wallClock ?? realWallClock;
  const coordinated = options.startAtEpochMs === undefined ? undefined : await awaitStart(options.startAtEpochMs, wallClock);
  // The schedule's origin on the performance clock; when the shard waited for its instant, exactly that
  // instant (a timer may wake a little late, and the schedule must not shift with it).
  const epochOffset = wallClock.now() - performance.now();
  const started = coordinated?.waited === true ? coordinated.plannedStartEpochMs - epochOffset : performance.now();
  const startedAt = new Date(started + epochOffset);
  const ticker = options.onTick === undefined ? undefined : setInterval(() => options.onTick?.(recorder, performance.now() - started), 1000);

  let offered: number;
  let extra: Pick<LoadResult, 'sendLag' | 'unsent' | 'scheduleStartEpochMs'> = {};
  let elapsedMs: number;
  try {
    if (model.kind === 'open') {
      const executor = httpExecutor(profile, state, { connections: model.inFlight, timeoutMs: options.timeoutMs });
      try {
        const run = await runOpenModel({
          rate: model.rate,
          shard: options.shard,
          durationMs: options.durationMs,
          maxRequests: options.maxRequests,
          inFlight: model.inFlight,
          graceMs,
          recorder,
          t0: started,
          execute: (k, signal) => executor.execute(k, signal),
        });
        offered = run.scheduled;
        elapsedMs = run.elapsedMs;
        extra = { sendLag: run.sendLag, unsent: run.unsent, scheduleStartEpochMs: run.t0EpochMs };
      } finally {
        await executor.close();
      }
    } else {
      const run = await runClosedModel({
        profile,
        state,
        connections: model.connections,
        durationMs: options.durationMs,
        maxRequests: options.maxRequests,
        timeoutMs: options.timeoutMs,
        graceMs,
        recorder,
      });
      offered = run.issued;
      elapsedMs = run.windowMs;
    }
  } finally {
    if (ticker !== undefined) clearInterval(ticker);
  }

  // Open model: over the scheduled duration, or the real one if the last responses straggled in later,
  // so a run is not credited with a higher rate than it sustained. Closed model: over the real window
  // from the first request to the last outcome (autocannon may overrun its duration a little, and the
  // request cap may end the run early).
  const seconds = Math.max(0.001, model.kind === 'open' ? Math.max(options.durationMs, Math.min(elapsedMs, options.durationMs + graceMs)) : elapsedMs) / 1000;
  const result: LoadResult = {
    schema: RESULT_SCHEMA,
    profile: profile.name,
    model,
    shards: [options.shard],
    runId: options.runId,
    target: { baseUrl: state.baseUrl },
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(seconds * 1000),
    offered,
    achievedRate: recorder.counts.completed / seconds,
    counts: recorder.counts,
    errorRatePercent: errorRatePercent(recorder.counts),
    ...buildLatency(recorder.histogram),
    ...extra,
    // The window the rate is computed over (the schedule's duration, or longer if responses straggled).
    window: runWindow(started + epochOffset, seconds * 1000, coordinated?.plannedStartEpochMs),
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
  return { result, samples: recorder.samples };
}

