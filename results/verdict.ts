// The verdict of a run: the one place that decides it. The console, the HTML report, certificate.json, the
// badge and the exit code of `mcs certify` all read `judge`, and every command takes its exit codes from
// `exitCodes` below.
//
// - conformant: every in-scope clause (claimed, testable) was verified and passed; nothing failed, nothing
//   was an error, nothing was expected to fail. Exit 0.
// - not-conformant: a check failed (exit 1), or, with nothing else wrong, failures the expected-failures file
//   names (exit 0: they are known; the certificate still says not conformant and lists them).
// - incomplete: nothing failed, but in-scope clauses were not verified (not verifiable, not run, an error,
//   skipped, no check). Exit 3.
// - partial-run: --only/--skip narrowed the run; never conformant. Exit 0 when every selected check passed
//   (or failed as expected), 3 when nothing failed but a selected check was not verified.
// A `warning` never changes the verdict. With --strict-expectations a stale entry makes the exit code 1.
import { exitCodes } from './exit-codes.js';
import { expectationStatus, type ExpectationStatus } from './expectations.js';
import { countOutcomes, type CheckResult, type ClauseCoverage, type Counts, type RunReport } from './model.js';

export const verdicts = ['conformant', 'not-conformant', 'incomplete', 'partial-run'] as const;
export type Verdict = (typeof verdicts)[number];

export { exitCodes, type ExitCode } from './exit-codes.js';

/** The codes a verdict gives (as against bad input, a signal, or a crash). */
export function isVerdictExitCode(code: number | null): code is 0 | 1 | 3 {
  return code === exitCodes.ok || code === exitCodes.failed || code === exitCodes.incomplete;
}

export interface UnverifiedClause {
  id: string;
  /** Its coverage result: not-verifiable, not-run, error, skipped, uncovered. */
  result: string;
  reason?: string;
}

export interface Judgement {
  verdict: Verdict;
  exitCode: 0 | 1 | 3;
  counts: Counts;
  /** The claimed features (every feature for reports written before claims). */
  claims: string[] | 'all';
  /** In-scope clauses (claimed, testable) and how many of them were verified. */
  inScope: number;
  verified: number;
  unverified: UnverifiedClause[];
  /** Clauses outside the claims. */
  notClaimed: string[];
  /** Checks not claimed, counted by the reason (which names the feature), most first. */
  notClaimedChecks: Array<{ reason: string; count: number }>;
  failed: CheckResult[];
  expectedFailures: CheckResult[];
  expectations: ExpectationStatus;
  /** One line for the console and the badge's tooltip. */
  summary: string;
}

/** Clause results that say the clause was judged (passed, or failed in a way that is already counted). */
const judged = new Set(['passed', 'warning', 'failed', 'expected-failure']);

function unverifiedOf(coverage: readonly ClauseCoverage[]): UnverifiedClause[] {
  return coverage
    .filter((clause) => clause.result !== 'not-claimed' && clause.result !== 'untestable' && !judged.has(clause.result))
    .map((clause) => ({ id: clause.id, result: clause.result, ...(clause.reason !== undefined ? { reason: clause.reason } : {}) }));
}

export function judge(report: Pick<RunReport, 'checks' | 'coverage' | 'selection' | 'claims' | 'expectations' | 'endedAt'>): Judgement {
  const counts = countOutcomes(report.checks);
  const partial = report.selection.only.length > 0 || report.selection.skip.length > 0;
  const inScopeClauses = report.coverage.filter((clause) => clause.result !== 'not-claimed' && clause.result !== 'untestable');
  const unverified = unverifiedOf(report.coverage);
  const failed = report.checks.filter((check) => check.outcome === 'failed');
  const expectedFailures = report.checks.filter((check) => check.outcome === 'expected-failure');
  const expectations = expectationStatus(report.checks, report.expectations?.entries ?? [], new Date(report.endedAt));
  const unjudged = counts.error + counts.notRun;

  let verdict: Verdict;
  let exitCode: 0 | 1 | 3;
  let summary: string;
  if (failed.length > 0) {
    verdict = 'not-conformant';
    exitCode = exitCodes.failed;
    summary = `not conformant: ${failed.length} check(s) failed`;
  } else if (partial) {
    verdict = 'partial-run';
    const selected = report.checks.filter((check) => check.outcome !== 'not-claimed' && !isExcluded(check));
    const allPassed = selected.length > 0 && selected.every((check) => check.outcome === 'passed' || check.outcome === 'warning' || check.outcome === 'expected-failure');
    exitCode = allPassed && selected.some((check) => check.outcome !== 'expected-failure') ? exitCodes.ok : exitCodes.incomplete;
    summary = exitCode === exitCodes.ok ? `partial run: all ${selected.length} selected check(s) passed; no certificate for a run narrowed by --only/--skip` : `partial run: ${selected.length - counts.passed - counts.warning - counts.expectedFailure} of ${selected.length} selected check(s) not verified`;
  } else if (unverified.length > 0 || unjudged > 0) {
    verdict = 'incomplete';
    exitCode = exitCodes.incomplete;
    summary = `incomplete: ${unverified.length} of ${inScopeClauses.length} in-scope clause(s) not verified${unjudged > 0 ? `, ${unjudged} check(s) error or not run` : ''}`;
  } else if (expectedFailures.length > 0) {
    verdict = 'not-conformant';
    exitCode = exitCodes.ok;
    summary = `not conformant: ${expectedFailures.length} expected failure(s), nothing else failed`;
  } else {
    verdict = 'conformant';
    exitCode = exitCodes.ok;
    summary = `conformant: all ${inScopeClauses.length} in-scope clause(s) verified`;
  }
  if (report.expectations?.strict === true && expectations.stale.length > 0) {
    exitCode = exitCodes.failed;
    summary += `; ${expectations.stale.length} stale expected failure(s) (--strict-expectations)`;
  }
  return {
    verdict,
    exitCode,
    counts,
    claims: report.claims ?? 'all',
    inScope: inScopeClauses.length,
    verified: inScopeClauses.length - unverified.length,
    unverified,
    notClaimed: report.coverage.filter((clause) => clause.result === 'not-claimed').map((clause) => clause.id),
    notClaimedChecks: tally(report.checks.filter((check) => check.outcome === 'not-claimed').map((check) => check.reason ?? 'not claimed')),
    failed,
    expectedFailures,
    expectations,
    summary,
  };
}

function tally(reasons: readonly string[]): Array<{ reason: string; count: number }> {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/** The reason a check outside --only/--skip carries (harness/check/check.ts sets it). */
export const excludedReason = 'excluded by --only/--skip';

/** A check --only/--skip left out of the run. */
export function isExcluded(result: Pick<CheckResult, 'outcome' | 'reason'>): boolean {
  return result.outcome === 'skipped' && result.reason === excludedReason;
}

export const verdictTitles: Record<Verdict, string> = {
  conformant: 'Conformant',
  'not-conformant': 'Not conformant',
  incomplete: 'Incomplete',
  'partial-run': 'Partial run',
};
