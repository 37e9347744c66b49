// Sends one profile request over an undici pool and turns the response into an Outcome (open model).
import { Pool } from 'undici';
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
  return {
    async execute(k, runSignal) {
      const request = profile.request(state, k);
      // The per-request timeout is undici's (headers and body phases); the run's signal only cuts the
      // run at its hard limit. (Composing signals per request, AbortSignal.any/timeout, costs more
      // than the request itself at high rates.)
      try {
        const res = await pool.request({
          method: request.method,
          path: prefix + request.path,
          headers: { ...state.headers, ...request.headers },
          body: request.body ?? null,
          signal: runSignal,
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        });
        const response: LoadResponse = { status: res.statusCode, headers: res.headers, body: await res.body.text() };
        return outcomeOf(profile, state, k, response);
      } catch (error) {
        if (runSignal.aborted || isTimeout(error)) return { kind: 'timeout' };
        return { kind: 'connection-error', code: errorCode(error) };
      }
    },
    async close() {
      await pool.destroy();
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
