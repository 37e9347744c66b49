// A local HTTP server that records webhook deliveries for the suites and the load tool to inspect.
// It keeps each body as the exact bytes received (signatures are computed over them), answers every
// delivery with a configurable status, and serves many subscriptions at once through sub-paths:
// `receiver.endpoint('orders')` is a URL whose deliveries carry `endpoint === 'orders'`.
// Whatever reaches it is bounded: a request to a path no endpoint() named is answered 404 and not kept (its
// body is never held), a body over maxBodyBytes is answered 413, and the bytes held (kept, and being read)
// count against a budget that several receivers may share (byte-budget.ts); past it a delivery is answered
// 503 once the receiver's own oldest deliveries are gone.
import { errorCodes, McsError } from '../../spec/errors.js';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { joinUrl } from '../http/url.js';
import { BoundedLog } from './bounded-log.js';
import { ByteBudget } from './byte-budget.js';

export interface Delivery {
  /** Arrival order, from 1, across the life of the receiver. */
  seq: number;
  /** The request target as received: path and query. */
  path: string;
  /** The last segment of the path, percent-decoded; null for `/`. See `endpoint()`. */
  endpoint: string | null;
  method: string;
  /** Header names in lower case; a header received more than once is an array of its values, in order. */
  headers: Record<string, string | string[]>;
  /** The body exactly as received. */
  rawBody: Buffer;
  /** Epoch ms when the whole body had arrived. */
  receivedAt: number;
  /** The body parsed as UTF-8 JSON; throws a SyntaxError when it is not JSON. */
  json(): unknown;
}

export type DeliveryPredicate = (delivery: Delivery) => boolean;

export interface WaitOptions {
  /** Required: every wait ends. */
  timeoutMs: number;
}

export interface WebhookReceiverOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The base URL at which the sender reaches this receiver (for example a tunnel); defaults to http://host:port. */
  publicUrl?: string;
  /** Status answered to every delivery (default 204), or a function of the delivery, to simulate failing receivers. */
  respondStatus?: number | ((delivery: Delivery) => number);
  /** Deliveries kept (default 100,000); the oldest are dropped first and counted. */
  maxDeliveries?: number;
  /** Bytes of bodies kept (default 256 MiB); the oldest are dropped first and counted. */
  maxKeptBytes?: number;
  /** A larger body is answered 413 and not recorded (default 1 MiB). */
  maxBodyBytes?: number;
  /** Bytes of bodies held (kept and being read), shared with other receivers (default: this receiver's own, maxKeptBytes + 4 maxBodyBytes). */
  budget?: ByteBudget;
  /** Record requests to any path, not only to the endpoints named (tests of the receiver itself; default false). */
  anyPath?: boolean;
}

export interface ReceiverStats {
  /** Deliveries recorded since start (including those later dropped or cleared). */
  received: number;
  kept: number;
  /** Deliveries dropped to stay within maxDeliveries / maxKeptBytes. */
  dropped: number;
  /** Requests refused with 413 because the body was larger than maxBodyBytes. */
  tooLarge: number;
  /** Requests answered 404: their path names no endpoint. */
  unknownPath: number;
  /** Requests refused with 503: the budget of held bytes was spent. */
  overBudget: number;
}

export interface WebhookReceiver {
  /** The public base URL; deliveries sent here are answered 404 (with `anyPath`, kept with `endpoint === null`). */
  url: string;
  /**
   * A URL for one subscription; its deliveries have `endpoint === name`. Names use letters, digits and `-._~`.
   * The name is joined to the path of the public URL, before any query it has (kept, as a tunnel may need it).
   */
  endpoint(name: string): string;
  /** A snapshot of the kept deliveries, oldest first. */
  deliveries(): Delivery[];
  /** The first kept or future delivery that matches; rejects with DeliveryWaitTimeoutError after timeoutMs. */
  waitFor(predicate: DeliveryPredicate, options: WaitOptions): Promise<Delivery>;
  /** The first `count` kept or future deliveries that match. */
  waitForCount(predicate: DeliveryPredicate, count: number, options: WaitOptions): Promise<Delivery[]>;
  stats(): ReceiverStats;
  /** Forgets the kept deliveries (counters stay). */
  clear(): void;
  /** Stops the server, closes open connections, rejects pending waits and forgets the kept deliveries (their bytes go back to a shared budget). */
  close(): Promise<void>;
}

export class DeliveryWaitTimeoutError extends McsError {
  override readonly name = 'DeliveryWaitTimeoutError';
  override readonly code = errorCodes.deliveryWaitTimeout;
  constructor(
    readonly timeoutMs: number,
    readonly wanted: number,
    readonly matched: number,
    /** Deliveries the receiver had recorded in all when the wait timed out. */
    readonly arrived: number,
    readonly arrivedDuringWait: number,
  ) {
    super(
      `timed out after ${timeoutMs} ms waiting for ${wanted} matching webhook deliver${wanted === 1 ? 'y' : 'ies'}: ` +
        `${matched} matched; ${arrived} arrived in all, ${arrivedDuringWait} during the wait`,
    );
  }
}

/** A predicate matching the deliveries sent to `receiver.endpoint(name)`. */
export function atEndpoint(name: string): DeliveryPredicate {
  return (delivery) => delivery.endpoint === name;
}

const DEFAULTS = { maxDeliveries: 100_000, maxKeptBytes: 256 * 1024 * 1024, maxBodyBytes: 1024 * 1024 };
const ENDPOINT_NAME = /^[A-Za-z0-9._~-]+$/;

interface Waiter {
  predicate: DeliveryPredicate;
  count: number;
  matched: Delivery[];
  arrivedAtStart: number;
  resolve(deliveries: Delivery[]): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const { host = '127.0.0.1', port = 0, respondStatus = 204 } = options;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const maxKeptBytes = options.maxKeptBytes ?? DEFAULTS.maxKeptBytes;
  const budget = options.budget ?? new ByteBudget(maxKeptBytes + 4 * maxBodyBytes);
  const log = new BoundedLog<Delivery>(options.maxDeliveries ?? DEFAULTS.maxDeliveries, maxKeptBytes, (size) => budget.give(size));
  const endpoints = new Set<string>();
  const waiters = new Set<Waiter>();
  let received = 0;
  let tooLarge = 0;
  let unknownPath = 0;
  let overBudget = 0;
  let closed = false;
  if (typeof respondStatus === 'number') checkStatus(respondStatus);

  function record(delivery: Delivery): void {
    received += 1;
    log.push(delivery, delivery.rawBody.byteLength);
    for (const waiter of waiters) {
      let matches: boolean;
      try {
        matches = waiter.predicate(delivery);
      } catch (error) {
        settle(waiter, () => waiter.reject(error instanceof Error ? error : new Error(String(error))));
        continue;
      }
      if (!matches) continue;
      waiter.matched.push(delivery);
      if (waiter.matched.length >= waiter.count) settle(waiter, () => waiter.resolve(waiter.matched));
    }
  }

  function settle(waiter: Waiter, finish: () => void): void {
    clearTimeout(waiter.timer);
    waiters.delete(waiter);
    finish();
  }

  function statusFor(delivery: Delivery): number {
    if (typeof respondStatus === 'number') return respondStatus;
    try {
      return checkStatus(respondStatus(delivery));
    } catch {
      return 500;
    }
  }

  /** Bytes for a chunk of a body being read: from the budget, else from this receiver's oldest deliveries. */
  const take = (bytes: number): boolean => {
    while (!budget.take(bytes)) if (!log.dropOne()) return false;
    return true;
  };

  const server = createServer((req, res) => {
    const endpoint = lastSegment(req.url ?? '/');
    if (!options.anyPath && (endpoint === null || !endpoints.has(endpoint))) {
      unknownPath += 1;
      refuse(req, res, 404);
      return;
    }
    void readBody(req, maxBodyBytes, take, (bytes) => budget.give(bytes)).then((read) => {
      if (read === 'too-large' || read === 'over-budget') {
        if (read === 'too-large') tooLarge += 1;
        else overBudget += 1;
        refuse(req, res, read === 'too-large' ? 413 : 503);
        return;
      }
      const delivery = toDelivery(req, read, received + 1);
      record(delivery);
      answer(res, statusFor(delivery));
    }, () => req.socket.destroy());
  });
  server.requestTimeout = 30_000;
  await listen(server, port, host);

  const url = withoutTrailingSlash(options.publicUrl ?? localUrl(server.address() as AddressInfo));

  // The usual pattern is "start waiting, trigger the event, then await"; a wait that fails while the
  // trigger is still running must not be reported as an unhandled rejection, so it is marked handled
  // here. Awaiting the returned promise still throws.
  function waitForCount(predicate: DeliveryPredicate, count: number, options: WaitOptions): Promise<Delivery[]> {
    const waiting = startWait(predicate, count, options);
    waiting.catch(() => undefined);
    return waiting;
  }

  async function startWait(predicate: DeliveryPredicate, count: number, { timeoutMs }: WaitOptions): Promise<Delivery[]> {
    if (!Number.isSafeInteger(count) || count < 1) throw new TypeError(`waitForCount: count must be an integer >= 1, got ${count}`);
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new TypeError(`waitFor: timeoutMs must be a finite number > 0, got ${timeoutMs}`);
    if (closed) throw new Error('the webhook receiver is closed');
    const already = log.toArray().filter(predicate);
    if (already.length >= count) return already.slice(0, count);
    return new Promise<Delivery[]>((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        count,
        matched: already,
        arrivedAtStart: received,
        resolve,
        reject,
        timer: setTimeout(() => {
          settle(waiter, () => reject(new DeliveryWaitTimeoutError(timeoutMs, count, waiter.matched.length, received, received - waiter.arrivedAtStart)));
        }, timeoutMs),
      };
      waiters.add(waiter);
    });
  }

  return {
    url,
    endpoint(name) {
      if (!ENDPOINT_NAME.test(name) || name === '.' || name === '..') {
        throw new TypeError(`endpoint: a name uses letters, digits and "-._~" only, got ${JSON.stringify(name)}`);
      }
      endpoints.add(name);
      return joinUrl(url, `/${name}`);
    },
    deliveries: () => log.toArray(),
    waitFor(predicate, waitOptions) {
      const waiting = waitForCount(predicate, 1, waitOptions).then((matched) => matched[0] as Delivery);
      waiting.catch(() => undefined);
      return waiting;
    },
    waitForCount,
    stats: () => ({ received, kept: log.length, dropped: log.dropped, tooLarge, unknownPath, overBudget }),
    clear: () => log.clear(),
    async close() {
      if (closed) return;
      closed = true;
      for (const waiter of waiters) settle(waiter, () => waiter.reject(new Error('the webhook receiver was closed during the wait')));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      log.clear(); // the kept bytes go back to a shared budget
    },
  };
}

function checkStatus(status: number): number {
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    throw new TypeError(`respondStatus must be an integer HTTP status from 200 to 599, got ${status}`);
  }
  return status;
}

/**
 * The body, or why it is not kept: longer than `maxBytes`, or more than the budget holds (`take` refused a
 * chunk). A refusal is told at once, without reading the rest (the caller answers and closes the connection),
 * and the bytes taken for it are given back; a kept body's bytes stay taken until the delivery leaves the log.
 */
function readBody(req: IncomingMessage, maxBytes: number, take: (bytes: number) => boolean, give: (bytes: number) => void): Promise<Buffer | 'too-large' | 'over-budget'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (outcome: Buffer | 'too-large' | 'over-budget' | Error) => {
      if (settled) return;
      settled = true;
      if (!(outcome instanceof Buffer)) {
        give(size);
        chunks.length = 0;
      }
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      if (size + chunk.byteLength > maxBytes) return finish('too-large');
      if (!take(chunk.byteLength)) return finish('over-budget');
      chunks.push(chunk);
      size += chunk.byteLength;
    });
    req.on('end', () => finish(Buffer.concat(chunks, size)));
    req.on('error', (error) => finish(error));
    // Cut off by the sender: what was taken goes back.
    req.on('close', () => finish(new Error('the delivery was cut off')));
  });
}

function toDelivery(req: IncomingMessage, rawBody: Buffer, seq: number): Delivery {
  const path = req.url ?? '/';
  // Named by the sender: no prototype, so a header named `__proto__` or `constructor` is one like any other.
  const headers = Object.create(null) as Record<string, string | string[]>;
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (values === undefined) continue;
    headers[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return {
    seq,
    path,
    endpoint: lastSegment(path),
    method: req.method ?? 'GET',
    headers,
    rawBody,
    receivedAt: Date.now(),
    json: () => JSON.parse(rawBody.toString('utf8')) as unknown,
  };
}

// The last segment, so that an endpoint is recognised whether or not a tunnel in front of the
// receiver keeps the public URL's own path prefix.
function lastSegment(path: string): string | null {
  const pathname = path.split('?')[0] ?? '';
  const segment = pathname.split('/').filter((s) => s !== '').pop();
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function answer(res: ServerResponse, status: number): void {
  res.writeHead(status).end();
}

/**
 * Answers `status` at once and closes the connection once the answer is written: the rest of the body, however
 * long, is never read (a sender still writing may see the connection reset instead of the answer).
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number): void {
  res.writeHead(status, { connection: 'close' }).end(() => req.socket.destroy());
}

/** A URL without trailing slashes on its path, its query kept: `https://t/x/?tok=1` -> `https://t/x?tok=1`. */
function withoutTrailingSlash(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url.replace(/\/+$/, '') : `${url.slice(0, at).replace(/\/+$/, '')}${url.slice(at)}`;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function localUrl(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
