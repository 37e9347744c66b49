// Where recorded exchanges go: the log of the check that is running. AsyncLocalStorage keeps concurrent
// checks (and concurrent requests inside one check) apart without passing a recorder around. The log only
// records and tells its observers: judging what was recorded is harness/check's (the check installs them).
// Memory stays bounded whatever the target sends: at most `limit` exchanges are kept per check (the first
// ones, and always the latest), and an observer keeps only what its verdict needs.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from '../../results/model.js';
import type { ApiName, ApiResponse, ReadingClient } from './api-types.js';

/** An API answer as recorded, with the request that caused it: what the judges of a check read. */
export interface RecordedResponse {
  api: ApiName;
  method: string;
  path: string;
  status: number;
  body: unknown;
  isJson: boolean;
  text: string;
  /** The body was longer than the transport reads, or JSON beyond what it parses (cut). */
  truncated?: boolean;
  /** Why it was cut, when not for its length (json-shape.ts). */
  cut?: string;
  contentType?: string;
  /** The recorded exchange of this response (a failure judged on it reproduces it). */
  exchange?: Exchange;
  /** What was asked and when the request started (epoch ms). */
  request?: { json?: unknown; query?: Record<string, unknown> };
  startedAt?: number;
}

/**
 * Exchanges kept per check: the first ones and the latest (a failure is usually about the latest). Twelve: a
 * check that makes an object and judges its views in passing (suites/_shared/views.ts) makes eight or more
 * requests before the one that fails, and a replay script needs them all to reach the state the run saw.
 */
export const exchangesKeptPerCheck = 12;

/**
 * Told as each request of the check starts; what it returns is awaited with the answer before the caller gets
 * it (harness/check/read-back.ts reads a write's object back there).
 */
export type RequestObserver = (client: ReadingClient, method: string, path: string) => ((response: ApiResponse) => Promise<void>) | undefined;

/** Told of every answer as it is recorded, before the caller gets it. */
export type ResponseObserver = (response: RecordedResponse) => void;

export class ExchangeLog {
  dropped = 0;
  /** Installed by the check runner (harness/check/check.ts). */
  onRequest: RequestObserver | undefined;
  onResponse: ResponseObserver | undefined;
  /** The first request of the check that got no answer; later requests of the check fail with it at once. */
  unanswered: Error | undefined;

  /** `exchanges` may be an array owned by someone else (the task meta), so that it fills as requests happen. */
  constructor(
    readonly exchanges: Exchange[] = [],
    readonly limit = exchangesKeptPerCheck,
  ) {}

  add(exchange: Exchange): void {
    if (this.exchanges.length < this.limit) {
      this.exchanges.push(exchange);
    } else {
      this.dropped++;
      this.exchanges[this.limit - 1] = exchange;
    }
  }

  addResponse(response: RecordedResponse): void {
    this.onResponse?.(response);
  }
}

const storage = new AsyncLocalStorage<ExchangeLog>();

export function withExchangeLog<T>(log: ExchangeLog, run: () => Promise<T>): Promise<T> {
  return storage.run(log, run);
}

export function currentExchangeLog(): ExchangeLog | undefined {
  return storage.getStore();
}

export function recordExchange(exchange: Exchange): void {
  storage.getStore()?.add(exchange);
}

export function recordResponse(response: RecordedResponse): void {
  storage.getStore()?.addResponse(response);
}

/** Runs outside the running check's log: set-up shared by the file's checks is none of the check's own. */
export function outsideCheck<T>(run: () => T): T {
  return storage.exit(run);
}
