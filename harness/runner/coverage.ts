// Clause coverage: every clause of spec/clauses.yaml with the checks that cite it and their worst outcome.
import type { Clause } from '../../spec/index.js';
import type { CheckResult, ClauseCoverage, Outcome } from '../../reports/model.js';

/** Worst first: a failure anywhere decides, then what could not be verified, then what was skipped. */
const severity: Record<Outcome, number> = { failed: 3, 'not-verifiable': 2, skipped: 1, passed: 0 };

export function computeCoverage(clauses: readonly Clause[], checks: readonly CheckResult[]): ClauseCoverage[] {
  const byClause = new Map<string, CheckResult[]>();
  for (const check of checks) {
    for (const clause of check.clauses) byClause.set(clause, [...(byClause.get(clause) ?? []), check]);
  }
  return clauses.map((clause) => {
    const citing = byClause.get(clause.id) ?? [];
    const entry: ClauseCoverage = { id: clause.id, section: clause.section, kind: clause.kind, text: clause.text, checks: citing.map((c) => c.id), result: 'uncovered' };
    if (clause.untestable !== undefined) {
      entry.result = 'untestable';
      entry.reason = clause.untestable;
    } else if (citing.length > 0) {
      const worst = citing.reduce((a, b) => (severity[b.outcome] > severity[a.outcome] ? b : a));
      entry.result = worst.outcome;
      if (worst.reason !== undefined) entry.reason = worst.reason;
    } else if (clause.needs_control) {
      entry.reason = 'no check yet; needs the control API';
    }
    return entry;
  });
}

/** Clause ids cited by checks that clauses.yaml does not define (to reconcile). */
export function unknownClauseIds(clauses: readonly Clause[], checks: readonly CheckResult[]): string[] {
  const known = new Set(clauses.map((c) => c.id));
  return [...new Set(checks.flatMap((c) => c.clauses))].filter((id) => !known.has(id)).sort();
}
