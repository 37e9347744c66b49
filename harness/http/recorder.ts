// Where recorded exchanges go: the log of the check that is running. AsyncLocalStorage keeps concurrent
// checks (and concurrent requests inside one check) apart without passing a recorder around.
// Memory stays bounded whatever the target sends: each response is validated against the spec as it is
// recorded and only what the verdict needs is kept (the first non-conforming answer, a summary of the last
// one), and at most `limit` exchanges are kept per check (the first ones, and always the latest).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from '../../results/model.js';
import type { ApiClient, ApiResponse } from './api-client.js';
import { checkResponse } from '../schema/validator.js';
import { garbageOf } from './garbage.js';
import { contradictedAnswer } from '../oracle/recorded.js';

/** What the check wrapper needs of an API response to validate it against the spec. */
export interface RecordedResponse {
  api: 'v4' | 'v2' | 'control';
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
  /** What was asked (harness/oracle judges the answer against it) and when the request started (epoch ms). */
  request?: { json?: unknown; query?: Record<string, unknown> };
  startedAt?: number;
}

export type ResponseMode = 'strict' | 'schema' | 'off';

/** A response reduced to what a verdict or a failure message needs. */
export interface ResponseSummary {
  api: RecordedResponse['api'];
  method: string;
  path: string;
  status: number;
  /** At most 500 characters of the body. */
  excerpt: string;
  /** Why this answer shows a broken API rather than a clause broken (5xx, cut, not JSON where JSON is documented). */
  broken?: string;
}

export interface NonConforming {
  response: ResponseSummary;
  errors: string[];
  /** The exchange that carried it, when recorded: the failure's reproduction. */
  exchange?: Exchange;
  /** The failure to report, when the oracle found a field contradicting the request (harness/oracle). */
  failure?: { message: string; expected: string; actual: string; /** The clause of the field contradicted. */ clause?: string };
}

/** Exchanges kept per check: the first ones and the latest (a failure is usually about the latest). */
export const exchangesKeptPerCheck = 6;

/**
 * Told as each request of the check starts; what it returns is awaited with the answer before the caller gets
 * it (harness/check/read-back.ts reads a write's object back there).
 */
export type RequestObserver = (client: ApiClient, method: string, path: string) => ((response: ApiResponse) => Promise<void>) | undefined;

export class ExchangeLog {
  dropped = 0;
  /** Installed by the check runner (harness/check/check.ts). */
  onRequest: RequestObserver | undefined;
  /** The first request of the check that got no answer; later requests of the check fail with it at once. */
  unanswered: Error | undefined;
  /** The first response that breaks the spec (by the check's mode), if any. */
  nonConforming: NonConforming | undefined;
  lastResponse: ResponseSummary | undefined;
  /** The first 429 of the v4 or v2 API (or a 207 naming a send cap): a cap or a rate limit, whose values are not shown. */
  throttled: ResponseSummary | undefined;

  /** `exchanges` may be an array owned by someone else (the task meta), so that it fills as requests happen. */
  constructor(
    readonly exchanges: Exchange[] = [],
    readonly limit = exchangesKeptPerCheck,
    readonly mode: ResponseMode = 'strict',
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
    const contradicted = contradictedAnswer(response);
    const result = checkResponse(response);
    const summary: ResponseSummary = { api: response.api, method: response.method, path: response.path, status: response.status, excerpt: excerpt(response.text) };
    const documented = result.operation?.responses[String(response.status)] !== undefined;
    const broken = brokenness(response, result.notJson === true, documented);
    if (broken !== undefined) summary.broken = broken;
    this.lastResponse = summary;
    if (response.api !== 'control' && isThrottled(response)) this.throttled ??= summary;
    if (this.mode === 'off' || this.nonConforming !== undefined || !result.operation) return; // unknown paths are deliberate
    if (result.undocumentedStatus && this.mode === 'schema') return;
    if (result.errors.length > 0) this.nonConforming = { response: summary, errors: result.errors, ...(response.exchange === undefined ? {} : { exchange: response.exchange }) };
    else if (contradicted !== undefined) this.nonConforming = { response: summary, ...contradicted, ...(response.exchange === undefined ? {} : { exchange: response.exchange }) };
  }
}

/** The send caps' codes (section 7): a fan-out answered 207 may name them for the recipients they refused. */
const capCodes = /"(outbound_limit_reached|new_conversation_limit_reached)"/;

/** A 429, or a fan-out's 207 whose refusals name a send cap. */
function isThrottled(response: RecordedResponse): boolean {
  return response.status === 429 || (response.status === 207 && capCodes.test(response.text));
}

/**
 * A 5xx shows a broken API, except the deliberate ones: 501 (the description's "not implemented", an answer a
 * check judges) and a 5xx the spec lists for the operation (v2's 503 "no active number").
 */
function brokenness(response: RecordedResponse, notJson: boolean, documentedStatus: boolean): string | undefined {
  const where = `${response.api} ${response.method} ${response.path}`;
  if (response.status >= 500 && response.status !== 501 && !documentedStatus) return `the target answered ${response.status} to ${where}`;
  if (response.truncated) return `the target answered ${where} with ${response.cut ?? 'a body longer than the harness reads'}`;
  const garbage = garbageOf(response);
  if (notJson || garbage !== undefined) return `the target answered ${where} with a body that is not JSON${garbage === undefined ? '' : ` (${garbage.replace(/^the /, '')})`}`;
  return undefined;
}

function excerpt(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
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
