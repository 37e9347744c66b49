// `mcs certify`'s refusals of a bad scope (exit 2 with the nearest names, before anything runs) and
// `mcs verify-certificate` on good, tampered and foreign certificates. No suite runs here.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeReports } from '../reports/index.js';
import { conformantChecks, reportOf } from './support/results.js';
import { timeLimit } from './support/pace.js';
import { runMcs } from './support/run-mcs.js';

/** A target nobody listens on: a refusal must come before the probe would find that out. */
const nowhere = ['--base-url', 'http://127.0.0.1:9', '--timeout', '2000'];

// Each test runs the command up to three times.
describe('mcs certify refuses a bad scope before anything runs', { timeout: timeLimit({ mcsRuns: 3 }) }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcs-scope-'));
  });

  it('names an --only or --skip entry that matches nothing, with the nearest names', async () => {
    const reports = join(dir, 'only');
    const run = await runMcs(['certify', ...nowhere, '--only', 'nosucharea,contacts/merge-unions-tag', '--skip', 'contacts.mrege', '--reports-dir', reports]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain("unknown --only/--skip entry 'nosucharea' (nearest: ");
    expect(run.stderr).toMatch(/unknown --only\/--skip entry 'contacts\/merge-unions-tag' \(nearest: contacts\/merge-unions-tags/);
    expect(run.stderr).toMatch(/unknown --only\/--skip entry 'contacts\.mrege' \(nearest: [^)]*contacts/);
    expect(run.stderr).not.toMatch(/unreachable/);
    expect(existsSync(reports)).toBe(false);
  });

  it('refuses an unknown claim, from a flag or the config file', async () => {
    const flag = await runMcs(['certify', ...nowhere, '--claim', 'whatsap']);
    expect(flag.code).toBe(2);
    expect(flag.stderr.trim()).toBe("mcs certify: unknown claim 'whatsap' (nearest: whatsapp, location, polls)");
    const config = join(dir, 'claims.yaml');
    await writeFile(config, 'base_url: http://127.0.0.1:9\nclaims: [core, polls, faxes]\n');
    const file = await runMcs(['certify', '--config', config, '--timeout', '2000']);
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/^mcs certify: unknown claim 'faxes' \(nearest: /);
  });

  it('refuses an expected-failures file naming no known check or clause, with the nearest names', async () => {
    const file = join(dir, 'expected.yaml');
    await writeFile(file, '- id: contacts/merge-unions-tags\n  reason: bug 1\n- id: contacts.merge.idempotnt-same-pair\n  reason: bug 2\n');
    const run = await runMcs(['certify', ...nowhere, '--expected-failures', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown id in \S+expected\.yaml 'contacts\.merge\.idempotnt-same-pair' \(nearest: contacts\.merge\.idempotent-same-pair/);
    expect(run.stderr).not.toContain("'contacts/merge-unions-tags'");
  });

  it('refuses a missing or malformed expected-failures file, and --strict-expectations without one', async () => {
    const missing = await runMcs(['certify', ...nowhere, '--expected-failures', join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/expected-failures file \S+nope\.yaml: not found/);
    const bad = join(dir, 'bad.yaml');
    await writeFile(bad, '- id: contacts/merge-is-idempotent\n  until: 2026-01-01\n');
    const malformed = await runMcs(['certify', ...nowhere, '--expected-failures', bad]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/entry 1 \(contacts\/merge-is-idempotent\): reason is required/);
    const strict = await runMcs(['certify', ...nowhere, '--strict-expectations']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/--strict-expectations needs an expected-failures file/);
  });

  it('refuses a signing key that is not an Ed25519 private key', async () => {
    const notKey = join(dir, 'key.pem');
    await writeFile(notKey, 'hello');
    const run = await runMcs(['certify', ...nowhere, '--sign-key', notKey]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`mcs certify: --sign-key ${notKey}: not a PEM private key`);
  });
});

describe('mcs verify-certificate', { timeout: timeLimit({ mcsRuns: 3 }) }, () => {
  let dir: string;
  let publicKey: string;
  let otherKey: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcs-verify-'));
    const pair = generateKeyPairSync('ed25519');
    publicKey = join(dir, 'public.pem');
    otherKey = join(dir, 'other.pem');
    await writeFile(publicKey, pair.publicKey.export({ type: 'spki', format: 'pem' }));
    await writeFile(otherKey, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }));
    await writeReports(reportOf(conformantChecks()), dir, { signKey: pair.privateKey });
  });

  it('accepts a signed certificate with the report it was issued from', async () => {
    const run = await runMcs(['verify-certificate', join(dir, 'certificate.json'), '--public-key', publicKey, '--report', join(dir, 'report.json')]);
    expect(run.stdout).toBe('valid: signed certificate, status conformant, issued from this report\n');
    expect(run.code).toBe(0);
  });

  it('rejects an edited certificate, an edited report and another key, saying why', async () => {
    const certificate = JSON.parse(await readFile(join(dir, 'certificate.json'), 'utf8')) as { scope: { verified: number } };
    const edited = join(dir, 'edited-certificate.json');
    await writeFile(edited, JSON.stringify({ ...certificate, scope: { ...certificate.scope, verified: 999 } }));
    const changed = await runMcs(['verify-certificate', edited, '--public-key', publicKey]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/^NOT VALID: the signature does not match/);

    const report = (await readFile(join(dir, 'report.json'), 'utf8')).replace('"outcome": "passed"', '"outcome": "failed"');
    await writeFile(join(dir, 'edited-report.json'), report);
    const tampered = await runMcs(['verify-certificate', join(dir, 'certificate.json'), '--public-key', publicKey, '--report', join(dir, 'edited-report.json')]);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/^NOT VALID: the report does not match the certificate/);

    const foreign = await runMcs(['verify-certificate', join(dir, 'certificate.json'), '--public-key', otherKey]);
    expect(foreign.code).toBe(1);
    expect(foreign.stdout).toMatch(/another key/);
  });

  it('is bad input without a certificate or a key', async () => {
    expect((await runMcs(['verify-certificate', join(dir, 'certificate.json')])).code).toBe(2);
    expect((await runMcs(['verify-certificate', join(dir, 'report.json'), '--public-key', publicKey])).stderr).toMatch(/not an mcs certificate/);
  });
});
