// End to end, as a vendor certifies (issue 17): the reference behind a config file with every fixture a vendor
// can give and no control API. Such a run cannot verify every clause, so it is incomplete, never conformant;
// claiming fewer features narrows the scope and the run names exactly the clauses still unverified; a
// signed certificate holds until its report is edited. Each run here certifies the reference fully (~30-60 s
// of CPU), so there are two.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from '../../reports/certificate.js';
import type { RunReport } from '../../results/model.js';
import { exitCodes, judge } from '../../results/verdict.js';
import { runMcs } from '../support/run-mcs.js';
import { slowTargetRun, startVendorTarget, type VendorTarget } from '../support/vendor-target.js';
import { timeLimit } from '../support/pace.js';

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

/** The clause ids the console lists under "unverified in-scope clauses". */
function listedUnverified(stdout: string): string[] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line.startsWith('unverified in-scope clauses ('));
  if (start === -1) return [];
  const ids: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^ {2}(\S+): /.exec(line);
    if (!match) break;
    ids.push(match[1] ?? '');
  }
  return ids;
}

/** The --timeout and delivery wait a sandbox needs on this machine, as the vendor rungs certify (slowTargetRun). */
const slow = slowTargetRun();

describe('a vendor certifies through a config file, without the control API', { timeout: slow.timeoutMs + timeLimit({ mcsRuns: 3 }) }, () => {
  let dir: string;
  // One organization per run: a run changes its organization (keys created, lines assigned), as a vendor's
  // sandbox would be reset between certifications.
  const vendors: VendorTarget[] = [];
  const vendorTarget = async (name: string) => {
    const vendor = await startVendorTarget({ dir: await mkdtemp(join(dir, `${name}-`)), fixtures: 'full' });
    vendors.push(vendor);
    return vendor;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcs-vendor-'));
  });
  afterAll(async () => {
    await Promise.all(vendors.map((vendor) => vendor.close()));
  });

  it('gets an incomplete verdict, exit 3, an amber badge and the list of unverified clauses; the signed certificate fails once the report is edited', async () => {
    const reports = join(dir, 'all');
    const keys = generateKeyPairSync('ed25519');
    const privateKey = join(dir, 'private.pem');
    const publicKey = join(dir, 'public.pem');
    await writeFile(privateKey, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await writeFile(publicKey, keys.publicKey.export({ type: 'spki', format: 'pem' }));

    const vendor = await vendorTarget('all');
    const run = await runMcs(['certify', '--config', vendor.configPath, '--reports-dir', reports, '--sign-key', privateKey, '--verbose', ...slow.flags], { timeoutMs: slow.timeoutMs }); // --verbose: the console lists every unverified clause
    const report = await readJson<RunReport>(join(reports, 'report.json'));
    const judgement = judge(report);
    // A failure here is a false failure of the correct reference: name the checks, so that a CI log tells which.
    expect(report.checks.filter((check) => check.outcome === 'failed').map((check) => `${check.id}: ${check.failure?.message ?? ''}`)).toEqual([]);
    expect(judgement.verdict).toBe('incomplete');
    expect(run.code).toBe(exitCodes.incomplete);
    expect(judgement.unverified.length).toBeGreaterThan(0);
    expect(run.stdout).toMatch(/^verdict: incomplete: \d+ of \d+ in-scope clause\(s\) not verified/m);
    expect(listedUnverified(run.stdout)).toEqual(judgement.unverified.map((clause) => clause.id));

    const certificate = await readJson<Certificate>(join(reports, 'certificate.json'));
    expect(certificate.status).toBe('incomplete');
    expect(certificate.scope.unverified).toEqual(judgement.unverified.map((clause) => clause.id));
    const badge = await readFile(join(reports, 'badge.svg'), 'utf8');
    expect(badge).toContain(`incomplete: ${judgement.unverified.length} ${judgement.unverified.length === 1 ? 'clause' : 'clauses'} unverified`);
    expect(badge).not.toMatch(/conformant v/);
    expect(await readFile(join(reports, 'report.html'), 'utf8')).toContain('<div class="verdict v-incomplete"');

    const verify = (reportFile: string) => runMcs(['verify-certificate', join(reports, 'certificate.json'), '--public-key', publicKey, '--report', reportFile]);
    expect((await verify(join(reports, 'report.json'))).code).toBe(0);
    // What the issue saw done: failures and gaps edited into passes, then re-rendered.
    const edited = { ...report, checks: report.checks.map((check) => ({ ...check, outcome: 'passed' })), coverage: report.coverage.map((clause) => ({ ...clause, result: 'passed' })) };
    await writeFile(join(reports, 'report.json'), `${JSON.stringify(edited, null, 2)}\n`);
    const rerendered = await runMcs(['report', '--from', join(reports, 'report.json')]);
    expect(rerendered.code).toBe(0);
    expect((await readJson<Certificate>(join(reports, 'certificate.json'))).status).toBe('incomplete');
    const tampered = await verify(join(reports, 'report.json'));
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/^NOT VALID: the report does not match the certificate/);
  });

  it('claiming only what it can verify, names exactly the clauses that remain unverified, and none outside its claims', async () => {
    const reports = join(dir, 'claimed');
    const vendor = await vendorTarget('claimed');
    const run = await runMcs(['certify', '--config', vendor.configPath, '--claim', 'core', '--claim', 'v2', '--reports-dir', reports, '--verbose', ...slow.flags], { timeoutMs: slow.timeoutMs });
    const report = await readJson<RunReport>(join(reports, 'report.json'));
    const judgement = judge(report);
    expect(report.claims).toEqual(['core', 'v2']);
    expect(judgement.claims).toEqual(['core', 'v2']);
    const featureOf = new Map(report.coverage.map((clause) => [clause.id, clause.feature]));
    const listed = listedUnverified(run.stdout);
    expect(listed).toEqual(judgement.unverified.map((clause) => clause.id));
    expect(listed.every((id) => ['core', 'v2'].includes(featureOf.get(id) ?? ''))).toBe(true);
    // Exactly the claimed, testable clauses that no passing run of their checks verified.
    const expected = report.coverage.filter((clause) => ['core', 'v2'].includes(clause.feature ?? '') && !['passed', 'warning', 'failed', 'expected-failure', 'untestable', 'not-claimed'].includes(clause.result));
    expect(listed).toEqual(expected.map((clause) => clause.id));
    // Out of scope: clauses of unclaimed features, and claimed ones only checks of unclaimed features cite
    // (a 403 for settings of a non-native channel, when no non-native kind is claimed).
    const checksById = new Map(report.checks.map((check) => [check.id, check]));
    for (const clause of report.coverage.filter((c) => c.result === 'not-claimed')) {
      const outOfClaims = !['core', 'v2'].includes(clause.feature ?? '') || clause.checks.every((id) => checksById.get(id)?.outcome === 'not-claimed');
      expect(outOfClaims, clause.id).toBe(true);
    }
    expect(report.checks.some((check) => check.outcome === 'not-claimed')).toBe(true);
    expect(run.stdout).toMatch(/^claims: core, v2; \d+ clause\(s\) and \d+ check\(s\) not claimed$/m);
    expect(run.stdout).toMatch(/^not claimed \(\d+\): feature number-purchasing not claimed$/m);
    // What stays unverified names what it lacks: a control operation or fixture (issue 19), a target setting
    // (MCS_*, not set here), or that the shared organization kept it from judging. (Not asserted: that nothing failed. Under load the
    // api-keys checks sometimes meet the organization's key ceiling, 409, without a control API to reset it:
    // a suite matter, outside what this test shows.)
    expect(judgement.verdict).not.toBe('conformant');
    expect(run.code).toBe(judgement.exitCode);
    expect(judgement.unverified.filter((clause) => !/needs |control|could not|feature enabled|set MCS_/.test(clause.reason ?? '')).map((clause) => `${clause.id}: ${clause.reason ?? ''}`)).toEqual([]);
  });
});
