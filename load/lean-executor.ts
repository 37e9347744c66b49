// The load generator's HTTP/1.1 client for plain-http targets: keep-alive connections on node:net, each
// request written as one string, each response parsed by http-parser-js (the parser autocannon uses).
// Why not undici here: at tens of thousands of requests a second on one core, undici's per-request
// machinery (request objects, header validation, its dispatcher queue) cost about as much CPU as the
// system calls themselves, and the generator became the bottleneck it must never be (issue 23; the
// bench's "CPU per request" row). This client does only what a load run needs: one request at a time per
// connection (no pipelining, like wrk), a whole-request timeout, and a cut of everything at the run's end.
// https targets stay on undici (http-executor.ts): there TLS dominates the cost.
import { connect, type Socket } from 'node:net';
import { HTTPParser } from 'http-parser-js';
import type { Outcome } from './recorder.js';
import type { LoadRequest, LoadResponse } from './types.js';
import { errorCode, type HttpExecutor } from './http-executor.js';

/** What the executor sends and how it judges: made once per run, so no closure is made per request. */
export interface LeanProfile {
  request(k: number): LoadRequest;
  /** Turns the response to request k into the run's outcome (the profile's check). */
  judge(k: number, response: LoadResponse): Outcome;
}

interface Pending {
  head: string;
  body: string | undefined;
  k: number;
  resolve: (outcome: Outcome) => void;
  startedAt: number;
}

/** One keep-alive connection: at most one request in flight; reconnects on the next request after a close. */
class Connection {
  private socket: Socket | undefined;
  private readonly parser = new HTTPParser(HTTPParser.RESPONSE);
  current: Pending | undefined;
  private status = 0;
  private rawHeaders: string[] = [];
  private keepAlive = true;
  private first: Buffer | undefined;
  private chunks: Buffer[] | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly done: (connection: Connection) => void,
    private readonly judge: LeanProfile['judge'],
    /** A closed-model lane's own connection: never lent to another request. */
    readonly pinned: boolean,
  ) {
    this.parser[HTTPParser.kOnHeadersComplete] = (info) => {
      this.status = info.statusCode;
      this.rawHeaders = info.headers;
      this.keepAlive = info.shouldKeepAlive;
    };
    this.parser[HTTPParser.kOnBody] = (chunk, offset, length) => {
      const part = chunk.subarray(offset, offset + length);
      if (this.first === undefined) this.first = part;
      else (this.chunks ??= [this.first]).push(part);
    };
    this.parser[HTTPParser.kOnMessageComplete] = () => this.complete();
  }

  send(pending: Pending): void {
    this.current = pending;
    const socket = (this.socket ??= this.open());
    socket.write(pending.body === undefined ? pending.head : pending.head + pending.body);
  }

  /** Ends the request in flight (the run's cut or its timeout) with `outcome`, and drops the socket. */
  cut(outcome: Outcome): void {
    const pending = this.current;
    this.drop();
    if (pending !== undefined) this.settle(pending, outcome);
  }

  private open(): Socket {
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    this.parser.reinitialize(HTTPParser.RESPONSE);
    socket.on('data', (chunk: Buffer) => {
      const parsed = this.parser.execute(chunk);
      if (parsed instanceof Error) this.fail(parsed);
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => {
      // A body delimited by the end of the connection (no length, not chunked) completes here.
      if (this.socket === socket && this.current !== undefined) this.parser.finish();
      if (this.socket === socket) this.fail(Object.assign(new Error('the target closed the connection'), { code: 'ECONNRESET' }));
    });
    return socket;
  }

  private complete(): void {
    const pending = this.current;
    if (pending === undefined) return;
    const body = this.chunks !== undefined ? Buffer.concat(this.chunks).toString('utf8') : this.first !== undefined ? this.first.toString('utf8') : '';
    const response = new LazyResponse(this.status, this.rawHeaders, body);
    this.first = undefined;
    this.chunks = undefined;
    if (!this.keepAlive) this.drop();
    let outcome: Outcome;
    try {
      outcome = this.judge(pending.k, response);
    } catch {
      // A profile's check that throws must not take the parser (and the run) down with it.
      outcome = { kind: 'error', status: this.status, code: 'check-threw' };
    }
    this.settle(pending, outcome);
  }

  private fail(error: Error): void {
    const pending = this.current;
    this.drop();
    if (pending !== undefined) this.settle(pending, { kind: 'connection-error', code: errorCode(error) });
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = undefined;
    this.first = undefined;
    this.chunks = undefined;
    socket?.destroy();
  }

  private settle(pending: Pending, outcome: Outcome): void {
    this.current = undefined;
    pending.resolve(outcome);
    this.done(this);
  }
}

/**
 * A response whose headers are turned into an object only if a check reads them. Raw headers are name, value,
 * name, value...: strings from this client's parser, Buffers from undici's (the https path).
 */
export class LazyResponse implements LoadResponse {
  private parsed: LoadResponse['headers'] | undefined;

  constructor(
    readonly status: number,
    private readonly rawHeaders: readonly (string | Buffer)[],
    readonly body: string,
  ) {}

  get headers(): LoadResponse['headers'] {
    return (this.parsed ??= headersOf(this.rawHeaders));
  }
}

/**
 * Header names lower-cased; a name given more than once maps to its values in order. Bytes are read as latin1,
 * as HTTP has them. The names are the target's: the map has no prototype, so `constructor` or `__proto__` is a
 * header like any other.
 */
export function headersOf(raw: readonly (string | Buffer)[]): LoadResponse['headers'] {
  const text = (part: string | Buffer | undefined) => (typeof part === 'string' ? part : (part?.toString('latin1') ?? ''));
  const headers = Object.create(null) as Record<string, string | string[]>;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = text(raw[i]).toLowerCase();
    const value = text(raw[i + 1]);
    const seen = headers[name];
    headers[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return headers;
}

/** The request line and headers of one request (`prefix`: the base URL's path), with its content-length. */
export function requestHead(request: LoadRequest, prefix: string, hostAndCommon: string): string {
  let head = `${request.method} ${prefix}${request.path} HTTP/1.1\r\n${hostAndCommon}`;
  for (const name in request.headers) head += `${name}: ${request.headers[name] as string}\r\n`;
  if (request.body !== undefined) head += `content-length: ${Buffer.byteLength(request.body)}\r\n`;
  return `${head}\r\n`;
}

/**
 * A pool of up to `connections` connections to a plain-http origin; `lane` pins a request to a connection of
 * its own (the closed model). Requests beyond the pool's size wait in order for a free connection.
 */
export function leanExecutor(
  origin: URL,
  options: { connections: number; timeoutMs: number; prefix: string; headers: Record<string, string> },
  profile: LeanProfile,
): HttpExecutor {
  const hostname = origin.hostname.replace(/^\[|\]$/g, '');
  const port = origin.port === '' ? 80 : Number(origin.port);
  let common = `host: ${origin.host}\r\n`;
  for (const name in options.headers) common += `${name}: ${options.headers[name] as string}\r\n`;
  const all: Connection[] = [];
  const idle: Connection[] = [];
  const lanes: Connection[] = [];
  const queue: Pending[] = [];
  let watched: AbortSignal | undefined;
  let closed = false;

  let pooled = 0;
  const released = (connection: Connection): void => {
    if (connection.pinned) return;
    const next = queue.shift();
    if (next !== undefined && !closed) connection.send(next);
    else idle.push(connection);
  };
  const newConnection = (pinned: boolean): Connection => {
    const connection = new Connection(hostname, port, released, profile.judge, pinned);
    all.push(connection);
    if (!pinned) pooled++;
    return connection;
  };
  // One sweep for every request's timeout rather than a timer per request.
  const sweep = setInterval(() => {
    const now = performance.now();
    for (const connection of all) if (connection.current !== undefined && now - connection.current.startedAt > options.timeoutMs) connection.cut({ kind: 'timeout' });
  }, Math.max(10, Math.min(250, options.timeoutMs / 4)));
  sweep.unref();
  const cutAll = (): void => {
    closed = true;
    clearInterval(sweep);
    for (const pending of queue.splice(0)) pending.resolve({ kind: 'timeout' });
    for (const connection of all) connection.cut({ kind: 'timeout' });
  };

  return {
    execute(k, runSignal, lane) {
      if (watched !== runSignal) {
        watched = runSignal;
        runSignal.addEventListener('abort', cutAll, { once: true });
      }
      if (runSignal.aborted || closed) return Promise.resolve({ kind: 'timeout' });
      const request = profile.request(k);
      return new Promise<Outcome>((resolve) => {
        const pending: Pending = { head: requestHead(request, options.prefix, common), body: request.body, k, resolve, startedAt: performance.now() };
        if (lane !== undefined) {
          (lanes[lane] ??= newConnection(true)).send(pending);
          return;
        }
        const connection = idle.pop() ?? (pooled < options.connections ? newConnection(false) : undefined);
        if (connection !== undefined) connection.send(pending);
        else queue.push(pending);
      });
    },
    close() {
      cutAll();
      return Promise.resolve();
    },
  };
}
