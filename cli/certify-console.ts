// The console of `mcs certify`, set up from its flags and its stream: the verbosity (--quiet, --verbose), the
// colours, and the progress the run reports to. What it shows is rendered under reports/console/.
import { Progress, isInteractive, type Verbosity } from '../reports/console/progress.js';
import { styleFor, type Env, type Style } from '../reports/console/style.js';
import { projectRoot } from '../harness/runner/paths.js';
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

/**
 * A file's progress line names it from the tool's own folder (`suites/contacts/list.test.ts`, as spec/checks.yaml
 * and --only do), wherever the command runs: from the current folder it read `../../repo/suites/...`, or
 * `node_modules/mcs-conformance/suites/...` where the tool is installed as a package.
 */
export function certifyConsole(out: ConsoleStream, env: Env, flags: { quiet?: boolean | undefined; verbose?: boolean | undefined }): CertifyConsole {
  const verbosity = verbosityOf(flags);
  const style = styleFor(out, env);
  return { progress: new Progress({ out, interactive: isInteractive(out, env), root: projectRoot, verbosity, style }), style, verbosity };
}
