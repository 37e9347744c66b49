// The end of the console summary: what the judgement (results/verdict.ts) adds before the verdict, and the
// verdict in one line. The verdict's wording is the results model's; this only places it. Pure: text out.
import { verdictTitles, type Judgement } from '../../results/verdict.js';
import { inertLine } from '../../text/inert.js';
import { cutList, type ListOptions } from './cut.js';
import { formatDuration } from './status-line.js';
import type { Style } from './style.js';

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

/** The last two lines of a run: how long it took, then the verdict (green for a pass, amber for incomplete, red otherwise). */
export function closingLines(options: { verdict: string; passed: boolean; incomplete?: boolean; seed: number; elapsedMs: number; style: Style }): string {
  const tone = options.passed ? 'pass' : options.incomplete === true ? 'warn' : 'fail';
  return `time taken: ${formatDuration(options.elapsedMs)}\n${options.style('strong', options.style(tone, `verdict: ${inertLine(options.verdict)}`))} (seed ${options.seed})\n`;
}
