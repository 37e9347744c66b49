// Plain-text renderings of an exchange and a failure, shared by the JUnit reporter and any console output
// (certify can print failures with the same words the reports use).
import { truncate } from './escape.js';
import type { CheckResult, ClauseCoverage, Exchange } from '../results/model.js';
import { failureText } from './failure-text.js';
import { guardExchange } from './redact.js';

/** Bodies longer than this are cut in text renderings (the JSON report keeps them whole). */
export const TEXT_BODY_LIMIT = 4000;

function headerLines(prefix: string, headers: Record<string, string>): string[] {
  return Object.entries(headers).map(([name, value]) => `${prefix} ${name}: ${value}`);
}

export function formatExchange(raw: Exchange): string {
  const exchange = guardExchange(raw);
  const { request, response } = exchange;
  const lines = [`> ${request.method} ${request.url}`, ...headerLines('>', request.headers)];
  if (request.body !== undefined && request.body !== '') lines.push('>', truncate(request.body, TEXT_BODY_LIMIT));
  if (response !== undefined) {
    lines.push(`< ${response.status}`, ...headerLines('<', response.headers));
    if (response.body !== undefined && response.body !== '') lines.push('<', truncate(response.body, TEXT_BODY_LIMIT));
  }
  if (exchange.error !== undefined) lines.push(`! ${exchange.error}`);
  lines.push(`(${Math.round(exchange.durationMs)} ms)`, `reproduce: ${exchange.curl}`);
  return lines.join('\n');
}

/** At most this many exchanges of one check in the JUnit text and the HTML (report.json keeps all). */
export const SHOWN_EXCHANGES = 12;

/**
 * The exchanges worth showing of a long list: the first two (how the check began) and the last ones (where
 * it failed), with the number left out between them.
 */
export function exchangesToShow<T>(exchanges: readonly T[], max = SHOWN_EXCHANGES): { shown: Array<{ exchange: T; index: number }>; omitted: number; omittedAfter: number } {
  const all = exchanges.map((exchange, index) => ({ exchange, index }));
  if (all.length <= max) return { shown: all, omitted: 0, omittedAfter: -1 };
  const head = all.slice(0, 2);
  const tail = all.slice(all.length - (max - 2));
  return { shown: [...head, ...tail], omitted: all.length - max, omittedAfter: 1 };
}

/** Everything a reader needs about one failed check, as text. */
export function formatFailure(check: CheckResult, clauses: ReadonlyMap<string, Pick<ClauseCoverage, 'text'>>, runSeed: number): string {
  const said = failureText(check, runSeed);
  const lines = [`${check.id}: ${check.title}`, said?.message ?? 'failed (no message recorded)'];
  const broken = check.failure?.brokenClause;
  if (broken !== undefined) lines.push(`broken clause ${broken.clause} (${broken.as} ${broken.operation}): ${clauses.get(broken.clause)?.text ?? '(not in clauses.yaml)'}`);
  for (const id of check.clauses) lines.push(`clause ${id}${broken === undefined ? '' : ' (not verifiable)'}: ${clauses.get(id)?.text ?? '(not in clauses.yaml)'}`);
  if (said?.expected !== undefined) lines.push(`expected: ${said.expected}`);
  if (said?.actual !== undefined) lines.push(`actual:   ${said.actual}`);
  if (said?.replay !== undefined) lines.push(`replay:   ${said.replay}`);
  const { shown, omitted, omittedAfter } = exchangesToShow(check.exchanges);
  shown.forEach(({ exchange, index }, position) => {
    lines.push('', `exchange ${index + 1} of ${check.exchanges.length}:`, formatExchange(exchange));
    if (position === omittedAfter) lines.push('', `(${omitted} more exchanges: see report.json)`);
  });
  return lines.join('\n');
}

/** Clause id -> clause, from a report's coverage. */
export function clauseIndex(coverage: readonly ClauseCoverage[]): Map<string, ClauseCoverage> {
  return new Map(coverage.map((clause) => [clause.id, clause]));
}
