// What a check's run comes to, from what its body threw and what its judges found (judging.ts): `failed` only
// when the target answered and the answer breaks a clause; `error` when the target could not be judged (no
// answer, a broken answer where the check needed a working API, a malformed control answer, a harness
// exception); `not-run` when the run stopped first; `not-verifiable` when the target lacks what the check needs.
// The clause a failure broke is read from its findings (their clause and what they judged), never from text:
// a finding of another clause than the check's own (a prerequisite step, a read-back, an answer or delivery
// another judge found wrong) names that clause, and the check's own count as not verifiable.
import type { BrokenClause } from '../../results/model.js';
import { CheckFailure, isAssertion, requestLine, type Finding } from '../checks/failure.js';
import { isNotVerifiable } from '../fixtures/not-verifiable.js';
import { isRunStopped, isTargetError, TargetError } from '../target-error.js';
import { brokenClauseOf } from './attribution.js';
import { currentJudging, type CheckJudging, type FaultedAnswer } from './judging.js';

export type Judged =
  | { outcome: 'passed' }
  | { outcome: 'failed'; failure: unknown; brokenClause?: BrokenClause }
  | { outcome: 'error' | 'not-verifiable' | 'not-run'; reason: string };

/** What the outcome needs to know of the check itself. */
export interface JudgedCheck {
  /** The clauses the check cites. */
  clauses: readonly string[];
  /** A 5xx or an answer that is not JSON is what the check judges (a failure), not a broken API (an error). */
  judgesBrokenAnswers: boolean;
  /** The check asks for answers a send cap shapes: a failure after a 429 is its to judge. */
  asksForThrottling?: boolean;
}

/**
 * Areas whose checks exist to judge how the target answers bad or unusual input: there a 5xx or an answer
 * that is not JSON is what the check judges (a failure), not a sign that the API does not work (an error).
 */
export const areasJudgingBrokenAnswers: ReadonlySet<string> = new Set(['robustness', 'errors']);

/** Clauses about the 429s of the send caps: checks citing one ask for a 429, which the others do not. */
export function judgesThrottling(clauses: readonly string[]): boolean {
  return clauses.some((clause) => clause.startsWith('errors.429.') || clause.startsWith('limits.sends.'));
}

export function outcomeOf(thrown: unknown, judging: Pick<CheckJudging, 'faulted' | 'followUp' | 'lastResponse' | 'throttled'>, check: JudgedCheck): Judged {
  if (isRunStopped(thrown)) return { outcome: 'not-run', reason: thrown.message };
  if (isNotVerifiable(thrown)) return { outcome: 'not-verifiable', reason: thrown.message };
  if (isTargetError(thrown)) return { outcome: 'error', reason: firstLine(thrown.message) };
  const answered = judging.faulted === undefined ? undefined : faultedAnswerFailure(judging.faulted);
  // A prerequisite whose answer a judge found wrong failed first: what the check threw after it may only follow
  // from it (attribution.ts). A write whose answer differed from its read-back (read-back.ts) comes last.
  const stepFailed = judging.faulted?.step !== undefined;
  const followedUp = judging.followUp === undefined ? undefined : CheckFailure.of('the read-back', [judging.followUp]);
  const failure = (stepFailed ? answered : thrown) ?? answered ?? followedUp;
  if (failure === undefined) return { outcome: 'passed' };
  const broken = judging.lastResponse?.broken;
  if (!check.judgesBrokenAnswers && broken !== undefined) return { outcome: 'error', reason: brokenReason(broken) };
  // A send cap or a rate limit (values not shown; in a vendor's shared organization earlier runs' sends count)
  // may be why the check failed: where it did not ask for a 429, it judged nothing it can stand by.
  const throttled = judging.throttled;
  if (check.asksForThrottling === false && throttled !== undefined) return { outcome: 'not-verifiable', reason: throttledReason(throttled) };
  if (failure === thrown && !isAssertion(thrown)) {
    // The check crashed: when an answer broke the spec, that answer is the failure; else the harness is at fault.
    return answered !== undefined ? failed(answered, check.clauses) : { outcome: 'error', reason: `harness exception: ${describe(thrown)}` };
  }
  return failed(failure, check.clauses);
}

function failed(failure: unknown, clauses: readonly string[]): Judged {
  const brokenClause = brokenClauseIn(failure, clauses);
  return brokenClause === undefined ? { outcome: 'failed', failure } : { outcome: 'failed', failure, brokenClause };
}

/**
 * The clause a failure broke, when it is another than the check's: its first finding's (with what that judged),
 * else the prerequisite step's it was thrown in. A check citing that clause judges it itself: none.
 */
export function brokenClauseIn(failure: unknown, clauses: readonly string[]): BrokenClause | undefined {
  const first = failure instanceof CheckFailure ? failure.findings?.[0] : undefined;
  const broken = first?.clause !== undefined && first.about !== undefined ? { clause: first.clause, ...first.about } : brokenClauseOf(failure);
  return broken === undefined || clauses.includes(broken.clause) ? undefined : broken;
}

/** The failure's message as the report shows it: a step or read-back named first (an answer or delivery names itself). */
export function attributedMessage(message: string, broken: BrokenClause): string {
  if (broken.as === 'prerequisite') return `prerequisite ${broken.operation} failed (clause ${broken.clause}): ${message}`;
  if (broken.as === 'read-back') return `the answer of ${broken.operation} differs from its read-back (clause ${broken.clause}): ${message}`;
  return message;
}

/** The failure of the first answer the judges found wrong; in a prerequisite step, the step's (or the contradicted field's) clause. */
function faultedAnswerFailure({ response, findings, step }: FaultedAnswer): CheckFailure {
  const inStep = (finding: Finding): Finding => (step === undefined ? finding : { ...finding, clause: finding.clause ?? step.clause, about: { operation: step.operation, as: step.as } });
  return CheckFailure.of(requestLine(response), findings.map(inStep), 'the request');
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
  const broken = currentJudging()?.lastResponse?.broken;
  return broken !== undefined && isAssertion(error) ? new TargetError(brokenReason(broken)) : error;
}

function throttledReason({ api, method, path, status, excerpt }: NonNullable<CheckJudging['throttled']>): string {
  return `the target answered ${api} ${method} ${path} with ${status} (${firstLine(excerpt).slice(0, 160)}): a send cap or a rate limit, whose values are not shown, so the check could not judge what followed`;
}

function brokenReason(broken: string): string {
  return `${broken}, where the check needed a working API`;
}
