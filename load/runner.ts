// Runs one profile under one load model against a prepared profile state and assembles the result.
// Setup and teardown stay with the caller, so a capacity search can run many steps on one state.
import { runClosedModel } from './closed-model.js';
import { newHistogram, recordMicros } from './histogram.js';
import { httpExecutor } from './http-executor.js';
import { runOpenModel } from './open-model.js';
import { encodeSeries, Recorder, type Outcome } from './recorder.js';
import { buildLatency, deliveryFigures, errorRatePercent, RESULT_SCHEMA, type LoadResult, type ModelSpec } from './result.js';
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
}

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
  const startedAt = new Date();
  const started = performance.now();
  const ticker = options.onTick === undefined ? undefined : setInterval(() => options.onTick?.(recorder, performance.now() - started), 1000);

  let offered: number;
  let extra: Pick<LoadResult, 'sendLag' | 'unsent' | 'scheduleStartEpochMs'> = {};
  let elapsedMs: number;
  try {
    const connections = model.kind === 'open' ? model.inFlight : model.connections;
    const executor = httpExecutor(profile, state, { connections, timeoutMs: options.timeoutMs });
    const execute = (k: number, signal: AbortSignal): Promise<Outcome> => executor.execute(k, signal);
    try {
      if (model.kind === 'open') {
        const run = await runOpenModel({ rate: model.rate, shard: options.shard, durationMs: options.durationMs, maxRequests: options.maxRequests, inFlight: model.inFlight, graceMs, recorder, execute });
        offered = run.scheduled;
        elapsedMs = run.elapsedMs;
        extra = { sendLag: run.sendLag, unsent: run.unsent, scheduleStartEpochMs: run.t0EpochMs };
      } else {
        const run = await runClosedModel({ connections: model.connections, durationMs: options.durationMs, maxRequests: options.maxRequests, graceMs, recorder, execute });
        offered = run.issued;
        elapsedMs = run.windowMs;
      }
    } finally {
      await executor.close();
    }
  } finally {
    if (ticker !== undefined) clearInterval(ticker);
  }

  // Open model: over the scheduled duration, or the real one if the last responses straggled in later,
  // so a run is not credited with a higher rate than it sustained. Closed model: over the real window
  // from the first request to the last outcome (the requests in flight at the end of the duration are
  // waited for, and the request cap may end the run early).
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
    series: encodeSeries(recorder),
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
