// What `mcs certify` prints after a run: a table by area, then each failure with its clause, expected vs
// actual, the (masked) exchange, a curl reproduction and how to replay a property failure. Pure: text out.
import type { Clause } from '../../spec/index.js';
import { countOutcomes, type CheckResult, type Counts, type Exchange, type RunReport } from '../../results/model.js';
import { verdictTitles, type Judgement } from '../../results/verdict.js';
import { failingExchangeIndex } from '../../results/failing-exchange.js';
import { rootCauseLine, rootCauses } from '../../results/root-causes.js';

/** Columns of the area table; a column that is zero everywhere is left out. */
const columns: Array<[string, (c: Counts) => number]> = [
  ['passed', (c) => c.passed + c.warning],
  ['failed', (c) => c.failed],
  ['expected', (c) => c.expectedFailure],
  ['error', (c) => c.error],
  ['not verifiable', (c) => c.notVerifiable],
  ['not run', (c) => c.notRun],
  ['not claimed', (c) => c.notClaimed],
  ['skipped', (c) => c.skipped],
];

export function areaTable(checks: readonly CheckResult[]): string {
  const areas = [...new Set(checks.map((c) => c.area))].sort();
  const total = countOutcomes(checks);
  const shown = columns.filter(([name, count]) => ['passed', 'failed', 'not verifiable', 'skipped'].includes(name) || count(total) > 0);
  const rows = areas.map((area) => {
    const counts = countOutcomes(checks.filter((c) => c.area === area));
    return [area, ...shown.map(([, count]) => count(counts))];
  });
  rows.push(['total', ...shown.map(([, count]) => count(total))]);
  const header = ['area', ...shown.map(([name]) => name)];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: readonly (string | number)[]) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/** How a long list is shown on the console: its first few items and the count of the rest, or all of it. */
export interface ListOptions {
  /** --verbose: every item. */
  verbose?: boolean;
}

/** Items of a long list the console shows before it counts the rest (report.html has them all). */
export const itemsShown = 5;

/**
 * A list cut to what a CI log holds: the first `itemsShown` lines, then one saying how many more and where they
 * are; every line under --verbose, and a list one line longer than the cut whole (the count would take that line).
 */
export function cutList(lines: readonly string[], indent: string, options: ListOptions = {}): string[] {
  if (options.verbose === true || lines.length <= itemsShown + 1) return [...lines];
  return [...lines.slice(0, itemsShown), `${indent}… and ${lines.length - itemsShown} more (report.html lists every one; --verbose prints them here)`];
}

/**
 * Each failure, those of one root cause (results/root-causes.ts) together: the group's line, its first check
 * in full, then "and N more checks" with the first few of the others on a line of their own (id and failing
 * request), and the count of the rest (all of them with --verbose).
 */
export function describeFailures(checks: readonly CheckResult[], clauses: readonly Clause[], seed: number, controlUrl?: string, options: ListOptions = {}): string {
  const byId = new Map(clauses.map((c) => [c.id, c]));
  return rootCauses(checks, controlUrl)
    .map((group) => {
      const [first, ...rest] = group.checks;
      if (first === undefined) return '';
      if (rest.length === 0) return describeFailure(first, byId, seed);
      const more = cutList(rest.map((check) => `    ${check.id}${requestOf(check, controlUrl)}`), '    ', options);
      return [`ROOT CAUSE: ${rootCauseLine(group)}`, describeFailure(first, byId, seed), `  and ${rest.length} more check${rest.length === 1 ? '' : 's'} with the same root cause:`, ...more].join('\n');
    })
    .join('\n\n');
}

/** ` (GET /v4/me -> 401)`: the request that failed a check, in a few words. */
function requestOf(check: CheckResult, controlUrl?: string): string {
  const exchange = check.exchanges[failingExchangeIndex(check, controlUrl) ?? -1];
  if (exchange === undefined) return '';
  let path = exchange.request.url;
  try {
    path = new URL(path).pathname;
  } catch {
    // not a URL: shown as recorded
  }
  return ` (${exchange.request.method} ${path} -> ${exchange.response?.status ?? 'no answer'})`;
}

function describeFailure(check: CheckResult, clauses: Map<string, Clause>, seed: number): string {
  const lines = [`FAIL ${check.id} - ${check.title}`];
  for (const id of check.clauses) lines.push(`  clause ${id}: ${clauses.get(id)?.text ?? '(not in spec/clauses.yaml)'}`);
  const failure = check.failure;
  if (failure) {
    lines.push(`  ${failure.message}`);
    if (failure.expected !== undefined) lines.push(indent('expected: ', failure.expected));
    if (failure.actual !== undefined) lines.push(indent('actual:   ', failure.actual));
  }
  // The request the failure judged (not merely the last one sent).
  const exchange = check.exchanges[failingExchangeIndex(check) ?? -1];
  if (exchange) lines.push(...describeExchange(exchange));
  if (failure?.replay) {
    lines.push(`  replay: mcs certify --seed ${failure.replay.seed} --replay-path ${failure.replay.path} --only ${check.id}`);
  } else if (check.clauses.length > 0 && failure?.message.startsWith('property')) {
    lines.push(`  replay: mcs certify --seed ${seed} --only ${check.id}`);
  }
  return lines.join('\n');
}

export function describeExchange(exchange: Exchange): string[] {
  const lines = [`  exchange: ${exchange.request.method} ${exchange.request.url} -> ${exchange.response ? exchange.response.status : exchange.error ?? 'no response'} (${exchange.durationMs} ms)`];
  if (exchange.request.body !== undefined) lines.push(indent('    request body:  ', clip(exchange.request.body)));
  if (exchange.response?.body !== undefined) lines.push(indent('    response body: ', clip(exchange.response.body)));
  lines.push(`  reproduce: ${exchange.curl}`);
  return lines;
}

/** Each check that passed with warnings, and what it saw: readings the description allows but a careful implementer avoids. */
export function describeWarnings(checks: readonly CheckResult[]): string {
  return checks
    .filter((c) => c.outcome === 'warning')
    .map((c) => [`WARN ${c.id} - ${c.title}`, ...(c.warnings ?? []).map((w) => `  ${w}`)].join('\n'))
    .join('\n');
}

/** Why checks were not verifiable, most frequent first: what a vendor would add to verify more. */
export function notVerifiableReasons(checks: readonly CheckResult[]): string {
  return reasonsOf(checks, 'not-verifiable', 'not verifiable');
}

/** Why checks could not judge the target (error) or were not run, most frequent first (a broken target gives one reason many times). */
export function errorReasons(checks: readonly CheckResult[]): string {
  return [reasonsOf(checks, 'error', 'error'), reasonsOf(checks, 'not-run', 'not run')].filter((text) => text !== '').join('\n');
}

/** At most this many distinct reasons are listed per outcome; the rest are counted. */
const maxReasons = 12;

function reasonsOf(checks: readonly CheckResult[], outcome: CheckResult['outcome'], label: string): string {
  const counts = new Map<string, number>();
  for (const check of checks) {
    if (check.outcome === outcome) counts.set(check.reason ?? label, (counts.get(check.reason ?? label) ?? 0) + 1);
  }
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const lines = sorted.slice(0, maxReasons).map(([reason, count]) => `${label} (${count}): ${clip(reason)}`);
  if (sorted.length > maxReasons) lines.push(`${label}: ${sorted.length - maxReasons} more reasons (see the report)`);
  return lines.join('\n');
}

export function coverageLine(report: RunReport): string {
  const counts = new Map<string, number>();
  for (const entry of report.coverage) counts.set(entry.result, (counts.get(entry.result) ?? 0) + 1);
  const part = (key: string, label: string) => `${counts.get(key) ?? 0} ${label}`;
  const optional = (key: string, label: string) => ((counts.get(key) ?? 0) > 0 ? `, ${part(key, label)}` : '');
  return `clauses: ${report.coverage.length} - ${part('passed', 'passed')}${optional('warning', 'passed with warnings')}, ${part('failed', 'failed')}${optional('expected-failure', 'expected failures')}${optional('error', 'error')}, ${part('not-verifiable', 'not verifiable')}${optional('not-run', 'not run')}, ${part('skipped', 'skipped')}${optional('not-claimed', 'not claimed')}, ${part('uncovered', 'not yet checked')}, ${part('untestable', 'untestable')}`;
}

/**
 * What the judgement (results/verdict.ts) adds before the verdict line: expected failures, stale and expired
 * entries, claims, and the in-scope clauses left unverified: the first few and the count of the rest (all with
 * --verbose); for a run narrowed by --only/--skip, which leaves most of them out by design, one line.
 */
export function judgementLines(judgement: Judgement, options: ListOptions & { narrowed?: boolean } = {}): string[] {
  const lines: string[] = [];
  for (const check of judgement.expectedFailures) {
    lines.push(`EXPECTED FAILURE ${check.id}: ${check.failure?.message ?? 'failed'} (expected: ${check.expectation?.reason ?? ''}${check.expectation?.link ? `, ${check.expectation.link}` : ''})`);
  }
  for (const entry of judgement.expectations.stale) lines.push(`STALE expected failure ${entry.id}: its checks pass now; remove the entry (${entry.reason})`);
  for (const entry of judgement.expectations.expired) lines.push(`EXPIRED expected failure ${entry.id} (until ${entry.until ?? ''}): its failures count again`);
  if (judgement.claims !== 'all' && (judgement.notClaimed.length > 0 || judgement.counts.notClaimed > 0)) lines.push(`claims: ${judgement.claims.join(', ')}; ${judgement.notClaimed.length} clause(s) and ${judgement.counts.notClaimed} check(s) not claimed`);
  for (const { reason, count } of judgement.notClaimedChecks) lines.push(`not claimed (${count}): ${reason}`);
  if (judgement.unverified.length === 0) return lines;
  if (options.narrowed === true || judgement.verdict === 'partial-run') {
    lines.push(`unverified in-scope clauses: ${judgement.unverified.length} of ${judgement.inScope} (a run narrowed by --only/--skip verifies only what it selects; report.html lists them)`);
    return lines;
  }
  lines.push(`unverified in-scope clauses (${judgement.unverified.length} of ${judgement.inScope}):`);
  lines.push(...cutList(judgement.unverified.map((clause) => `  ${clause.id}: ${clause.result}${clause.reason !== undefined ? ` (${clause.reason})` : ''}`), '  ', options));
  return lines;
}

/**
 * The verdict in one phrase, its word said once: `incomplete: 1 of 2 in-scope clause(s) not verified`. The
 * judgement's summary begins with the verdict's word; one that does not (a report of another version) gets it.
 */
export function verdictText(judgement: Judgement): string {
  const word = verdictTitles[judgement.verdict].toLowerCase();
  return judgement.summary.toLowerCase().startsWith(word) ? judgement.summary : `${word}: ${judgement.summary}`;
}

export function verdictLines(judgement: Judgement, seed: number): string {
  return [...judgementLines(judgement), `verdict: ${verdictText(judgement)} (seed ${seed})`].join('\n');
}

function indent(prefix: string, text: string): string {
  const pad = ' '.repeat(prefix.length);
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? `  ${prefix}${line}` : `  ${pad}${line}`))
    .join('\n');
}

function clip(text: string): string {
  return text.length > 800 ? `${text.slice(0, 800)}…` : text;
}
