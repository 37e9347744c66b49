// Entry point of the `mcs` command: parses the subcommand and dispatches.
// Exit codes: 0 success, 1 a verdict of failure (a check or an SLO failed),
// 2 usage, configuration or environment error (one line on stderr, no stack trace).
import { commands, type Command } from './commands.js';
import { formatError } from './errors.js';
import { didYouMean } from '../results/nearest.js';
import { inertLine } from '../results/inert.js';

export async function main(argv: string[]): Promise<number> {
  endQuietlyOnClosedPipe(process.stdout);
  endQuietlyOnClosedPipe(process.stderr);
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${await version()}\n`);
    return 0;
  }
  const command: Command | undefined = commands[name];
  if (command === undefined) {
    const near = didYouMean(name, Object.keys(commands));
    process.stderr.write(`mcs: unknown command '${inertLine(name)}'${near === undefined ? '' : ` (did you mean 'mcs ${near}'?)`} (try 'mcs --help')\n`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    process.stderr.write(`mcs ${name}: ${formatError(error)}\n`);
    if (process.env.MCS_DEBUG) console.error(error);
    return 2;
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
  return `mcs: conformance and load testing for the Multi-Channel Messaging Service API\n\nUsage: mcs <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'mcs <command> --help' for the options of a command.\n`;
}

async function version(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
