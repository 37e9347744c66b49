// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub test reporters): one <testsuite> per area, one
// <testcase> per check named with its clause ids; failures carry the message as attribute and the
// expected/actual, replay command and masked exchanges as text; "not verifiable" and "skipped" checks are
// <skipped> with their reason, since neither passed.
import { groupByArea } from './areas.js';
import { escapeAttribute, escapeText } from './escape.js';
import { countOutcomes, type CheckResult, type RunReport } from './model.js';
import { clauseIndex, formatFailure } from './text.js';

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

function attrs(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
}

/** `<name> [clause.a, clause.b]`: CI lists show the clauses without opening the case. */
export function testcaseName(check: Pick<CheckResult, 'id' | 'area' | 'clauses'>): string {
  const name = check.id.startsWith(`${check.area}/`) ? check.id.slice(check.area.length + 1) : check.id;
  return check.clauses.length === 0 ? name : `${name} [${check.clauses.join(', ')}]`;
}

function testcase(check: CheckResult, report: RunReport, clauses: ReturnType<typeof clauseIndex>): string {
  const open = `    <testcase${attrs({ classname: `mcs.${check.area}`, name: testcaseName(check), time: seconds(check.durationMs) })}`;
  if (check.outcome === 'passed') return `${open}/>`;
  if (check.outcome === 'failed') {
    const message = check.failure?.message ?? 'failed';
    return `${open}>\n      <failure${attrs({ message, type: 'ConformanceFailure' })}>${escapeText(formatFailure(check, clauses))}</failure>\n    </testcase>`;
  }
  if (check.outcome === 'error') {
    return `${open}>\n      <error${attrs({ message: check.reason ?? 'error', type: 'TargetError' })}/>\n    </testcase>`;
  }
  const label = check.outcome === 'not-verifiable' ? 'not verifiable' : 'skipped';
  const reason = check.reason ?? (check.outcome === 'skipped' && !report.complete ? 'excluded by --only/--skip' : 'no reason recorded');
  return `${open}>\n      <skipped${attrs({ message: `${label}: ${reason}` })}/>\n    </testcase>`;
}

function testsuite(area: string, checks: CheckResult[], report: RunReport, clauses: ReturnType<typeof clauseIndex>): string {
  const counts = countOutcomes(checks);
  const time = checks.reduce((sum, check) => sum + check.durationMs, 0);
  const head = `  <testsuite${attrs({
    name: area,
    tests: counts.total,
    failures: counts.failed,
    errors: 0,
    skipped: counts.notVerifiable + counts.skipped,
    time: seconds(time),
    timestamp: report.startedAt,
  })}>`;
  const properties = [
    ['seed', String(report.seed)],
    ['target', report.target.image ?? report.target.baseUrl],
    ['suite.version', report.suite.version],
  ]
    .map(([name, value]) => `      <property${attrs({ name: name ?? '', value: value ?? '' })}/>`)
    .join('\n');
  const cases = checks.map((check) => testcase(check, report, clauses)).join('\n');
  return `${head}\n    <properties>\n${properties}\n    </properties>\n${cases}\n  </testsuite>`;
}

export function renderJunit(report: RunReport): string {
  const clauses = clauseIndex(report.coverage);
  const counts = countOutcomes(report.checks);
  const suites = [...groupByArea(report.checks)].map(([area, checks]) => testsuite(area, checks, report, clauses));
  const elapsed = Date.parse(report.endedAt) - Date.parse(report.startedAt);
  const root = `<testsuites${attrs({
    name: `${report.suite.name} ${report.suite.version}`,
    tests: counts.total,
    failures: counts.failed,
    errors: 0,
    skipped: counts.notVerifiable + counts.skipped,
    time: seconds(Number.isFinite(elapsed) ? elapsed : 0),
    timestamp: report.startedAt,
  })}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n${suites.join('\n')}\n</testsuites>\n`;
}
