// A failed expectation with what was expected and what came back, in words a vendor can act on.
// vitest carries `expected`/`actual` of a thrown error to the reporter; the runner puts them in the report.
import type { Exchange } from '../../results/model.js';

export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
  readonly expected: string;
  readonly actual: string;
  constructor(message: string, expected: string, actual: string) {
    super(message);
    this.expected = expected;
    this.actual = actual;
  }
}

/** A short text of a response for `actual`: status and (clipped) body. */
export function describeResponse(response: { status: number; text: string }): string {
  const body = response.text.length > 500 ? `${response.text.slice(0, 500)}…` : response.text;
  return `${response.status} ${body === '' ? '(empty body)' : body}`;
}

export function requestLine(response: { api: string; method: string; path: string }): string {
  return `${response.api} ${response.method} ${response.path}`;
}

/**
 * The exchange a failure is about, when the failing check knew it (a named check judging a response, the
 * response validator, a transport failure): the report reproduces that request rather than the last one.
 */
export function failedExchangeOf(error: unknown): Exchange | undefined {
  const exchange = (error as { exchange?: unknown } | null | undefined)?.exchange;
  return typeof exchange === 'object' && exchange !== null && 'request' in exchange ? (exchange as Exchange) : undefined;
}

/** Ties a failure to the exchange it judged (kept off vitest's serialized error: not enumerable). */
export function atExchange<E>(error: E, exchange: Exchange | undefined): E {
  if (exchange !== undefined && typeof error === 'object' && error !== null && failedExchangeOf(error) === undefined) {
    Object.defineProperty(error, 'exchange', { value: exchange, enumerable: false, configurable: true });
  }
  return error;
}
