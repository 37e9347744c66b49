// Flag parsing shared by every command: node's parseArgs, strict, no positionals, and its complaint turned
// into one line and exit code 2: an unknown flag with the nearest known one ("did you mean"), a value that
// begins with a dash (`--max-duration -5`) taken as the value it is, so that the command's own check of the
// number says what is wrong with it, rather than parseArgs calling it "ambiguous".
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../text/nearest.js';
import { UsageError } from './errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseFlags<const O extends Options>(argv: string[], options: O, parse: { allowPositionals?: boolean } = {}) {
  try {
    return parseArgs({ args: withDashedValues(argv, options), strict: true, allowPositionals: parse.allowPositionals ?? false, options }).values;
  } catch (error) {
    throw new UsageError(`${flagProblem(error, options)} (try --help)`);
  }
}

/** `--flag -5` as `--flag=-5` for a flag that takes a value: a number (or `-`) after it is its value. */
export function withDashedValues(argv: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const next = argv[i + 1];
    const name = /^--([^=]+)$/.exec(arg)?.[1];
    const option = name === undefined ? undefined : options[name];
    if (option?.type === 'string' && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** One line for what parseArgs refused, naming the nearest known flag when one is near. */
export function flagProblem(error: unknown, options: Options): string {
  const e = error as { code?: string; message?: string };
  const message = (typeof e.message === 'string' ? e.message : String(error)).split('\n')[0] ?? 'bad arguments';
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const given = /'(-[^']*)'/.exec(message)?.[1] ?? message;
    const near = nearestFlag(given, options);
    return `unknown option '${given}'${near === undefined ? '' : ` (did you mean ${near}?)`}`;
  }
  if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const given = /'([^']*)'/.exec(message)?.[1] ?? message;
    return `unexpected argument '${given}'`;
  }
  const valueOf = /^Option '(-[^' ]+)[^']*' argument (missing|is ambiguous)/.exec(message);
  if (valueOf) return `option '${valueOf[1]}' needs a value${valueOf[2] === 'missing' ? '' : ` (a value beginning with '-' goes as ${valueOf[1]}=VALUE)`}`;
  return message.replace(/^Option /, 'option ').replace(/\.$/, '');
}

/** The known flag a mistyped one most likely meant, when it is close enough to be a typo. */
export function nearestFlag(given: string, options: Options): string | undefined {
  const name = given.replace(/^-+/, '').split('=')[0] ?? '';
  return didYouMean(name, Object.keys(options))?.replace(/^/, '--');
}
