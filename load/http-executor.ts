// Sends one profile request over an undici pool and turns the response into an Outcome (both models).
// The send path is the load generator's cost per request, so it is kept lean (measured in the bench as
// µs of CPU per request): undici's dispatch with a bare handler rather than request() (no response
// stream, no per-request AbortSignal listener, no header parsing unless a check reads the headers).
import { Pool, util, type Dispatcher } from 'undici';
import type { Outcome } from './recorder.js';
import { splitBaseUrl } from './url.js';
import type { LoadResponse, Profile, ProfileState } from './types.js';

export interface HttpExecutor {
  execute(k: number, signal: AbortSignal): Promise<Outcome>;
  close(): Promise<void>;
}

export function httpExecutor<S extends ProfileState>(
  profile: Profile<S>,
  state: S,
  options: { connections: number; timeoutMs: number },
): HttpExecutor {
  const { origin, prefix } = splitBaseUrl(state.baseUrl);
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1, keepAliveTimeout: 30_000 });
  // In-flight requests' abort functions: the run's signal cuts them all at its hard limit through one
  // listener, rather than one listener per request.
  const inFlight = new Set<(error: Error) => void>();
  let watched: AbortSignal | undefined;
  const common = Object.entries(state.headers);

  return {
    execute(k, runSignal) {
      if (watched !== runSignal) {
        watched = runSignal;
        runSignal.addEventListener('abort', () => {
          for (const abort of inFlight) abort(new Error('run cut'));
        }, { once: true });
      }
      if (runSignal.aborted) return Promise.resolve({ kind: 'timeout' });
      const request = profile.request(state, k);
      const headers: string[] = [];
      for (const [name, value] of common) headers.push(name, value);
      for (const name in request.headers) headers.push(name, request.headers[name] as string);
      return new Promise<Outcome>((resolve) => {
        let abort: ((error: Error) => void) | undefined;
        let status = 0;
        let rawHeaders: Buffer[] = [];
        let chunks: Buffer[] | undefined;
        let first: Buffer | undefined;
        const settle = (outcome: Outcome): void => {
          if (abort !== undefined) inFlight.delete(abort);
          resolve(outcome);
        };
        const handler: Dispatcher.DispatchHandler = {
          onConnect(a) {
            abort = a;
            inFlight.add(a);
          },
          onHeaders(statusCode, raw) {
            status = statusCode;
            rawHeaders = raw;
            return true;
          },
          onData(chunk) {
            if (first === undefined) first = chunk;
            else (chunks ??= [first]).push(chunk);
            return true;
          },
          onComplete() {
            const body = chunks !== undefined ? Buffer.concat(chunks).toString('utf8') : first !== undefined ? first.toString('utf8') : '';
            settle(outcomeOf(profile, state, k, lazyResponse(status, rawHeaders, body)));
          },
          onError(error) {
            settle(runSignal.aborted || isTimeout(error) ? { kind: 'timeout' } : { kind: 'connection-error', code: errorCode(error) });
          },
        };
        pool.dispatch(
          { method: request.method, path: prefix + request.path, headers, body: request.body ?? null, headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs },
          handler,
        );
      });
    },
    async close() {
      await pool.destroy();
    },
  };
}

/** A response whose headers are parsed only if a check reads them. */
function lazyResponse(status: number, rawHeaders: Buffer[], body: string): LoadResponse {
  let parsed: LoadResponse['headers'] | undefined;
  return {
    status,
    body,
    get headers() {
      return (parsed ??= util.parseHeaders(rawHeaders) as LoadResponse['headers']);
    },
  };
}

export function outcomeOf<S extends ProfileState>(profile: Profile<S>, state: S, k: number, response: LoadResponse): Outcome {
  const verdict = profile.check(response, state, k);
  return verdict.ok ? { kind: 'ok', status: response.status } : { kind: 'error', status: response.status, code: verdict.code };
}

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
}

export function errorCode(error: unknown): string {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e.code === 'string') return e.code;
  if (typeof e.cause?.code === 'string') return e.cause.code;
  return 'connection-error';
}
