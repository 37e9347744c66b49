// What a check's run comes to, from what its body threw and what its responses were: `failed` only when the
// target answered and the answer breaks a clause; `error` when the target could not be judged (no answer,
// a broken answer where the check needed a working API, a malformed control answer, a harness exception);
// `not-run` when the run stopped first; `not-verifiable` when the target lacks what the check needs.
import { atExchange, CheckFailure } from '../checks/failure.js';
import { isNotVerifiable } from '../fixtures/not-verifiable.js';
import { currentExchangeLog, type ExchangeLog } from '../http/recorder.js';
import { isRunStopped, isTargetError, TargetError } from '../target-error.js';
import { attribute, stepOfNonConforming } from './attribution.js';
import { readBackFailureOf } from './read-back.js';

export type Judged =
  | { outcome: 'passed' }
  | { outcome: 'failed'; failure: unknown }
  | { outcome: 'error' | 'not-verifiable' | 'not-run'; reason: string };

/**
 * Areas whose checks exist to judge how the target answers bad or unusual input: there a 5xx or an answer
 * that is not JSON is what the check judges (a failure), not a sign that the API does not work (an error).
 */
export const areasJudgingBrokenAnswers: ReadonlySet<string> = new Set(['robustness', 'errors']);

/** Clauses about the 429s of the send caps: checks citing one ask for a 429, which the others do not. */
export function judgesThrottling(clauses: readonly string[]): boolean {
  return clauses.some((clause) => clause.startsWith('errors.429.') || clause.startsWith('limits.sends.'));
}

export function judge(thrown: unknown, log: Pick<ExchangeLog, 'nonConforming' | 'lastResponse' | 'throttled'>, judgesBrokenAnswers: boolean, asksForThrottling = true): Judged {
  if (isRunStopped(thrown)) return { outcome: 'not-run', reason: thrown.message };
  if (isNotVerifiable(thrown)) return { outcome: 'not-verifiable', reason: thrown.message };
  if (isTargetError(thrown)) return { outcome: 'error', reason: firstLine(thrown.message) };
  const nonConforming = log.nonConforming === undefined ? undefined : nonConformingFailure(log.nonConforming);
  // A prerequisite whose answer broke the spec failed first: what the check threw after it may only follow from
  // it (harness/check/attribution.ts). A write whose answer differed from its read-back (read-back.ts) comes last.
  const stepFailed = log.nonConforming !== undefined && stepOfNonConforming(log.nonConforming) !== undefined;
  const failure = (stepFailed ? nonConforming : thrown) ?? nonConforming ?? readBackFailureOf(log);
  if (failure === undefined) return { outcome: 'passed' };
  const broken = log.lastResponse?.broken;
  if (!judgesBrokenAnswers && broken !== undefined) return { outcome: 'error', reason: brokenReason(broken) };
  // A send cap or a rate limit (values not shown; in a vendor's shared organization earlier runs' sends count)
  // may be why the check failed: where it did not ask for a 429, it judged nothing it can stand by.
  const throttled = log.throttled;
  if (!asksForThrottling && throttled !== undefined) return { outcome: 'not-verifiable', reason: throttledReason(throttled) };
  if (thrown !== undefined && !isAssertion(thrown)) {
    // The check crashed: when an answer broke the spec, that answer is the failure; else the harness is at fault.
    return nonConforming !== undefined ? { outcome: 'failed', failure: nonConforming } : { outcome: 'error', reason: `harness exception: ${describe(thrown)}` };
  }
  return { outcome: 'failed', failure };
}

/** A failed expectation: the suites' CheckFailure, or vitest's expect (AssertionError). */
function isAssertion(error: unknown): boolean {
  return error instanceof Error && (error.name === 'CheckFailure' || error.name === 'AssertionError');
}

function nonConformingFailure(nonConforming: NonNullable<ExchangeLog['nonConforming']>): CheckFailure {
  const { response, errors, exchange, failure: contradicted } = nonConforming;
  const step = stepOfNonConforming(nonConforming);
  // A field contradicting the request (harness/oracle) names its field, clause, expected and actual.
  if (contradicted !== undefined) {
    const failure = new CheckFailure(contradicted.message, contradicted.expected, contradicted.actual);
    // In a prerequisite step the clause broken is the contradicted field's (which may be the check's own), not
    // the step operation's in general.
    if (step !== undefined) attribute(failure, { ...step, clause: contradicted.clause ?? step.clause });
    return atExchange(failure, exchange);
  }
  const failure = new CheckFailure(
    `${response.api} ${response.method} ${response.path}: ${errors[0]}`,
    'every response documented by the spec and matching its schema',
    `${response.status} ${response.excerpt}\n${errors.join('\n')}`,
  );
  if (step !== undefined) attribute(failure, step);
  return atExchange(failure, exchange);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${firstLine(error.message)}` : firstLine(String(error));
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

/**
 * For work several checks share (a scenario one check runs and the others await): a failed expectation right
 * after a broken answer becomes the TargetError the running check's own judgement would have made of it. Every
 * check awaiting the shared work then reports `error`, not only the one whose log holds that answer. Call it
 * where the shared work failed, in the running check's async context.
 */
export function carryBrokenAnswer(error: unknown): unknown {
  const broken = currentExchangeLog()?.lastResponse?.broken;
  return broken !== undefined && isAssertion(error) ? new TargetError(brokenReason(broken)) : error;
}

function throttledReason({ api, method, path, status, excerpt }: NonNullable<ExchangeLog['throttled']>): string {
  return `the target answered ${api} ${method} ${path} with ${status} (${firstLine(excerpt).slice(0, 160)}): a send cap or a rate limit, whose values are not shown, so the check could not judge what followed`;
}

function brokenReason(broken: string): string {
  return `${broken}, where the check needed a working API`;
}
