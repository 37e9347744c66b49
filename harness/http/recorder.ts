// Where recorded exchanges go: the log of the check that is running. AsyncLocalStorage keeps concurrent
// checks (and concurrent requests inside one check) apart without passing a recorder around.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from '../../results/model.js';

/** What the check wrapper needs of an API response to validate it against the spec afterwards. */
export interface RecordedResponse {
  api: 'v4' | 'v2' | 'control';
  method: string;
  path: string;
  status: number;
  body: unknown;
  isJson: boolean;
  text: string;
  /** The recorded exchange of this response (a failure judged on it reproduces it). */
  exchange?: Exchange;
}

export class ExchangeLog {
  dropped = 0;
  /** The control operations and fixtures the check used (harness/check/needs.ts names them). */
  readonly uses = new Set<string>();
  readonly responses: RecordedResponse[] = [];

  /** `exchanges` may be an array owned by someone else (the task meta), so that it fills as requests happen. */
  constructor(
    readonly exchanges: Exchange[] = [],
    readonly limit = 200,
  ) {}

  add(exchange: Exchange): void {
    if (this.exchanges.length < this.limit) this.exchanges.push(exchange);
    else this.dropped++;
  }
}

const storage = new AsyncLocalStorage<ExchangeLog>();

export function withExchangeLog<T>(log: ExchangeLog, run: () => Promise<T>): Promise<T> {
  return storage.run(log, run);
}

export function recordExchange(exchange: Exchange): void {
  storage.getStore()?.add(exchange);
}

export function recordResponse(response: RecordedResponse): void {
  const log = storage.getStore();
  if (log && log.responses.length < 5_000) log.responses.push(response);
}

/** Notes that the running check used a control operation or a fixture. */
export function recordUse(need: string): void {
  storage.getStore()?.uses.add(need);
}

/** Runs outside the running check's log: set-up shared by the file's checks is none of the check's own uses. */
export function outsideCheck<T>(run: () => T): T {
  return storage.exit(run);
}
