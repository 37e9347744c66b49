// Failures name the clause really broken (issue 30). A check's set-up steps are prerequisites: when one fails
// (a documented endpoint answers 404, say), what broke is that operation's own clause, not the clause the check
// was about to judge. `prerequisite()` marks such a step; a failure inside it (a failed expectation, or an
// answer of the step that a judge found wrong) carries the operation and its clause. The check then fails on
// that clause, named as a prerequisite, and its own clauses count as not verifiable (results/coverage.ts). A
// check that itself cites the step's clause fails as before: the step is its subject (outcome.ts decides).
import type { BrokenClause } from '../../results/model.js';
import { isAssertion } from '../checks/failure.js';
import { currentJudging } from './judging.js';
import { clauseOfOperation } from '../../spec/operation-clauses.js';

const attributed = new WeakMap<object, BrokenClause>();

/** The clause a thrown failure was attributed to, if any. */
export function brokenClauseOf(failure: unknown): BrokenClause | undefined {
  return typeof failure === 'object' && failure !== null ? attributed.get(failure) : undefined;
}

/** Attributes `failure` to `broken` unless it already names a clause (the innermost step knows best). */
export function attribute<E>(failure: E, broken: BrokenClause): E {
  if (typeof failure === 'object' && failure !== null && !attributed.has(failure)) attributed.set(failure, broken);
  return failure;
}

/**
 * Runs a step the check stands on, `operationId` being the operation it performs (harness/check/
 * operation-clauses.ts names its clause). A failed expectation inside it, and an answer recorded meanwhile that
 * a judge found wrong, are attributed to that operation's clause (or, for a field the oracle found
 * contradicting the request, that field's). Anything else (not verifiable, no answer) passes through unchanged.
 */
export async function prerequisite<T>(operationId: string, step: () => Promise<T>): Promise<T> {
  const broken: BrokenClause = { clause: clauseOfOperation(operationId), operation: operationId, as: 'prerequisite' };
  const judging = currentJudging();
  const before = judging?.faulted;
  try {
    return await step();
  } catch (error) {
    throw isAssertion(error) ? attribute(error, broken) : error;
  } finally {
    const after = judging?.faulted;
    if (after !== undefined && after !== before) after.step ??= broken;
  }
}
