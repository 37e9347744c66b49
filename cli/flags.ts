// Flag parsing shared by every command: node's parseArgs, strict, no positionals, and its complaint turned
// into one line and exit code 2.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseFlags<const O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    // parseArgs explains the problem in its message; keep the first line only.
    throw new UsageError(`${(error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'bad arguments'} (try --help)`);
  }
}
