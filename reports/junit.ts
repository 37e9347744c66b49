// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub test reporters), valid against the Jenkins JUnit
// XSD (test/reports/junit-xsd.test.ts): one <testsuite> per area, one <testcase> per check named with its
// clause ids and carrying its outcome in `status`. Built with xmlbuilder2, which escapes; the values are
// hostile text from a server, so characters XML cannot carry are first made visible (escape.ts).
// How each outcome maps (JUnit has only pass, failure, error and skipped):
//   passed, warning          a passing case; warnings go to <system-out>
//   failed                   <failure> with the clause, expected/actual, replay and the masked exchanges
//   error                    <error>: the target could not be judged (transport, 5xx, harness exception)
//   expected-failure         <skipped> (as pytest's xfail), the failure itself in <system-out>
//   not-verifiable, not-run, not-claimed, skipped, and any outcome this file does not know: <skipped> with
//                            the outcome and its reason; none of them passed.
import { create } from 'xmlbuilder2';
import { groupByArea } from './areas.js';
import { inertMarkup } from '../text/inert.js';
import type { CheckResult, RunReport } from '../results/model.js';
import { clauseIndex, formatFailure } from './text.js';

type XMLBuilder = ReturnType<typeof create>;
type Clauses = ReturnType<typeof clauseIndex>;
type JunitStatus = 'passed' | 'failure' | 'error' | 'skipped';

/** The JUnit status of an outcome, by name, so that an outcome added later is never counted as passed. */
export function junitStatus(outcome: string): JunitStatus {
  if (outcome === 'passed' || outcome === 'warning') return 'passed';
  if (outcome === 'failed') return 'failure';
  if (outcome === 'error') return 'error';
  return 'skipped';
}

interface JunitCounts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

function countStatuses(checks: readonly Pick<CheckResult, 'outcome'>[]): JunitCounts {
  const counts: JunitCounts = { tests: checks.length, failures: 0, errors: 0, skipped: 0 };
  for (const check of checks) {
    const status = junitStatus(check.outcome);
    if (status === 'failure') counts.failures++;
    else if (status === 'error') counts.errors++;
    else if (status === 'skipped') counts.skipped++;
  }
  return counts;
}

function seconds(ms: number): string {
  return (Math.max(0, Number.isFinite(ms) ? ms : 0) / 1000).toFixed(3);
}

/** Text safe for XML: control, bidi and zero-width characters, and those XML 1.0 cannot carry at all, shown as `\xNN` / `\uNNNN`. */
function text(value: unknown): string {
  return inertMarkup(String(value));
}

/** An attribute value on one line: parsers turn raw line breaks in attributes into spaces anyway. */
function oneLine(value: unknown): string {
  return text(value).replace(/\r\n|[\r\n\t]/g, ' ');
}

/** `<name> [clause.a, clause.b]`: CI lists show the clauses without opening the case. */
export function testcaseName(check: Pick<CheckResult, 'id' | 'area' | 'clauses'>): string {
  const name = check.id.startsWith(`${check.area}/`) ? check.id.slice(check.area.length + 1) : check.id;
  return check.clauses.length === 0 ? name : `${name} [${check.clauses.join(', ')}]`;
}

/** Why a check did not pass or fail, in words: the outcome's name and its reason. */
function notJudged(check: CheckResult, report: RunReport): string {
  const label = check.outcome.replace(/-/g, ' ');
  const reason = check.reason ?? (check.outcome === 'skipped' && !report.complete ? 'excluded by --only/--skip' : 'no reason recorded');
  return `${label}: ${reason}`;
}

function warningsOf(check: CheckResult): string[] {
  const warnings = (check as { warnings?: unknown }).warnings;
  return Array.isArray(warnings) ? warnings.map(String) : [];
}

function testcase(parent: XMLBuilder, check: CheckResult, report: RunReport, clauses: Clauses): void {
  const outcome: string = check.outcome; // by name: outcomes may be added after this file
  const status = junitStatus(outcome);
  const element = parent.ele('testcase', { name: oneLine(testcaseName(check)), classname: oneLine(`mcs.${check.area}`), time: seconds(check.durationMs), status: oneLine(check.outcome) });
  const out: string[] = warningsOf(check).map((warning) => `warning: ${warning}`);
  if (status === 'skipped') {
    element.ele('skipped').txt(text(notJudged(check, report)));
    if (outcome === 'expected-failure' && check.failure) out.unshift(formatFailure(check, clauses, report.seed));
  } else if (status === 'error') {
    element.ele('error', { message: oneLine(check.reason ?? check.failure?.message ?? 'the target could not be judged'), type: 'TargetError' }).txt(text(formatFailure(check, clauses, report.seed)));
  } else if (status === 'failure') {
    element.ele('failure', { message: oneLine(check.failure?.message ?? 'failed'), type: 'ConformanceFailure' }).txt(text(formatFailure(check, clauses, report.seed)));
  }
  if (out.length > 0) element.ele('system-out').txt(text(out.join('\n\n')));
}

function testsuite(parent: XMLBuilder, area: string, checks: CheckResult[], report: RunReport, clauses: Clauses): void {
  const counts = countStatuses(checks);
  const time = checks.reduce((sum, check) => sum + check.durationMs, 0);
  const suite = parent.ele('testsuite', {
    name: oneLine(area),
    tests: String(counts.tests),
    failures: String(counts.failures),
    errors: String(counts.errors),
    skipped: String(counts.skipped),
    time: seconds(time),
    timestamp: oneLine(report.startedAt),
  });
  const properties = suite.ele('properties');
  for (const [name, value] of [
    ['seed', String(report.seed)],
    ['target', report.target.image ?? report.target.baseUrl],
    ['suite.version', report.suite.version],
  ] as const) {
    properties.ele('property', { name, value: oneLine(value) });
  }
  for (const check of checks) testcase(suite, check, report, clauses);
}

export function renderJunit(report: RunReport): string {
  const clauses = clauseIndex(report.coverage);
  const counts = countStatuses(report.checks);
  const elapsed = Date.parse(report.endedAt) - Date.parse(report.startedAt);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites', {
    name: oneLine(`${report.suite.name} ${report.suite.version}`),
    tests: String(counts.tests),
    failures: String(counts.failures),
    errors: String(counts.errors),
    time: seconds(elapsed),
  });
  for (const [area, checks] of groupByArea(report.checks)) testsuite(root, area, checks, report, clauses);
  return `${root.end({ prettyPrint: true, wellFormed: true })}\n`;
}
