// Clause coverage: which clauses of spec/clauses.yaml the checks cite, which no check cites, and which are
// marked untestable. Pure functions over clauses and checks, shared by the runner (coverage of a run, with
// outcomes), `mcs coverage` (a static scan of suites/, without outcomes) and the coverage gate test.
import { coreFeature, type Clause } from '../spec/index.js';
import type { CheckResult, ClauseCoverage, Failure, Outcome } from './model.js';

/** Worst first: a failure anywhere outweighs everything, a pass outweighs nothing. `not-claimed` checks
 * say nothing about a claimed clause, so they weigh least. */
const severity: Record<Outcome, number> = {
  failed: 9,
  error: 8,
  'expected-failure': 7,
  'not-run': 6,
  'not-verifiable': 5,
  skipped: 4,
  warning: 2,
  passed: 1,
  'not-claimed': 0,
};

export function worstOutcome(outcomes: readonly Outcome[]): Outcome | undefined {
  let worst: Outcome | undefined;
  // An outcome this version does not know weighs as a skip: never as a pass.
  const weight = (outcome: Outcome) => severity[outcome] ?? severity.skipped;
  for (const outcome of outcomes) if (worst === undefined || weight(outcome) > weight(worst)) worst = outcome;
  return worst;
}

/** What a clause needs to know about a check: its id, the clauses it cites and, after a run, its outcome. */
export type CheckRef = Pick<CheckResult, 'id' | 'clauses'> & { outcome?: Outcome; failure?: Pick<Failure, 'brokenClause'> };

/**
 * How a check counts for each clause it bears on: its outcome for the clauses it cites, except after a failure
 * that broke another clause (failure.brokenClause: a prerequisite, a read-back). Then that clause failed, and
 * the check's own clauses were not verifiable, since the check never came to judge them.
 */
export function clauseOutcomesOf<C extends CheckRef & { reason?: string }>(check: C): Array<{ clause: string; check: C }> {
  const broken = check.outcome === 'failed' ? check.failure?.brokenClause : undefined;
  if (broken === undefined) return [...new Set(check.clauses)].map((clause) => ({ clause, check }));
  const step = {
    prerequisite: `its prerequisite ${broken.operation} failed`,
    'read-back': `the answer of ${broken.operation} differed from its read-back`,
    answer: `an answer of ${broken.operation} broke another clause`,
    delivery: `a ${broken.operation} delivery broke another clause`,
  }[broken.as];
  const unjudged = { ...check, outcome: 'not-verifiable' as const, reason: `${step} (${broken.clause})` };
  return [{ clause: broken.clause, check }, ...[...new Set(check.clauses)].filter((clause) => clause !== broken.clause).map((clause) => ({ clause, check: unjudged }))];
}

/** Statically, a cited clause is only "covered": nothing ran. */
export type StaticResult = 'covered' | 'uncovered' | 'untestable';
export type StaticCoverage = Omit<ClauseCoverage, 'result'> & { result: StaticResult };

function citingChecks<C extends CheckRef>(checks: readonly C[]): Map<string, C[]> {
  const byClause = new Map<string, C[]>();
  for (const original of checks) {
    for (const { clause: id, check } of clauseOutcomesOf(original)) {
      const list = byClause.get(id);
      if (list === undefined) byClause.set(id, [check]);
      else list.push(check);
    }
  }
  return byClause;
}

function base(clause: Clause, checks: readonly CheckRef[]): Omit<ClauseCoverage, 'result'> {
  return { id: clause.id, section: clause.section, kind: clause.kind, text: clause.text, checks: checks.map((check) => check.id), feature: clause.feature ?? coreFeature };
}

/**
 * Coverage of a run. A clause of a feature the target does not claim is `not-claimed`, and so is one that
 * only checks of unclaimed features cite (a core rule seen only on a non-native channel kind). A clause no check
 * cites is `untestable` (with the reason from clauses.yaml) when it is marked so, else `uncovered`; a cited
 * clause takes the worst outcome of its checks, even when marked untestable (a check that exists is
 * reported, never hidden). `claims`: the claimed features (default: all).
 */
export function coverageFromResults(
  clauses: readonly Clause[],
  checks: readonly (CheckRef & { outcome: Outcome; reason?: string })[],
  claims?: readonly string[],
): ClauseCoverage[] {
  const citing = citingChecks(checks);
  return clauses.map((clause) => {
    const cited = citing.get(clause.id) ?? [];
    if (claims !== undefined && !claims.includes(clause.feature ?? coreFeature)) {
      return { ...base(clause, cited), result: 'not-claimed', reason: `feature ${clause.feature ?? coreFeature} not claimed` };
    }
    const worst = worstOutcome(cited.map((check) => check.outcome));
    if (worst !== undefined) {
      // The reason of the first check with the worst outcome says why the clause is not passed.
      const reason = cited.find((check) => check.outcome === worst)?.reason;
      return { ...base(clause, cited), result: worst, ...(reason !== undefined && worst !== 'passed' ? { reason } : {}) };
    }
    if (clause.untestable !== undefined) return { ...base(clause, cited), result: 'untestable', reason: clause.untestable };
    return { ...base(clause, cited), result: 'uncovered', ...(clause.needs_control ? { reason: 'no check yet; needs the control API' } : {}) };
  });
}

/** Coverage from check metadata alone (no run): covered, uncovered or untestable. */
export function coverageFromChecks(clauses: readonly Clause[], checks: readonly CheckRef[]): StaticCoverage[] {
  const citing = citingChecks(checks);
  return clauses.map((clause) => {
    const cited = citing.get(clause.id) ?? [];
    if (cited.length > 0) return { ...base(clause, cited), result: 'covered' };
    if (clause.untestable !== undefined) return { ...base(clause, cited), result: 'untestable', reason: clause.untestable };
    return { ...base(clause, cited), result: 'uncovered' };
  });
}

/** Clauses that fail the gate: no check cites them and clauses.yaml does not say why none can. */
export function uncoveredClauses<T extends { result: string }>(coverage: readonly T[]): T[] {
  return coverage.filter((clause) => clause.result === 'uncovered');
}

/** Clause ids cited by checks that clauses.yaml does not define, each once, sorted. */
export function unknownClauseIds(clauses: readonly Pick<Clause, 'id'>[], checks: readonly CheckRef[]): string[] {
  return [...new Set(unknownCitations(clauses, checks).map((citation) => citation.clause))].sort();
}

/** Citations of ids that clauses.yaml does not define (typos, renamed or removed clauses). */
export function unknownCitations(clauses: readonly Pick<Clause, 'id'>[], checks: readonly CheckRef[]): Array<{ check: string; clause: string }> {
  const known = new Set(clauses.map((clause) => clause.id));
  return checks.flatMap((check) => check.clauses.filter((id) => !known.has(id)).map((clause) => ({ check: check.id, clause })));
}

export interface CoverageSummary {
  clauses: number;
  covered: number;
  uncovered: number;
  untestable: number;
}

export function summarizeCoverage(coverage: readonly { result: string }[]): CoverageSummary {
  const uncovered = coverage.filter((clause) => clause.result === 'uncovered').length;
  const untestable = coverage.filter((clause) => clause.result === 'untestable').length;
  return { clauses: coverage.length, covered: coverage.length - uncovered - untestable, uncovered, untestable };
}

/** The listing `mcs coverage` prints: every clause with its checks, then the gaps. */
export function formatCoverage(coverage: readonly (ClauseCoverage | StaticCoverage)[], unknown: ReturnType<typeof unknownCitations> = []): string {
  const width = Math.min(60, Math.max(0, ...coverage.map((clause) => clause.id.length)));
  const lines: string[] = [];
  let section = '';
  for (const clause of coverage) {
    if (clause.section !== section) {
      section = clause.section;
      lines.push('', `§ ${section}`);
    }
    const label = clause.result === 'uncovered' ? 'UNCOVERED' : clause.result;
    const detail = clause.result === 'untestable' ? clause.reason ?? '' : clause.checks.join(', ');
    lines.push(`  ${clause.id.padEnd(width)}  ${label.padEnd(14)} ${detail}`.trimEnd());
  }
  const summary = summarizeCoverage(coverage);
  lines.push('', `${summary.clauses} clauses: ${summary.covered} covered by checks, ${summary.uncovered} uncovered, ${summary.untestable} untestable`);
  const gaps = uncoveredClauses(coverage);
  if (gaps.length > 0) lines.push(`uncovered (no check cites them and clauses.yaml gives no reason): ${gaps.map((clause) => clause.id).join(', ')}`);
  if (unknown.length > 0) lines.push(`unknown clause ids cited: ${unknown.map((u) => `${u.clause} (by ${u.check})`).join(', ')}`);
  return `${lines.join('\n').trimStart()}\n`;
}
