// Words and pills for results, shared by every section so a result reads the same everywhere.
import type { ClauseCoverage, Outcome } from '../model.js';
import { html, type Markup } from './template.js';

export type Result = ClauseCoverage['result'];

export const resultLabels: Record<Result, string> = {
  failed: 'Failed',
  passed: 'Passed',
  'not-verifiable': 'Not verifiable',
  skipped: 'Skipped',
  error: 'Error',
  'not-run': 'Not run',
  uncovered: 'Uncovered',
  untestable: 'Untestable',
};

/** Order of the result filter and the matrix columns: what needs attention first. */
export const outcomeOrder: Outcome[] = ['failed', 'error', 'passed', 'not-verifiable', 'not-run', 'skipped'];
export const resultOrder: Result[] = [...outcomeOrder, 'uncovered', 'untestable'];

const symbols: Record<Result, string> = { failed: '✗', passed: '✓', 'not-verifiable': '?', skipped: '–', error: '⚠', 'not-run': '…', uncovered: '!', untestable: '∅' };

export function pill(result: Result): Markup {
  return html`<span class="pill r-${result}"><span aria-hidden="true">${symbols[result]}</span> ${resultLabels[result]}</span>`;
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}
