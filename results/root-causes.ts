// Failures of one root cause, found together: one fault of a target often fails many checks the same way
// (a 401 body of the wrong shape fails every endpoint's 401 check; an item answered without its {data}
// fails every check that reads that item). The console and the HTML report show such a group once, in
// full for its first check, "and 17 more checks" after it, each of those still listed with its request.
//
// Two failures share a root cause when the answers that failed them have the same status (or both got no
// answer) and their failure says the same thing once the request it names and the ids, numbers and phone
// numbers in it are set aside: the same broken answer, whichever endpoint or check met it. The group names
// the clause most of its checks cite (a check may cite the clause of its own subject besides).
import { failingExchangeIndex } from './failing-exchange.js';
import type { CheckResult } from './model.js';

export interface RootCause {
  /** What the group's failures say, with the request line, ids and numbers set aside (the grouping key). */
  what: string;
  /** What the first check's failure says, without the request it names: the group's line. */
  says: string;
  /** The status of the failing answers (`no answer` for a transport failure, `no request` without one). */
  status: string;
  /** The clauses cited by the most checks of the group, and by how many. */
  clauses: string[];
  citedBy: number;
  /** The checks, in the order of the run; the first is the one shown in full. */
  checks: CheckResult[];
}

/** The leading request line of a failure message: `v4 GET /contacts/ct_x: `, `GET /me: `. */
const requestLine = /^(?:v\d+ )?(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+: /;

/** A failure message without what varies from one request to the next. */
export function normalizedFailure(message: string): string {
  return message
    .replace(requestLine, '')
    .replace(/\b[a-z]{1,6}_(?=[A-Za-z0-9]*[A-Z0-9])[A-Za-z0-9]{3,}\b/g, '{id}')
    .replace(/(?:%2B|\+)\d{7,15}\b/g, '{phone}')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '{uuid}')
    .replace(/\b\d{5,}\b/g, '{n}')
    .replace(/\s+/g, ' ')
    .trim();
}

function statusOf(check: CheckResult, controlUrl?: string): string {
  const index = failingExchangeIndex(check, controlUrl);
  const exchange = index === undefined ? undefined : check.exchanges[index];
  if (exchange === undefined) return 'no request';
  return exchange.response !== undefined ? String(exchange.response.status) : 'no answer';
}

/**
 * The failed checks grouped by root cause, groups in the order of their first check, checks in the run's
 * order; a failure that shares its cause with no other is a group of one.
 */
export function rootCauses(checks: readonly CheckResult[], controlUrl?: string): RootCause[] {
  const byKey = new Map<string, RootCause>();
  for (const check of checks) {
    if (check.outcome !== 'failed') continue;
    const what = normalizedFailure(check.failure?.message ?? check.reason ?? 'failed');
    const status = statusOf(check, controlUrl);
    const key = `${status}\n${what}`;
    const group = byKey.get(key);
    if (group !== undefined) group.checks.push(check);
    else byKey.set(key, { what, says: (check.failure?.message ?? check.reason ?? 'failed').replace(requestLine, ''), status, clauses: [], citedBy: 0, checks: [check] });
  }
  const groups = [...byKey.values()];
  for (const group of groups) Object.assign(group, mostCited(group.checks));
  return groups;
}

function mostCited(checks: readonly CheckResult[]): { clauses: string[]; citedBy: number } {
  const counts = new Map<string, number>();
  for (const check of checks) for (const clause of new Set(check.clauses)) counts.set(clause, (counts.get(clause) ?? 0) + 1);
  const citedBy = Math.max(0, ...counts.values());
  return { clauses: [...counts].filter(([, n]) => n === citedBy).map(([clause]) => clause), citedBy };
}

/** `190 checks failed the same way (answered 401): the 401 body is not the flat shape [clauses ...]`. */
export function rootCauseLine(group: RootCause): string {
  const answer = group.status === 'no answer' || group.status === 'no request' ? group.status : `answered ${group.status}`;
  const cited = group.clauses.length === 0 ? '' : ` [clause${group.clauses.length > 1 ? 's' : ''} ${group.clauses.join(', ')}${group.citedBy < group.checks.length ? `, cited by ${group.citedBy} of them` : ''}]`;
  return `${group.checks.length} checks failed the same way (${answer}): ${group.says}${cited}`;
}
