// The closed load model: N connections, each sending its next request as soon as the previous response
// is in. Latency is measured from the actual send, which is what a closed system of N clients
// experiences — and why this model understates a stalled server (see open-model.ts). It shares the open
// model's send path (http-executor.ts), so both models cost the same per request and judge responses
// alike.
import { setMaxListeners } from 'node:events';
import type { Outcome, Recorder } from './recorder.js';

export interface ClosedModelOptions {
  connections: number;
  durationMs: number;
  maxRequests: number;
  /** After the duration, how long the requests still in flight may take before the run is cut. */
  graceMs: number;
  recorder: Recorder;
  /** `lane` is the connection's number: the executor gives each its own connection. */
  execute(k: number, signal: AbortSignal, lane: number): Promise<Outcome>;
}

export interface ClosedModelRun {
  elapsedMs: number;
  /** From the first request sent to the last outcome recorded: the window the counts belong to. */
  windowMs: number;
  issued: number;
}

export async function runClosedModel(options: ClosedModelOptions): Promise<ClosedModelRun> {
  const { recorder } = options;
  const started = performance.now();
  recorder.startSeries(started);
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  let sending = true;
  const endOfDuration = setTimeout(() => (sending = false), options.durationMs);
  const hardStop = setTimeout(() => stop.abort(new Error('run cut at duration + grace')), options.durationMs + options.graceMs);
  let next = 0;
  let lastOutcomeAt = started;

  const connection = async (_: unknown, lane: number): Promise<void> => {
    while (sending && next < options.maxRequests) {
      const k = next++;
      const sentAt = performance.now();
      recorder.sent();
      const outcome = await options.execute(k, stop.signal, lane);
      lastOutcomeAt = performance.now();
      recorder.record(outcome, outcome.kind === 'connection-error' ? undefined : (lastOutcomeAt - sentAt) * 1000);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.connections) }, connection));
  } finally {
    clearTimeout(endOfDuration);
    clearTimeout(hardStop);
  }
  return { elapsedMs: performance.now() - started, windowMs: Math.max(0, lastOutcomeAt - started), issued: next };
}
