// One thread's share of a load run: the profile's requests sent under one load model from this thread,
// and what that produced in a form that crosses threads and adds up exactly (encoded histograms, counts,
// the per-second series). The runner runs it here (one worker) or on worker threads (workers.ts).
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { runClosedModel } from './closed-model.js';
import { addHistograms, encodeHistogram } from './histogram.js';
import { httpExecutor } from './http-executor.js';
import { runOpenModel } from './open-model.js';
import { addCounts, encodeSeries, Recorder, type Outcome, type RunCounts } from './recorder.js';
import type { ModelSpec } from './result.js';
import { mergeSeries, type LoadSeries } from './series.js';
import type { Profile, ProfileState, Shard } from './types.js';

export interface ThreadRunOptions<S extends ProfileState> {
  profile: Profile<S>;
  state: S;
  /** This thread's model: the open model's rate is the whole run's; in-flight and connections are this thread's. */
  model: ModelSpec;
  /** This thread's share of the schedule (a shard of the run's shard when there are several workers). */
  shard: Shard;
  durationMs: number;
  maxRequests: number;
  timeoutMs: number;
  graceMs: number;
  keepSamples: number;
  /** Index of this thread's first request (capacity steps on one state must not reuse keys). */
  firstIndex: number;
  /** Epoch ms at which the schedule starts (shared by every worker); default now. */
  t0EpochMs?: number;
  onTick?: (recorder: Recorder) => void;
}

export interface PartialRun {
  counts: RunCounts;
  /** Latencies (µs), encoded. */
  histogram: string;
  series: LoadSeries;
  /** Open model: the send lag (µs), encoded. */
  sendLag: string | undefined;
  offered: number;
  unsent: number;
  /** Open model: from t0 to the last outcome. Closed model: from the first send to the last outcome. */
  elapsedMs: number;
  t0EpochMs: number;
  samples: number[] | undefined;
  /** Event-loop busy time during the run (ms) and requests sent: what the thread could sustain. */
  busyMs: number;
  sent: number;
}

/** A profile whose request k is request k + first of the underlying one. */
export function offsetProfile<S extends ProfileState>(profile: Profile<S>, first: number): Profile<S> {
  return first === 0 ? profile : { ...profile, request: (s, k) => profile.request(s, k + first), check: (r, s, k) => profile.check(r, s, k + first) };
}

export async function runThread<S extends ProfileState>(options: ThreadRunOptions<S>): Promise<PartialRun> {
  const { model, state } = options;
  const profile = offsetProfile(options.profile, options.firstIndex);
  const recorder = new Recorder({ keepSamples: options.keepSamples });
  const connections = model.kind === 'open' ? model.inFlight : model.connections;
  const executor = httpExecutor(profile, state, { connections, timeoutMs: options.timeoutMs });
  const execute = (k: number, signal: AbortSignal, lane?: number): Promise<Outcome> => executor.execute(k, signal, lane);
  const t0 = options.t0EpochMs === undefined ? performance.now() : options.t0EpochMs - performance.timeOrigin;
  const ticker = options.onTick === undefined ? undefined : setInterval(() => options.onTick?.(recorder), 1000);
  let elu = performance.eventLoopUtilization();
  try {
    if (model.kind === 'open') {
      const run = await runOpenModel({ rate: model.rate, shard: options.shard, durationMs: options.durationMs, maxRequests: options.maxRequests, inFlight: model.inFlight, graceMs: options.graceMs, recorder, execute, t0 });
      elu = performance.eventLoopUtilization(elu);
      return { ...common(recorder, elu.active, run.scheduled - run.unsent), sendLag: encodeHistogram(run.sendLagHistogram), offered: run.scheduled, unsent: run.unsent, elapsedMs: run.elapsedMs, t0EpochMs: run.t0EpochMs };
    }
    const wait = t0 - performance.now();
    if (wait > 0) await sleep(wait);
    elu = performance.eventLoopUtilization();
    const run = await runClosedModel({ connections: model.connections, durationMs: options.durationMs, maxRequests: options.maxRequests, graceMs: options.graceMs, recorder, execute });
    elu = performance.eventLoopUtilization(elu);
    return { ...common(recorder, elu.active, run.issued), sendLag: undefined, offered: run.issued, unsent: 0, elapsedMs: run.windowMs, t0EpochMs: recorder.seriesStartEpochMs() };
  } finally {
    if (ticker !== undefined) clearInterval(ticker);
    await executor.close();
  }
}

function common(recorder: Recorder, busyMs: number, sent: number): Pick<PartialRun, 'counts' | 'histogram' | 'series' | 'samples' | 'busyMs' | 'sent'> {
  return { counts: recorder.counts, histogram: encodeHistogram(recorder.histogram), series: encodeSeries(recorder), samples: recorder.samples, busyMs, sent };
}

/** Adds the partial runs of several workers exactly (histograms bucket by bucket, series second by second). */
export function mergePartials(parts: PartialRun[]): PartialRun {
  const first = parts[0];
  if (first === undefined) throw new Error('no worker produced a result');
  if (parts.length === 1) return first;
  const lags = parts.map((p) => p.sendLag).filter((l) => l !== undefined);
  const samples = parts.map((p) => p.samples).filter((s) => s !== undefined);
  return {
    counts: addCounts(parts.map((p) => p.counts)),
    histogram: encodeHistogram(addHistograms(parts.map((p) => p.histogram))),
    series: mergeSeries(parts.map((p) => p.series)) ?? first.series,
    sendLag: lags.length === 0 ? undefined : encodeHistogram(addHistograms(lags)),
    offered: parts.reduce((n, p) => n + p.offered, 0),
    unsent: parts.reduce((n, p) => n + p.unsent, 0),
    // Workers run side by side: the run lasted as long as the longest of them.
    elapsedMs: Math.max(...parts.map((p) => p.elapsedMs)),
    t0EpochMs: Math.min(...parts.map((p) => p.t0EpochMs)),
    samples: samples.length === 0 ? undefined : samples.flat(),
    busyMs: parts.reduce((n, p) => n + p.busyMs, 0),
    sent: parts.reduce((n, p) => n + p.sent, 0),
  };
}
