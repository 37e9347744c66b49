// What `mcs certify` prints after a run: a table by area, then each failure with its clause, expected vs
// actual, the (masked) exchange, a curl reproduction and how to replay a property failure. Pure: text out.
import type { Clause } from '../../spec/index.js';
import { countOutcomes, type CheckResult, type Exchange, type RunReport } from '../../reports/model.js';

export function areaTable(checks: readonly CheckResult[]): string {
  const areas = [...new Set(checks.map((c) => c.area))].sort();
  const rows = areas.map((area) => {
    const counts = countOutcomes(checks.filter((c) => c.area === area));
    return [area, counts.passed, counts.failed, counts.errors, counts.notVerifiable, counts.notRun, counts.skipped];
  });
  const total = countOutcomes(checks);
  rows.push(['total', total.passed, total.failed, total.errors, total.notVerifiable, total.notRun, total.skipped]);
  const header = ['area', 'passed', 'failed', 'error', 'not verifiable', 'not run', 'skipped'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: readonly (string | number)[]) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

export function describeFailures(checks: readonly CheckResult[], clauses: readonly Clause[], seed: number): string {
  const failed = checks.filter((c) => c.outcome === 'failed');
  const byId = new Map(clauses.map((c) => [c.id, c]));
  return failed.map((check) => describeFailure(check, byId, seed)).join('\n\n');
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
  const exchange = check.exchanges.at(-1);
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
  return `clauses: ${report.coverage.length} - ${part('passed', 'passed')}, ${part('failed', 'failed')}, ${part('not-verifiable', 'not verifiable')}, ${part('skipped', 'skipped')}, ${part('uncovered', 'not yet checked')}, ${part('untestable', 'untestable')}`;
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
