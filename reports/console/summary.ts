// What `mcs certify` prints after a run, from the run's report: each failure, the warnings, the table by
// area, the reasons checks were not judged, the clauses' coverage and what the run left out. Pure: lines out,
// what a target sent escaped before any colour (text/inert.ts).
import type { RunReport } from '../../results/model.js';
import { unknownClauseIds } from '../../results/coverage.js';
import { isExcluded } from '../../results/verdict.js';
import { loadClauses } from '../../spec/index.js';
import { inert } from '../../text/inert.js';
import { areaTable } from './area-table.js';
import { describeFailures } from './failures.js';
import type { Verbosity } from './progress.js';
import { describeWarnings, errorReasons, notVerifiableReasons } from './reasons.js';
import { styleFailures, styleInert, type Style } from './style.js';

export function coverageLine(report: RunReport): string {
  const counts = new Map<string, number>();
  for (const entry of report.coverage) counts.set(entry.result, (counts.get(entry.result) ?? 0) + 1);
  const part = (key: string, label: string) => `${counts.get(key) ?? 0} ${label}`;
  const optional = (key: string, label: string) => ((counts.get(key) ?? 0) > 0 ? `, ${part(key, label)}` : '');
  return `clauses: ${report.coverage.length} - ${part('passed', 'passed')}${optional('warning', 'passed with warnings')}, ${part('failed', 'failed')}${optional('expected-failure', 'expected failures')}${optional('error', 'error')}, ${part('not-verifiable', 'not verifiable')}${optional('not-run', 'not run')}, ${part('skipped', 'skipped')}${optional('not-claimed', 'not claimed')}, ${part('uncovered', 'not yet checked')}, ${part('untestable', 'untestable')}`;
}

/**
 * The summary after a run, line by line (each a line of the progress, above its status line): the failures,
 * the warnings, the table by area of the checks the run selected, the reasons, the coverage, then the next
 * steps the set-up allows (harness/discovery/next-steps.ts gives them).
 */
export function summaryLines(report: RunReport, seed: number, { style, verbosity }: { style: Style; verbosity: Verbosity }, nextSteps: readonly string[] = []): string[] {
  const lines: string[] = [];
  const clauses = loadClauses();
  const failures = describeFailures(report.checks, clauses, seed, report.target.controlUrl, { verbose: verbosity === 'verbose' });
  if (failures !== '') lines.push(`\n${styleFailures(failures, style)}`);
  const warnings = describeWarnings(report.checks);
  if (warnings !== '') lines.push(`\n${styleInert(warnings, 'warn', style)}`);
  // Checks --only/--skip left out: one line, not a row of skipped checks per area (--verbose listed them).
  const selected = report.checks.filter((check) => !isExcluded(check));
  const excluded = report.checks.length - selected.length;
  lines.push(`\n${areaTable(selected.length > 0 ? selected : report.checks)}`);
  if (excluded > 0) lines.push(`excluded by --only/--skip: ${excluded} check(s)${verbosity === 'verbose' ? ' (listed above)' : ' (--verbose lists them)'}`);
  // Reasons quote what the target answered: escaped here, before any colour (text/inert.ts).
  const reasons = notVerifiableReasons(report.checks);
  if (reasons !== '') lines.push(inert(reasons));
  const errors = errorReasons(report.checks);
  if (errors !== '') lines.push(inert(errors));
  lines.push(coverageLine(report));
  const unknown = unknownClauseIds(clauses, report.checks);
  if (unknown.length > 0) lines.push(style('warn', `warning: checks cite clause ids not in spec/clauses.yaml: ${unknown.join(', ')}`));
  if (excluded > 0 && selected.length === 0) lines.push(style('warn', 'warning: --only/--skip excluded every check (an area is a bare word; a clause prefix has a dot)'));
  if (!report.complete) lines.push(`run not complete (${report.selection.only.length || report.selection.skip.length ? '--only/--skip' : 'interrupted'})`);
  lines.push(...nextSteps);
  return lines;
}
