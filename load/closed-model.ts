// The closed load model: N connections, each sending its next request as soon as the previous response
// is in (autocannon). Latency is measured from the actual send, which is what a closed system of N
// clients experiences — and why this model understates a stalled server (see open-model.ts).
import autocannon from 'autocannon';
import type { Outcome, Recorder } from './recorder.js';
import { splitBaseUrl } from './url.js';
import { outcomeOf, errorCode } from './http-executor.js';
import type { Profile, ProfileState } from './types.js';

export interface ClosedModelOptions<S extends ProfileState> {
  profile: Profile<S>;
  state: S;
  connections: number;
  durationMs: number;
  maxRequests: number;
  timeoutMs: number;
  graceMs: number;
  recorder: Recorder;
}

export interface ClosedModelRun {
  elapsedMs: number;
  /** From the first request sent to the last outcome recorded: the window the counts belong to. */
  windowMs: number;
  issued: number;
}

interface RequestContext {
  k?: number;
}

export async function runClosedModel<S extends ProfileState>(options: ClosedModelOptions<S>): Promise<ClosedModelRun> {
  const { profile, state, recorder } = options;
  const { origin, prefix } = splitBaseUrl(state.baseUrl);
  let next = 0;
  // autocannon calls a request's onResponse and then, synchronously, emits 'response' with the
  // latency for the same response; the outcome is handed from one to the other through this slot.
  let pending: Outcome | undefined;
  let instance: autocannon.Instance | undefined;
  const started = performance.now();
  let firstSentAt: number | undefined;
  let lastOutcomeAt = started;
  // autocannon's timeout is in seconds and at least 1: a shorter --timeout is raised to 1 s here.
  const timeoutMs = Math.max(1000, options.timeoutMs);

  const done = new Promise<void>((resolve, reject) => {
    instance = autocannon(
      {
        url: origin,
        connections: options.connections,
        // autocannon notices the end of its duration only at its next sample tick and keeps sending
        // until then: with the default 1 s ticks a 3 s run could last 4 s. Ticks of 100 ms bound the
        // overrun, and the rate is computed over the real window anyway (windowMs).
        sampleInt: 100,
        pipelining: 1,
        duration: options.durationMs / 1000,
        timeout: timeoutMs / 1000,
        bailout: undefined,
        excludeErrorStats: false,
        requests: [
          {
            setupRequest: (req, context) => {
              const k = next++;
              firstSentAt ??= performance.now();
              if (k >= options.maxRequests) {
                instance?.stop();
              }
              (context as RequestContext).k = k;
              const r = profile.request(state, k);
              return { ...req, method: r.method, path: prefix + r.path, headers: { ...state.headers, ...r.headers }, body: r.body ?? '' };
            },
            onResponse: (status, body, context, headers) => {
              const k = (context as RequestContext).k ?? -1;
              pending = outcomeOf(profile, state, k, { status, body, headers: (headers ?? {}) as Record<string, string | string[] | undefined> });
            },
          },
        ],
      },
      (error: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      const outcome = pending ?? { kind: 'error', status: statusCode, code: 'unparsed-response' };
      pending = undefined;
      lastOutcomeAt = performance.now();
      recorder.record(outcome, responseTimeMs * 1000);
    });
    instance.on('reqError', (error: unknown) => {
      const message = (error as { message?: unknown }).message;
      lastOutcomeAt = performance.now();
      if (message === 'request timed out') recorder.record({ kind: 'timeout' }, timeoutMs * 1000);
      else recorder.record({ kind: 'connection-error', code: errorCode(error) }, undefined);
    });
  });
  // The hard cap on time: autocannon stops itself at the duration; this is the belt to its braces.
  const hardStop = setTimeout(() => instance?.stop(), options.durationMs + options.graceMs);
  try {
    await done;
  } finally {
    clearTimeout(hardStop);
  }
  return { elapsedMs: performance.now() - started, windowMs: Math.max(0, lastOutcomeAt - (firstSentAt ?? started)), issued: Math.min(next, options.maxRequests) };
}
