// Sends one profile request and turns the response into an Outcome (both models). The send path is the
// load generator's cost per request (measured in the bench as µs of CPU per request): plain-http targets
// go through our own lean client (lean-executor.ts); https targets through undici's dispatch with a bare
// handler rather than request() (no response stream, no per-request AbortSignal listener, no header
// parsing unless a check reads the headers), where TLS dominates the cost.
import { Client, Pool, type Dispatcher } from 'undici';
import type { Outcome } from './recorder.js';
import { LazyResponse, leanExecutor } from './lean-executor.js';
import { splitBaseUrl } from './url.js';
import type { LoadResponse, Profile, ProfileState } from './types.js';

export interface HttpExecutor {
  /** Sends request k; `lane` (the closed model's connection number) pins it to that lane's own connection. */
  execute(k: number, signal: AbortSignal, lane?: number): Promise<Outcome>;
  close(): Promise<void>;
}

export function httpExecutor<S extends ProfileState>(
  profile: Profile<S>,
  state: S,
  options: { connections: number; timeoutMs: number },
): HttpExecutor {
  const { origin, prefix } = splitBaseUrl(state.baseUrl);
  if (new URL(origin).protocol === 'http:') {
    return leanExecutor(new URL(origin), { ...options, prefix, headers: state.headers }, { request: (k) => profile.request(state, k), judge: (k, response) => outcomeOf(profile, state, k, response) });
  }
  const clientOptions = { pipelining: 1, keepAliveTimeout: 30_000 };
  const pool = new Pool(origin, { ...clientOptions, connections: options.connections });
  // A closed-model connection always has its own client: no search of the pool for a free one per request.
  const lanes: Client[] = [];
  // In-flight requests' abort functions: the run's signal cuts them all at its hard limit through one
  // listener, rather than one listener per request.
  const inFlight = new Set<(error: Error) => void>();
  let watched: AbortSignal | undefined;
  const common: string[] = Object.entries(state.headers).flat();
  const timeoutMs = options.timeoutMs;

  return {
    execute(k, runSignal, lane) {
      if (watched !== runSignal) {
        watched = runSignal;
        runSignal.addEventListener('abort', () => {
          for (const abort of inFlight) abort(new Error('run cut'));
          // Requests still queued for a connection have no abort yet: destroying the dispatchers ends them too.
          void Promise.all([pool.destroy(), ...lanes.map((c) => c.destroy())]).catch(() => undefined);
        }, { once: true });
      }
      if (runSignal.aborted) return Promise.resolve({ kind: 'timeout' });
      const request = profile.request(state, k);
      const headers = common.slice();
      for (const name in request.headers) headers.push(name, request.headers[name] as string);
      const dispatcher = lane === undefined ? pool : (lanes[lane] ??= new Client(origin, clientOptions));
      return new Promise<Outcome>((resolve) => {
        dispatcher.dispatch(
          { method: request.method, path: prefix + request.path, headers, body: request.body ?? null, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
          new ResponseHandler((status, rawHeaders, body) => outcomeOf(profile, state, k, new LazyResponse(status, rawHeaders, body)), runSignal, inFlight, resolve),
        );
      });
    },
    async close() {
      await Promise.all([pool.destroy(), ...lanes.map((c) => c.destroy())]);
    },
  };
}

/** undici's bare handler for one request: collects the body and settles with the profile's outcome. */
class ResponseHandler implements Dispatcher.DispatchHandler {
  private abort: ((error: Error) => void) | undefined;
  private status = 0;
  private rawHeaders: Buffer[] = [];
  private first: Buffer | undefined;
  private chunks: Buffer[] | undefined;

  constructor(
    private readonly judge: (status: number, rawHeaders: Buffer[], body: string) => Outcome,
    private readonly runSignal: AbortSignal,
    private readonly inFlight: Set<(error: Error) => void>,
    private readonly resolve: (outcome: Outcome) => void,
  ) {}

  onConnect(abort: (error?: Error) => void): void {
    this.abort = abort;
    this.inFlight.add(abort);
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
    this.status = statusCode;
    this.rawHeaders = rawHeaders;
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.first === undefined) this.first = chunk;
    else (this.chunks ??= [this.first]).push(chunk);
    return true;
  }

  onComplete(): void {
    const body = this.chunks !== undefined ? Buffer.concat(this.chunks).toString('utf8') : this.first !== undefined ? this.first.toString('utf8') : '';
    this.settle(this.judge(this.status, this.rawHeaders, body));
  }

  onError(error: Error): void {
    this.settle(this.runSignal.aborted || isTimeout(error) ? { kind: 'timeout' } : { kind: 'connection-error', code: errorCode(error) });
  }

  private settle(outcome: Outcome): void {
    if (this.abort !== undefined) this.inFlight.delete(this.abort);
    this.resolve(outcome);
  }
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
