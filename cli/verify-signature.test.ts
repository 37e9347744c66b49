// Runs the real `mcs verify-signature` command in a child process, body on stdin.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signPayload } from '../harness/webhooks/signer.js';
import { timeLimit } from '../test/support/pace.js';

interface Vector {
  name: string;
  secret: string;
  t: number;
  body: string;
  header: string;
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

const MCS = new URL('./mcs.js', import.meta.url).pathname;
const vectors = JSON.parse(readFileSync(new URL('../harness/webhooks/vectors.json', import.meta.url), 'utf8')) as Vector[];
const vector = vectors.find((v) => v.name === 'unicode and multi-byte body') ?? (vectors[0] as Vector);

function envWithout(name: string): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== name));
}

function mcs(args: string[], input: string | Uint8Array, env: NodeJS.ProcessEnv = envWithout('MCS_SIGNING_SECRET')): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MCS, 'verify-signature', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'], timeout: timeLimit({ mcsRuns: 1 }) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => undefined); // the command may exit before reading stdin
    child.stdin.end(input);
  });
}

const AT_T = ['--now', String(vector.t)];

// Each test runs the command at most twice.
describe('mcs verify-signature', { timeout: timeLimit({ mcsRuns: 2 }) }, () => {
  it('prints "valid (t=...)" and exits 0 for a known-answer vector', async () => {
    const out = await mcs(['--secret', vector.secret, '--header', vector.header, ...AT_T], vector.body);
    expect(out).toMatchObject({ code: 0, stdout: `valid (t=${vector.t})\n`, stderr: '' });
  });

  it('takes the secret from MCS_SIGNING_SECRET and never prints it', async () => {
    const env = { ...envWithout('MCS_SIGNING_SECRET'), MCS_SIGNING_SECRET: vector.secret };
    const out = await mcs(['--header', vector.header, ...AT_T], vector.body, env);
    expect(out.code).toBe(0);
    expect(out.stdout + out.stderr).not.toContain(vector.secret);
  });

  it('prints "invalid: signature-mismatch: ..." and exits 1 for a wrong secret, without printing either secret', async () => {
    const out = await mcs(['--secret', 'whsec_wrong_secret', '--header', vector.header, ...AT_T], vector.body);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/^invalid: signature-mismatch: .+\n$/);
    expect(out.stdout + out.stderr).not.toContain('whsec_wrong_secret');
  });

  it('reads the body as exact bytes: a trailing newline makes it invalid', async () => {
    const out = await mcs(['--secret', vector.secret, '--header', vector.header, ...AT_T], `${vector.body}\n`);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/^invalid: signature-mismatch:/);
  });

  it('reads the body as exact bytes: bytes that are not UTF-8 verify', async () => {
    const body = Uint8Array.of(0xff, 0x00, 0xc3, 0x28, 0x0a);
    const out = await mcs(['--secret', 's', '--header', signPayload(body, 's', 1_700_000_000), '--now', '1700000000'], body);
    expect(out).toMatchObject({ code: 0, stdout: 'valid (t=1700000000)\n' });
  });

  it('applies --tolerance to a stale delivery', async () => {
    const now = String(vector.t + 1000);
    const strict = await mcs(['--secret', vector.secret, '--header', vector.header, '--now', now], vector.body);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/^invalid: timestamp-outside-tolerance:/);
    const lenient = await mcs(['--secret', vector.secret, '--header', vector.header, '--now', now, '--tolerance', '1000'], vector.body);
    expect(lenient.code).toBe(0);
  });

  it('treats --header given twice as a repeated header', async () => {
    const out = await mcs(['--secret', vector.secret, '--header', vector.header, '--header', vector.header, ...AT_T], vector.body);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/^invalid: repeated-header:/);
  });

  it.each([
    ['no secret at all', ['--header', 't=1,v1=00']],
    ['no header', ['--secret', 's']],
    ['an unknown flag', ['--secret', 's', '--header', 't=1,v1=00', '--verbose']],
    ['a tolerance that is not a whole number', ['--secret', 's', '--header', 't=1,v1=00', '--tolerance', '1.5']],
    ['a now that is not a number', ['--secret', 's', '--header', 't=1,v1=00', '--now', 'yesterday']],
    ['a positional argument', ['--secret', 's', '--header', 't=1,v1=00', 'body.json']],
  ])('exits 2 with one line on stderr for %s', async (_case, args) => {
    const out = await mcs(args, '{}');
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/^mcs verify-signature: [^\n]+\n$/);
  });

  it('prints its usage with --help and exits 0', async () => {
    const out = await mcs(['--help'], '');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('MCS_SIGNING_SECRET');
  });
});
