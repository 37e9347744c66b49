// What the console says of the checks that did not simply pass: the warnings each saw, and why checks were
// not verifiable, errors or not run, most frequent first. Pure: text out.
import type { CheckResult } from '../../results/model.js';
import { clip } from './cut.js';

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
