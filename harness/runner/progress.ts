// Live progress of a run. On a terminal: one status line, redrawn every second, with the checks done out of
// the total (collected before the run starts), the time elapsed, an ETA, the outcomes so far and the check
// running. Elsewhere (a pipe, CI): plain lines, one per finished file (per check with --verbose), and a line
// saying what is running whenever the output has been silent for a while, so a long check is never mistaken
// for a hang. --quiet prints nothing here. Outcomes are shown by name, so one added later shows too.
import { relative } from 'node:path';
import { inert, inertConsole, inertLine } from '../../text/inert.js';
import type { CheckResult } from '../../results/model.js';
import { excludedReason } from '../../results/verdict.js';
import type { ProgressListener } from './run-suites.js';
import { plain, toneOf, type Style, type Tone } from './style.js';

export type Verbosity = 'quiet' | 'normal' | 'verbose';

export interface ProgressOptions {
  out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  interactive: boolean;
  root: string;
  verbosity?: Verbosity;
  style?: Style;
  /** The clock (tests pass their own). */
  now?: () => number;
  /** Redraw every second and say what runs after `silentMs` of silence (default true). */
  tick?: boolean;
  /** How long plain output may stay silent before a line says what is running (default 10 s). */
  silentMs?: number;
}

export function isInteractive(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  return stream.isTTY === true && (env.CI === undefined || env.CI === '' || env.CI === 'false');
}

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

/** A check --only/--skip left out of the run. */
export function isExcluded(result: Pick<CheckResult, 'outcome' | 'reason'>): boolean {
  return result.outcome === 'skipped' && result.reason === excludedReason;
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

function tinted(style: Style, tone: Tone | undefined, text: string): string {
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

export class Progress implements ProgressListener {
  readonly #options: ProgressOptions;
  readonly #now: () => number;
  readonly #style: Style;
  readonly #verbosity: Verbosity;
  readonly #started: number;
  readonly #done: CheckResult[] = [];
  #planned: number | undefined;
  #collected = 0;
  #runStarted: number | undefined;
  #doing = 'starting';
  #lastOutput: number;
  #statusShown = false;
  #lastDrawn = Number.NEGATIVE_INFINITY;
  #ended = false;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(options: ProgressOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
    this.#style = options.style ?? plain;
    this.#verbosity = options.verbosity ?? 'normal';
    this.#started = this.#now();
    this.#lastOutput = this.#started;
    if (options.tick !== false && this.#verbosity !== 'quiet') {
      this.#timer = setInterval(() => this.tick(), 1000);
      this.#timer.unref();
    }
  }

  /** Milliseconds since this progress began (the command's start). */
  elapsedMs(): number {
    return this.#now() - this.#started;
  }

  /** What the run is doing before its checks run (starting the reference, collecting the checks...). */
  phase(doing: string): void {
    this.#doing = doing;
    if (this.#options.interactive) this.#redraw();
    else this.line(`${clock(this.elapsedMs())} ${doing}`);
  }

  /** The checks of the run, counted before any runs: the total of the progress. */
  planned(total: number, files: number): void {
    this.#planned = total;
    this.#runStarted = this.#now();
    this.#doing = 'the first checks';
    if (this.#options.interactive) this.#redraw();
    else this.line(`${clock(this.elapsedMs())} running ${total} checks from ${files} files`);
  }

  collected(count: number): void {
    this.#collected += count;
  }

  checkStarted(id: string): void {
    this.#doing = id;
    this.#runStarted ??= this.#now();
  }

  checkDone(result: CheckResult): void {
    this.#done.push(result);
    if (this.#verbosity === 'verbose') this.line(this.#checkLine(result));
    // Checks can finish hundreds a second: the line is redrawn at most ten times a second (and by the clock).
    else if (this.#options.interactive && this.#now() - this.#lastDrawn >= 100) this.#redraw();
  }

  fileDone(file: string, results: readonly CheckResult[]): void {
    if (this.#options.interactive || this.#verbosity !== 'normal') return;
    // Checks --only/--skip left out are one line of the summary (--verbose lists them), not a line per file.
    const selected = results.filter((result) => !isExcluded(result));
    if (selected.length === 0 && results.length > 0) return;
    this.line(`${this.#position()} ${relative(this.#options.root, file)}: ${outcomeList(countByOutcome(selected), this.#style) || 'no checks'}`);
  }

  /** A line of output (nothing with --quiet), above the status line on a terminal. */
  line(text: string): void {
    if (this.#verbosity === 'quiet') return;
    this.#clearStatus();
    this.#write(`${text}\n`);
    this.#lastOutput = this.#now();
    this.#redraw();
  }

  /** Once a second: the clock moves on a terminal; elsewhere, a long silence says what is running. */
  tick(): void {
    if (this.#verbosity === 'quiet') return;
    if (this.#options.interactive) return this.#redraw();
    const silent = this.#now() - this.#lastOutput;
    if (silent >= (this.#options.silentMs ?? 10_000)) this.line(`${this.#position()} still running: ${this.#doing}`);
  }

  /** Stops the clock and clears the status line before the summary. */
  end(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#clearStatus();
    this.#ended = true;
  }

  #total(): number | undefined {
    return this.#planned ?? (this.#collected > 0 ? this.#collected : undefined);
  }

  /**
   * The start of a plain line: the clock, as on the phase lines, then the checks done of the total, said in
   * words (`0:42 [ 43/660 checks done]`); only the clock while the total is not known yet.
   */
  #position(): string {
    const total = this.#total();
    if (total === undefined) return clock(this.elapsedMs());
    return `${clock(this.elapsedMs())} [${String(this.#done.length).padStart(String(total).length)}/${total} checks done]`;
  }

  #checkLine(result: CheckResult): string {
    const tone = toneOf(result.outcome);
    const why = result.reason ?? result.failure?.message;
    return `${this.#position()} ${tinted(this.#style, tone, result.outcome.padEnd(14))} ${result.id} (${formatDuration(result.durationMs)})${why === undefined || result.outcome === 'passed' ? '' : `: ${inertLine(why.split('\n')[0] ?? '')}`}`;
  }

  #redraw(): void {
    if (!this.#options.interactive || this.#verbosity === 'quiet' || this.#ended) return;
    const state: StatusState = {
      done: this.#done.length,
      total: this.#total(),
      elapsedMs: this.elapsedMs(),
      runMs: this.#runStarted === undefined ? undefined : this.#now() - this.#runStarted,
      counts: countByOutcome(this.#done),
      doing: this.#doing,
    };
    this.#write(statusLine(state, this.#options.out.columns, this.#style), '\r\x1b[K');
    this.#statusShown = true;
    this.#lastDrawn = this.#now();
  }

  #clearStatus(): void {
    if (!this.#statusShown) return;
    this.#write('', '\r\x1b[K');
    this.#statusShown = false;
  }

  /**
   * Every write to the console: text that came from a target is shown, never executed (text/inert.ts).
   * Without colour no escape sequence is ours, so every control character is escaped; with colour, only the
   * codes our styles emit pass. `control` is this class's own erase-line sequence.
   */
  #write(text: string, control = ''): void {
    this.#options.out.write(`${control}${this.#style === plain ? inert(text) : inertConsole(text)}`);
  }
}
