// Failures name the clause really broken (issue 30). A check's set-up steps are prerequisites: when one fails
// (a documented endpoint answers 404, say), what broke is that operation's own clause, not the clause the check
// was about to judge. `prerequisite()` marks such a step; a failure inside it (a failed expectation, or an
// answer of the step that breaks the spec) carries the operation and its clause. The check then fails on that
// clause, named as a prerequisite, and its own clauses count as not verifiable (results/coverage.ts). A check
// that itself cites the step's clause fails as before: the step is its subject.
import type { BrokenClause } from '../../results/model.js';
import { currentExchangeLog, type NonConforming } from '../http/recorder.js';
import { clauseOfOperation } from './operation-clauses.js';

const attributed = new WeakMap<object, BrokenClause>();
const fromSteps = new WeakMap<NonConforming, BrokenClause>();

/** The clause a failure (a thrown error, or an answer that broke the spec) was attributed to, if any. */
export function brokenClauseOf(failure: unknown): BrokenClause | undefined {
  return typeof failure === 'object' && failure !== null ? attributed.get(failure) : undefined;
}

/** Attributes `failure` to `broken` unless it already names a clause (the innermost step knows best). */
export function attribute<E>(failure: E, broken: BrokenClause): E {
  if (typeof failure === 'object' && failure !== null && !attributed.has(failure)) attributed.set(failure, broken);
  return failure;
}

/** The attribution of an answer that broke the spec during a prerequisite step (judge.ts makes its failure). */
export function stepOfNonConforming(nonConforming: NonConforming): BrokenClause | undefined {
  return fromSteps.get(nonConforming);
}

/** A failed expectation (the suites' CheckFailure, vitest's AssertionError): what a step's refusal throws. */
function isAssertion(error: unknown): boolean {
  return error instanceof Error && (error.name === 'CheckFailure' || error.name === 'AssertionError');
}

/**
 * Runs a step the check stands on, `operationId` being the operation it performs (harness/check/
 * operation-clauses.ts names its clause). A failed expectation inside it, and an answer recorded meanwhile that
 * breaks the spec, are attributed to that operation's clause. Anything else (not verifiable, no answer) passes
 * through unchanged.
 */
export async function prerequisite<T>(operationId: string, step: () => Promise<T>): Promise<T> {
  const broken: BrokenClause = { clause: clauseOfOperation(operationId), operation: operationId, as: 'prerequisite' };
  const log = currentExchangeLog();
  const before = log?.nonConforming;
  try {
    return await step();
  } catch (error) {
    throw isAssertion(error) ? attribute(error, broken) : error;
  } finally {
    const after = log?.nonConforming;
    if (after !== undefined && after !== before && !fromSteps.has(after)) fromSteps.set(after, broken);
  }
}

/**
 * What a failure of a check citing `clauses` broke, when that is another clause: the attribution of the step
 * or read-back it came from. A check citing the attributed clause judges that operation itself: no attribution.
 */
export function attributionFor(failure: unknown, clauses: readonly string[]): BrokenClause | undefined {
  const broken = brokenClauseOf(failure);
  return broken === undefined || clauses.includes(broken.clause) ? undefined : broken;
}

/** The failure's message as the report shows it: the step and its clause first. */
export function attributedMessage(message: string, broken: BrokenClause): string {
  const what = broken.as === 'prerequisite' ? `prerequisite ${broken.operation} failed (clause ${broken.clause})` : `the answer of ${broken.operation} differs from its read-back (clause ${broken.clause})`;
  return `${what}: ${message}`;
}
