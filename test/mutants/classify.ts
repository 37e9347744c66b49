// Pure verdicts over certify runs: did a fault make the run fail on the clauses it breaks, and did a benign
// variant pass. Only the few report fields read here matter, so they are typed narrowly.
import type { CheckResult, Failure } from '../../results/model.js';
import { isVerdictExitCode, judge } from '../../results/verdict.js';

export type ReportCheck = Pick<CheckResult, 'id' | 'clauses' | 'outcome' | 'warnings'> & { failure?: Pick<Failure, 'message' | 'brokenClause'> };

/** What one certify child produced: its exit code and, when it wrote one, the checks of its JSON report. */
export interface CertifyRun {
  code: number | null;
  checks?: ReportCheck[];
  /** The end of its output, for an ERROR's explanation. */
  outputTail: string;
  ms: number;
  /** CPU time of the run where it was measured (suites worker runs), independent of the machine's load. */
  cpuMs?: number;
}

export type FaultVerdict = 'CAUGHT' | 'CAUGHT-ELSEWHERE' | 'MISSED' | 'ERROR';
export type VariantVerdict = 'PASS' | 'FAIL' | 'ERROR';

export interface FailedCheck {
  id: string;
  clauses: string[];
  message: string;
}

export interface Classified<V> {
  verdict: V;
  failed: FailedCheck[];
  /** One line: why this verdict. */
  detail: string;
}

function failedChecks(checks: readonly ReportCheck[]): FailedCheck[] {
  // A failure attributed to another clause (a prerequisite, a read-back) broke that clause alone.
  const broken = (c: ReportCheck) => c.failure?.brokenClause?.clause;
  return checks.filter((c) => c.outcome === 'failed').map((c) => ({ id: c.id, clauses: broken(c) === undefined ? [...c.clauses] : [broken(c) as string], message: c.failure?.message ?? '' }));
}

/** The first few items of a list, then how many more. */
export function listSome(items: readonly string[], shown = 3): string {
  return items.length <= shown ? items.join(', ') : `${items.slice(0, shown).join(', ')} and ${items.length - shown} more`;
}

function errorOf(run: CertifyRun): string {
  const last = run.outputTail.trim().split('\n').slice(-1)[0] ?? '';
  return `certify exited ${run.code ?? 'by a signal'}${run.checks ? '' : ' without a report'}${last ? `: ${last}` : ''}`;
}

/**
 * A fault is CAUGHT when certify exits 1 and a failed check cites one of the fault's clauses (checks that
 * already failed on the clean reference prove nothing and are not counted); CAUGHT-ELSEWHERE when it fails
 * only on other checks; MISSED when nothing the fault changed made a check fail.
 */
export function classifyFault(run: CertifyRun, faultClauses: readonly string[], failingOnBaseline: ReadonlySet<string> = new Set()): Classified<FaultVerdict> {
  if (!isVerdictExitCode(run.code) || !run.checks) return { verdict: 'ERROR', failed: [], detail: errorOf(run) };
  const failed = failedChecks(run.checks).filter((c) => !failingOnBaseline.has(c.id));
  const wanted = new Set(faultClauses);
  const onClause = failed.filter((c) => c.clauses.some((clause) => wanted.has(clause)));
  if (run.code === 1 && onClause.length > 0) return { verdict: 'CAUGHT', failed, detail: `failed: ${listSome(onClause.map((c) => c.id))}` };
  if (run.code === 1 && failed.length > 0) return { verdict: 'CAUGHT-ELSEWHERE', failed, detail: `failed only on other clauses: ${listSome(failed.map((c) => `${c.id} [${c.clauses.join(' ')}]`))}` };
  const ran = run.checks.filter((c) => c.outcome === 'passed' || c.outcome === 'warning' || c.outcome === 'failed').length;
  const notVerifiable = run.checks.filter((c) => c.outcome === 'not-verifiable').length;
  const why = ran > 0 ? `${ran} check(s) ran and passed` : notVerifiable > 0 ? `every selected check was not verifiable (${notVerifiable})` : 'no check ran';
  return { verdict: 'MISSED', failed, detail: why };
}

/** A fault no check cites: nothing could catch it, so certify is not even started. */
export function uncitedFault(faultClauses: readonly string[]): Classified<FaultVerdict> {
  return { verdict: 'MISSED', failed: [], detail: `no check cites ${faultClauses.join(', ')}` };
}

/** A benign variant must pass a full certify: exit 0 and no failed check. */
export function classifyVariant(run: CertifyRun): Classified<VariantVerdict> {
  if (!isVerdictExitCode(run.code) || !run.checks) return { verdict: 'ERROR', failed: [], detail: errorOf(run) };
  const failed = failedChecks(run.checks);
  if (run.code === 0 && failed.length === 0) {
    const warned = run.checks.filter((c) => c.outcome === 'warning');
    const passed = `${run.checks.filter((c) => c.outcome === 'passed').length + warned.length} check(s) passed`;
    // A variant that reads the description the worse way passes with warnings: name them, so a run shows it.
    return { verdict: 'PASS', failed, detail: warned.length === 0 ? passed : `${passed}, ${warned.length} with warnings: ${listSome(warned.map((c) => c.id), 5)}` };
  }
  const detail = failed.length > 0 ? `false failure(s): ${listSome(failed.map((c) => `${c.id} (${c.message})`), 5)}` : `certify exited ${run.code ?? ''} with no failed check (nothing passed)`;
  return { verdict: 'FAIL', failed, detail };
}

/** The checks of a run that cite any of `clauses` (exact ids). */
export function checksCiting(baseline: readonly ReportCheck[], clauses: readonly string[]): ReportCheck[] {
  const wanted = new Set(clauses);
  return baseline.filter((c) => c.clauses.some((clause) => wanted.has(clause)));
}

/** Two runs over disjoint files as one: their checks together, the exit code certify would give them. */
export function mergeRuns(a: CertifyRun, b: CertifyRun): CertifyRun {
  const ms = a.ms + b.ms;
  const cpu = a.cpuMs !== undefined && b.cpuMs !== undefined ? { cpuMs: a.cpuMs + b.cpuMs } : {};
  const broken = [a, b].find((run) => !isVerdictExitCode(run.code) || !run.checks);
  if (broken) return { ...broken, ms, ...cpu };
  const checks = [...(a.checks ?? []), ...(b.checks ?? [])];
  return { code: exitCodeOfChecks(checks), checks, outputTail: b.outputTail, ms, ...cpu };
}

/**
 * The suite files to run for a fault, in turn: first the files holding the checks of its most specific clause
 * (the one the fewest selected checks cite: `channels.object.fields` rather than `time.v4.epoch-milliseconds`),
 * then all the other files together. A fault caught by the first batch costs one small run; one that is not,
 * two. Undefined when a check cannot be placed in a file (then one run loads every file).
 */
export function fileBatches(citing: readonly Pick<ReportCheck, 'id' | 'clauses'>[], faultClauses: readonly string[], fileOf: Readonly<Record<string, string>>): string[][] | undefined {
  if (citing.some((check) => fileOf[check.id] === undefined)) return undefined;
  const citedBy = (clause: string) => citing.filter((check) => check.clauses.includes(clause));
  const specific = faultClauses
    .map((clause) => citedBy(clause))
    .filter((checks) => checks.length > 0)
    .sort((x, y) => x.length - y.length)[0] ?? [];
  const first = [...new Set(specific.map((check) => fileOf[check.id] as string))];
  const rest = [...new Set(citing.map((check) => fileOf[check.id] as string))].filter((file) => !first.includes(file));
  return rest.length === 0 ? [first] : [first, rest];
}

/** Checks that pass on the clean reference and that no fault run failed: nothing shows they can fail. */
export function checksNoFaultFails(clean: readonly Pick<ReportCheck, 'id' | 'outcome'>[], faults: readonly { failed: readonly Pick<FailedCheck, 'id'>[] }[]): string[] {
  const failedSomewhere = new Set(faults.flatMap((f) => f.failed.map((c) => c.id)));
  return clean.filter((c) => (c.outcome === 'passed' || c.outcome === 'warning') && !failedSomewhere.has(c.id)).map((c) => c.id);
}

/** The exit code certify gives checks (results/verdict.ts), without clause coverage: a fault run judges checks only. */
export function exitCodeOfChecks(checks: readonly Pick<CheckResult, 'id' | 'clauses' | 'outcome'>[]): 0 | 1 | 3 {
  const full = checks.map((check) => ({ area: '', title: '', durationMs: 0, exchanges: [], ...check }));
  return judge({ checks: full, coverage: [], selection: { only: [], skip: [] }, endedAt: new Date().toISOString() }).exitCode;
}
