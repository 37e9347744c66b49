// Each failure of a run as the console shows it: grouped by root cause, each with its clause, the failure in
// the words every report uses (reports/failure-text.ts), the (masked) exchange it judged, a curl reproduction
// and the command that replays it. Pure: text out.
import type { Clause } from '../../spec/index.js';
import type { CheckResult, Exchange } from '../../results/model.js';
import { failingExchangeIndex } from '../../results/failing-exchange.js';
import { rootCauseLine, rootCauses } from '../../results/root-causes.js';
import { failureText } from '../failure-text.js';
import { clip, cutList, type ListOptions } from './cut.js';

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
  // The failure in the words every report uses (reports/failure-text.ts), laid out for the console.
  const said = failureText(check, seed);
  if (said) {
    lines.push(`  ${said.message}`);
    if (said.expected !== undefined) lines.push(indent('expected: ', said.expected));
    if (said.actual !== undefined) lines.push(indent('actual:   ', said.actual));
  }
  // The request the failure judged (not merely the last one sent).
  const exchange = check.exchanges[failingExchangeIndex(check) ?? -1];
  if (exchange) lines.push(...describeExchange(exchange));
  if (said?.replay !== undefined) lines.push(`  replay: ${said.replay}`);
  return lines.join('\n');
}

export function describeExchange(exchange: Exchange): string[] {
  const lines = [`  exchange: ${exchange.request.method} ${exchange.request.url} -> ${exchange.response ? exchange.response.status : exchange.error ?? 'no response'} (${exchange.durationMs} ms)`];
  if (exchange.request.body !== undefined) lines.push(indent('    request body:  ', clip(exchange.request.body)));
  if (exchange.response?.body !== undefined) lines.push(indent('    response body: ', clip(exchange.response.body)));
  lines.push(`  reproduce: ${exchange.curl}`);
  return lines;
}

function indent(prefix: string, text: string): string {
  const pad = ' '.repeat(prefix.length);
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? `  ${prefix}${line}` : `  ${pad}${line}`))
    .join('\n');
}
