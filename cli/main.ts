// Entry point of the `mcs` command: parses the subcommand and dispatches.
// Exit codes (results/verdict.ts exitCodes): 0 success, 1 a verdict of failure (a check or an SLO failed),
// 2 usage, configuration or environment error (one line on stderr, no stack trace), 3 incomplete (nothing
// failed, but in-scope clauses were not, or cannot be, verified).
import { commands, type Command } from './commands.js';
import { formatError } from './errors.js';
import { didYouMean } from '../text/nearest.js';
import { inertLine } from '../text/inert.js';
import { inertStreams } from './inert-streams.js';
import { exitCodes } from '../results/exit-codes.js';

export async function main(argv: string[]): Promise<number> {
  endQuietlyOnClosedPipe(process.stdout);
  endQuietlyOnClosedPipe(process.stderr);
  inertStreams(process.stdout, process.stderr);
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return name === undefined ? exitCodes.usage : exitCodes.ok;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${await version()}\n`);
    return 0;
  }
  const command: Command | undefined = commands[name];
  if (command === undefined) {
    const near = didYouMean(name, Object.keys(commands));
    process.stderr.write(`mcs: unknown command '${inertLine(name)}'${near === undefined ? '' : ` (did you mean 'mcs ${near}'?)`} (try 'mcs --help')\n`);
    return exitCodes.usage;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    process.stderr.write(`mcs ${name}: ${formatError(error)}\n`);
    if (process.env.MCS_DEBUG) console.error(error);
    return exitCodes.usage;
  }
}

/**
 * A reader that went away (`mcs coverage | head`) is no error of the command: what is left to print has
 * nowhere to go and is dropped, quietly; the command itself runs to its end (a certification still writes
 * its reports) and exits with its own code.
 */
export function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (stream.listeners('error').includes(ignoreClosedPipe)) return;
  stream.on('error', ignoreClosedPipe);
}

function ignoreClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
  throw error;
}

function usage(): string {
  const lines = Object.entries(commands).map(([n, c]) => `  ${n.padEnd(18)} ${c.summary}`);
  return `mcs: conformance and load testing for the Multi-Channel Messaging Service API\n\nUsage: mcs <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nExamples:\n  mcs certify                                   certify the embedded reference (npm start)\n  mcs serve --sandbox --no-control --port 4010  a vendor's sandbox, with its credentials printed\n  mcs certify --config target.yaml              certify a target (docs/target.example.yaml)\n\nExit codes: 0 conformant or done; 1 a check or an SLO failed; 2 bad input or an unusable target;\n3 incomplete: nothing failed, but in-scope clauses were not verified (load capacity: no capacity could be\nestablished, and the target may not be why).\n\nRun 'mcs <command> --help' for the options of a command.\n`;
}

async function version(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
