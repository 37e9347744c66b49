// `mcs verify-certificate certificate.json --public-key FILE [--report report.json]`: checks a certificate's
// Ed25519 signature and, with --report, that it was issued from exactly that report (SHA-256).
// Exit 0 valid, 1 not valid (with the reason), 2 bad input (a file missing, not a certificate, not a key).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readPublicKey, SigningKeyError, verifyCertificate } from '../../reports/certificate-signature.js';
import type { Certificate } from '../../reports/certificate.js';
import { UsageError } from '../errors.js';
import { flagProblem } from '../flags.js';

const USAGE = `Usage: mcs verify-certificate CERTIFICATE --public-key FILE [--report FILE]

Checks that certificate.json was signed with the private key of --public-key (Ed25519, PEM) and not changed
since, and with --report that it was issued from exactly that report.json. See docs/certificates.md.
Example:
  mcs verify-certificate reports/out/certificate.json --public-key public.pem --report reports/out/report.json
Exits 0 when valid, 1 when not (with the reason), 2 on bad input.
`;

const verifyFlags = { 'public-key': { type: 'string' }, report: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: true, options: verifyFlags });
  } catch (error) {
    throw new UsageError(`${flagProblem(error, verifyFlags)} (try --help)`);
  }
}

async function read(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${what} ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : 'cannot be read'}`);
  }
}

function asCertificate(text: string, path: string): Certificate {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${path} is not JSON`);
  }
  const schema = typeof value === 'object' && value !== null ? (value as { schema?: unknown }).schema : undefined;
  if (typeof schema !== 'string' || !schema.startsWith('mcs-certificate/')) throw new UsageError(`${path} is not an mcs certificate (no mcs-certificate/* schema)`);
  return value as Certificate;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  if (values.help === true) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('give one certificate file (try --help)');
  if (values['public-key'] === undefined) throw new UsageError('--public-key FILE is required: the Ed25519 public key of the certifying body');
  const path = positionals[0] ?? '';
  const certificate = asCertificate(await read(path, 'certificate'), path);
  let key;
  try {
    key = readPublicKey(await read(values['public-key'], 'public key'), values['public-key']);
  } catch (error) {
    if (error instanceof SigningKeyError) throw new UsageError(error.message);
    throw error;
  }
  const report = values.report === undefined ? undefined : await read(values.report, 'report');
  const result = verifyCertificate(certificate, key, report);
  if (result.valid) {
    process.stdout.write(`valid: ${result.detail}\n`);
    return 0;
  }
  process.stdout.write(`NOT VALID: ${result.reason}\n`);
  return 1;
}
