// A failed expectation with what was expected and what came back, in words a vendor can act on, and what a
// judge found wrong as data (a Finding: the clause broken, the field, expected, actual and the exchange).
// vitest carries `expected`/`actual` of a thrown error to the reporter; the runner puts them in the report.
import { chai } from 'vitest';
import type { BrokenClause, Exchange } from '../../results/model.js';
import { codeOf, errorCodes, McsError, type McsErrorCode } from '../../spec/errors.js';

/** What a judge found wrong, as data. */
export interface Finding {
  /** The clause broken; absent: the clauses of the check that found it (its own expectation). */
  clause?: string;
  /** The field (a body path, a header name), or what was judged as a whole (`body`, `status`). */
  field: string;
  expected: string;
  actual: string;
  /** The answer judged, when it was one: the report reproduces that request. */
  exchange?: Exchange;
  /** What was judged, when not the check's own subject: an answer or delivery, a step, a read-back. */
  about?: Omit<BrokenClause, 'clause'>;
  /** One line saying what broke, where the field and its values do not (a schema error, a read-back). */
  message?: string;
}

export class CheckFailure extends McsError {
  override readonly name = 'CheckFailure';
  override readonly code: McsErrorCode = errorCodes.checkFailed;
  readonly expected: string;
  readonly actual: string;
  /** What the judges found, as data, when the failure is theirs: the check's outcome is computed from them. */
  readonly findings: readonly Finding[] | undefined;
  constructor(message: string, expected: string, actual: string, findings?: readonly Finding[]) {
    super(message);
    this.expected = expected;
    this.actual = actual;
    this.findings = findings;
  }

  /**
   * One failure naming every finding about `what` (the first one's message, or field and clause, lead), found
   * by judging it `against` what caused it.
   */
  static of(what: string, findings: readonly Finding[], against = 'the action'): CheckFailure {
    const [first, ...rest] = findings;
    if (first === undefined) throw new Error('CheckFailure.of needs a finding');
    if (first.message !== undefined) return atExchange(new CheckFailure(first.message, first.expected, first.actual, findings), first.exchange);
    const more = rest.length === 0 ? '' : `; also ${rest.map(describeFinding).join('; ')}`;
    const clause = first.clause === undefined ? '' : ` (clause ${first.clause})`;
    const failure = new CheckFailure(`${what}: field ${first.field} contradicts ${against}${clause}${more}`, `${first.field}: ${first.expected}`, `${first.field}: ${first.actual}`, findings);
    return atExchange(failure, first.exchange);
  }
}

/**
 * What a check waited for (a delivery, a report) did not come in time. A failure where it was due; the one
 * failure a wait's caller may catch, to say the target did not make it (not verifiable), or to note it missing.
 */
export class NothingArrived extends CheckFailure {
  override readonly code = errorCodes.nothingArrived;
}

/** Whether `error` says only that nothing arrived in time (a finding, or any other failure, is not that). */
export function isNothingArrived(error: unknown): error is NothingArrived {
  return codeOf(error) === errorCodes.nothingArrived;
}

const assertionCodes: ReadonlySet<string> = new Set([errorCodes.checkFailed, errorCodes.nothingArrived]);

/**
 * A failed expectation: the suites' CheckFailure (and NothingArrived), by code, which survives a second copy
 * of this module and the worker's serialization; or vitest's expect, by its type (chai's AssertionError). Only
 * where vitest has serialized that one across the worker boundary, which keeps no type, is its name read.
 */
export function isAssertion(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined) return assertionCodes.has(code);
  if (error instanceof chai.AssertionError) return true;
  return !(error instanceof Error) && (error as { name?: unknown } | null | undefined)?.name === 'AssertionError';
}

/** How a finding reads in a failure: the field, expected and actual, and the clause it breaks. */
export function describeFinding(finding: Finding): string {
  return `${finding.field}: expected ${finding.expected}, got ${finding.actual}${finding.clause === undefined ? '' : ` [${finding.clause}]`}`;
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
