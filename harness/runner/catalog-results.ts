// Results made from the check catalog for checks whose file never ran: left out of a narrowed run (narrow.ts)
// or never started before the run stopped (run-suites.ts). Each stands as its file would have reported it,
// with its own clauses, so that the coverage names the clauses those checks cite.
import type { CheckResult } from '../../results/model.js';
import { excludedReason } from '../../results/verdict.js';
import type { CollectedCheck } from './collect-checks.js';
import { isSelected, type Selection } from './selection.js';

/** A check of the catalog as the report carries it, with the outcome it is given and why. */
function fromCatalog(check: CollectedCheck, outcome: 'skipped' | 'not-run', reason: string): CheckResult {
  return { id: check.id, area: check.area, title: check.title, clauses: [...check.clauses], durationMs: 0, exchanges: [], outcome, reason };
}

/** What harness/runner/collect.ts makes of a check that ran and excluded itself (harness/check/check.ts). */
export function excludedResult(check: CollectedCheck): CheckResult {
  return fromCatalog(check, 'skipped', excludedReason);
}

/** A check of a file the run never started: excluded when the selection leaves it out, else not run, and why. */
export function notStartedResult(check: CollectedCheck, selection: Selection, reason: string): CheckResult {
  return isSelected(selection, check) ? fromCatalog(check, 'not-run', reason) : excludedResult(check);
}
