// `mcs verify-signature`: checks an X-Service-Signature header against a body read from stdin,
// byte for byte, with the same verifier the conformance suites use.
import { DEFAULT_TOLERANCE_SECONDS, type VerifyOptions, verifySignature } from '../../harness/webhooks/signature.js';
import { UsageError } from '../errors.js';
import { parseFlags } from '../flags.js';

export const SECRET_ENV = 'MCS_SIGNING_SECRET';
/** A webhook body is small; a larger stdin is a mistake (a wrong file or a stream), not a delivery. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

const USAGE = `Usage: mcs verify-signature --header HEADER [--secret SECRET] [--tolerance SECONDS] [--now UNIX_SECONDS] < body

Verifies a webhook signature header (t=<unix_seconds>,v1=<hex>) over the raw body read from stdin.
  --header      the X-Service-Signature value (give it twice to test a repeated header)
  --secret      the subscription's signing secret; or set ${SECRET_ENV} to keep it off the command line
  --tolerance   seconds t may differ from now, either way (default ${DEFAULT_TOLERANCE_SECONDS}; 0 means t must equal now)
  --now         the current time in unix seconds (default: the system clock)
Example:
  MCS_SIGNING_SECRET=whsec_... mcs verify-signature --header 't=1790000000,v1=5f0c...' < body.json
Prints "valid (t=...)" and exits 0, or "invalid: <reason>: <detail>" and exits 1; usage errors exit 2.
`;

export async function run(argv: string[]): Promise<number> {
  const flags = readFlags(argv);
  if (flags.help === true) {
    process.stdout.write(USAGE);
    return 0;
  }
  const secret = resolveSecret(flags.secret);
  if (flags.header === undefined) throw new UsageError('--header is required (try --help)');
  const options: VerifyOptions = {};
  if (flags.tolerance !== undefined) options.toleranceSeconds = wholeSeconds('--tolerance', flags.tolerance);
  if (flags.now !== undefined) options.now = wholeSeconds('--now', flags.now);
  const body = await readStdin();

  const header = flags.header.length === 1 ? flags.header[0] : flags.header;
  const result = verifySignature(body, header, secret, options);
  if (result.ok) {
    process.stdout.write(`valid (t=${result.timestamp})\n`);
    return 0;
  }
  process.stdout.write(`invalid: ${result.reason}: ${result.detail}\n`);
  return 1;
}

interface Flags {
  header?: string[];
  secret?: string;
  tolerance?: string;
  now?: string;
  help?: boolean;
}

function readFlags(argv: string[]): Flags {
  return parseFlags(argv, {
    header: { type: 'string', multiple: true },
    secret: { type: 'string' },
    tolerance: { type: 'string' },
    now: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
}

function resolveSecret(flag: string | undefined): string {
  if (flag !== undefined) {
    if (flag === '') throw new UsageError('--secret is empty');
    return flag;
  }
  const fromEnv = process.env[SECRET_ENV];
  if (fromEnv === undefined || fromEnv === '') throw new UsageError(`give the signing secret with --secret or the ${SECRET_ENV} environment variable`);
  return fromEnv;
}

function wholeSeconds(flag: string, text: string): number {
  if (!/^[0-9]{1,15}$/.test(text)) throw new UsageError(`${flag} must be a whole number of seconds, got ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

async function readStdin(): Promise<Buffer> {
  // Waiting on an interactive terminal would look like a hang; the body must be piped or redirected.
  if (process.stdin.isTTY) throw new UsageError('pipe the raw body on stdin, e.g. `mcs verify-signature ... < body.json`');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const bytes = chunk as Buffer;
    size += bytes.byteLength;
    if (size > MAX_BODY_BYTES) {
      process.stdin.destroy();
      throw new UsageError(`the body on stdin is larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}
