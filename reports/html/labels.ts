// Words and pills for results, shared by every section so a result reads the same everywhere. A result
// this page does not know (a newer suite's outcome) is shown by its own name, never dropped.
import { html, type Markup } from './template.js';

const labels: Record<string, string> = {
  failed: 'Failed',
  error: 'Error',
  warning: 'Passed with warning',
  'expected-failure': 'Expected failure',
  passed: 'Passed',
  'not-verifiable': 'Not verifiable',
  'not-claimed': 'Not claimed',
  'not-run': 'Not run',
  skipped: 'Skipped',
  uncovered: 'Uncovered',
  untestable: 'Untestable',
};

const symbols: Record<string, string> = {
  failed: '✗',
  error: '⚠',
  warning: '!',
  'expected-failure': '✗',
  passed: '✓',
  'not-verifiable': '?',
  'not-claimed': '–',
  'not-run': '…',
  skipped: '–',
  uncovered: '!',
  untestable: '∅',
};

/** The words for a result: its known label, else its own name. */
export function resultLabel(result: string): string {
  return Object.hasOwn(labels, result) ? (labels[result] as string) : result;
}

/** Outcomes by how much they need attention: failures and errors first. Unknown ones go after these. */
export const outcomeOrder = ['failed', 'error', 'warning', 'expected-failure', 'passed', 'not-verifiable', 'not-claimed', 'not-run', 'skipped'];
/** Always shown (matrix columns, filter buttons), whatever the run holds. */
export const baseOutcomes = ['failed', 'passed', 'not-verifiable', 'skipped'];
/** Outcomes that mean the target is not (yet) shown to conform: their checks open first. */
export const needsAttention = new Set(['failed', 'error']);

/** Rank for sorting: known outcomes in `outcomeOrder`, unknown ones after them. */
export function outcomeRank(outcome: string): number {
  const i = outcomeOrder.indexOf(outcome);
  return i < 0 ? outcomeOrder.length : i;
}

/** The outcomes to show for a run: the base four plus any other the run holds, in attention order. */
export function outcomesOf(outcomes: Iterable<string>): string[] {
  const all = new Set([...baseOutcomes, ...outcomes]);
  return [...all].sort((a, b) => outcomeRank(a) - outcomeRank(b) || a.localeCompare(b));
}

/** How many of each outcome (any string, so a new outcome is counted by its name). */
export function tally(items: ReadonlyArray<{ outcome: string }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { outcome } of items) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return counts;
}

/** A CSS class token for a result (only letters, digits and dashes). */
export function resultClass(result: string): string {
  return `r-${result.replace(/[^a-z0-9-]/gi, '_')}`;
}

export function pill(result: string): Markup {
  return html`<span class="pill ${resultClass(result)}"><span aria-hidden="true">${Object.hasOwn(symbols, result) ? symbols[result] : '•'}</span> ${resultLabel(result)}</span>`;
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}
