// What `mcs certify` shows on the console besides the summary tables: the progress (with --quiet and
// --verbose), the colours, and the closing lines (time taken, then the one-line verdict). The verdict's
// wording is the results model's (`verdict`); this module only places and colours it.
import { Progress, formatDuration, isInteractive, type Verbosity } from '../harness/runner/progress.js';
import { styleFor, type Env, type Style } from '../harness/runner/style.js';
import { inert, inertLine } from '../text/inert.js';
import { UsageError } from './errors.js';

export type ConsoleStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

export function verbosityOf(flags: { quiet?: boolean | undefined; verbose?: boolean | undefined }): Verbosity {
  if (flags.quiet && flags.verbose) throw new UsageError('--quiet and --verbose contradict each other: give one');
  return flags.quiet ? 'quiet' : flags.verbose ? 'verbose' : 'normal';
}

export interface CertifyConsole {
  progress: Progress;
  style: Style;
  verbosity: Verbosity;
}

export function certifyConsole(out: ConsoleStream, env: Env, flags: { quiet?: boolean | undefined; verbose?: boolean | undefined }, root: string): CertifyConsole {
  const verbosity = verbosityOf(flags);
  const style = styleFor(out, env);
  return { progress: new Progress({ out, interactive: isInteractive(out, env), root, verbosity, style }), style, verbosity };
}

/** `FAIL <check>` headers of the failure list in the colour of a failure; what the target sent escaped first. */
export function styleFailures(text: string, style: Style): string {
  return inert(text).replace(/^FAIL .*$/gm, (line) => style('fail', line));
}

/** A block of text that may quote a target, in a tone: escaped, then styled (text/inert.ts). */
export function styleInert(text: string, tone: Parameters<Style>[0], style: Style): string {
  return style(tone, inert(text));
}

/** The last two lines of a run: how long it took, then the verdict (green for a pass, amber for incomplete, red otherwise). */
export function closingLines(options: { verdict: string; passed: boolean; incomplete?: boolean; seed: number; elapsedMs: number; style: Style }): string {
  const tone = options.passed ? 'pass' : options.incomplete === true ? 'warn' : 'fail';
  return `time taken: ${formatDuration(options.elapsedMs)}\n${options.style('strong', options.style(tone, `verdict: ${inertLine(options.verdict)}`))} (seed ${options.seed})\n`;
}
