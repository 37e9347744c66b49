// Live progress of a run. On a terminal: one status line, redrawn every second, with the checks done out of
// the total (collected before the run starts), the time elapsed, an ETA, the outcomes so far and the check
// running. Elsewhere (a pipe, CI): plain lines, one per finished file (per check with --verbose), and a line
// saying what is running whenever the output has been silent for a while, so a long check is never mistaken
// for a hang. --quiet prints nothing here. Outcomes are shown by name, so one added later shows too.
import { relative } from 'node:path';
import { inert, inertConsole, inertLine } from '../../text/inert.js';
import type { CheckResult } from '../../results/model.js';
import type { RunListener } from '../../results/progress.js';
import { isExcluded } from '../../results/verdict.js';
import { clock, countByOutcome, formatDuration, outcomeList, statusLine, tinted, type StatusState } from './status-line.js';
import { plain, toneOf, type Style } from './style.js';

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

export class Progress implements RunListener {
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
