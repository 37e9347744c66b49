// The console's words for a run in progress: the status line a terminal redraws (checks done of the total,
// the clock, an ETA, the outcomes so far and what is running), the outcomes by name, and times in words.
// Pure: text out; reports/console/progress.ts decides when to write it.
import { inertLine } from '../../text/inert.js';
import type { CheckResult } from '../../results/model.js';
import { plain, toneOf, type Style, type Tone } from './style.js';

/** Outcomes in the order the status line lists them; others follow in the order they first appear. */
const outcomeOrder = ['passed', 'failed', 'error', 'not-verifiable', 'not-run', 'warning', 'expected-failure', 'not-claimed', 'skipped'];

/** Width of the status line when the terminal does not say (or says 0 columns, as some CI terminals do). */
const defaultColumns = 80;

/** `m:ss` (or `h:mm:ss`): the clock of the status line. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Time taken, in words: `840 ms`, `12.3 s`, `2 min 05 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, '0')} s`;
}

/**
 * The remaining time at the average pace so far; undefined until that pace means something: a tenth of the
 * checks done and 3 s of running. The first checks of a run say little about the rest (a slow set-up, a
 * check that waits for a webhook): one check in 5 s once gave an ETA of 1:41:20 for a run of 45 s.
 */
export function eta(done: number, total: number, runMs: number): number | undefined {
  if (total <= done) return 0;
  if (done === 0 || done < total * 0.1 || runMs < 3000) return undefined;
  return (runMs / done) * (total - done);
}

export function countByOutcome(results: readonly Pick<CheckResult, 'outcome'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { outcome } of results) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return new Map([...counts].sort(([a], [b]) => rank(a) - rank(b)));
}

function rank(outcome: string): number {
  const index = outcomeOrder.indexOf(outcome);
  return index === -1 ? outcomeOrder.length : index;
}

/** `12 passed, 1 failed`: the outcomes seen, by name. */
export function outcomeList(counts: ReadonlyMap<string, number>, style: Style = plain): string {
  return [...counts].map(([outcome, n]) => tinted(style, toneOf(outcome), `${n} ${outcome.replace(/-/g, ' ')}`)).join(', ');
}

export function tinted(style: Style, tone: Tone | undefined, text: string): string {
  return tone === undefined ? text : style(tone, text);
}

export interface StatusState {
  done: number;
  total: number | undefined;
  elapsedMs: number;
  /** Time since the checks began running (undefined while collecting). */
  runMs: number | undefined;
  counts: ReadonlyMap<string, number>;
  /** What is going on: the check running, or the phase before the run. */
  doing: string;
}

/**
 * The status line, cut to `columns` (0 or unknown: 80) and styled after cutting, so colour codes never count
 * towards the width nor get cut in half.
 */
export function statusLine(state: StatusState, columns: number | undefined, style: Style = plain): string {
  const width = Math.max(1, (columns !== undefined && columns > 0 ? columns : defaultColumns) - 1);
  const total = String(state.total ?? '');
  const percent = state.total ? ` ${String(Math.floor((100 * state.done) / state.total)).padStart(3)}%` : '';
  const remaining = state.total === undefined || state.runMs === undefined ? undefined : eta(state.done, state.total, state.runMs);
  // Checks done of the total, once the total is known (before, only the clock: a bare [0/?] says nothing).
  const counter = state.total === undefined ? '' : `[${String(state.done).padStart(total.length)}/${total}${percent}] `;
  const parts: Array<[string, Tone | undefined]> = [
    [`${counter}${clock(state.elapsedMs)}`, 'strong'],
    [remaining === undefined ? '' : ` ETA ${clock(remaining)}`, 'dim'],
  ];
  for (const [outcome, n] of state.counts) parts.push([parts.length === 2 ? '  ' : ', ', undefined], [`${n} ${outcome.replace(/-/g, ' ')}`, toneOf(outcome)]);
  parts.push([`  ${state.doing}`, 'dim']);
  let left = width;
  const kept: string[] = [];
  for (const [raw, tone] of parts) {
    if (left <= 0) break;
    const text = inertLine(raw); // escaped before it is cut and styled: a check's name is shown, never executed
    const cut = text.length > left ? `${text.slice(0, Math.max(0, left - 1))}…` : text;
    left -= cut.length;
    kept.push(tone === undefined || cut === '' ? cut : style(tone, cut));
  }
  return kept.join('');
}
