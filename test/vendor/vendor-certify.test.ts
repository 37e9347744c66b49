// Certifying a vendor's target with no control API: the reference with one organization set up out of band and a
// target.yaml giving only some fixtures. A fixture the config lacks makes a check not verifiable, naming what is
// missing; never failed (issue 19: false failures a vendor would have to chase).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveTargetConfig } from '../../harness/config/resolve.js';
import { runCertification } from '../../harness/runner/certification.js';
import type { RunReport } from '../../reports/model.js';
import { startVendorTarget, type VendorFixtures } from '../support/vendor-target.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function certifyVendor(fixtures: VendorFixtures): Promise<RunReport> {
  const dir = await mkdtemp(join(tmpdir(), 'mcs-vendor-'));
  dirs.push(dir);
  const vendor = await startVendorTarget({ dir, fixtures });
  try {
    const target = await resolveTargetConfig({ flags: {}, env: {}, configPath: vendor.configPath });
    if (target === undefined) throw new Error('target.yaml named no base URL');
    return (await runCertification({ target, embedded: false, seed: 19, selection: { only: [], skip: [] } })).report;
  } finally {
    await vendor.close();
  }
}

function failures(report: RunReport): string[] {
  return report.checks.filter((check) => check.outcome === 'failed').map((check) => `${check.id}: ${check.failure?.message ?? ''}`);
}

describe.each<VendorFixtures>(['keys-only', 'no-owners'])('a config with %s fixtures and no control URL', (fixtures) => {
  it('fails no check, and every check it cannot verify says what it lacks', async () => {
    const report = await certifyVendor(fixtures);
    expect(failures(report)).toEqual([]);
    const unexplained = report.checks.filter((check) => check.outcome === 'not-verifiable' && !/needs|no |not /.test(check.reason ?? ''));
    expect(unexplained.map((check) => check.id)).toEqual([]);
    expect(report.checks.filter((check) => check.outcome === 'passed').length).toBeGreaterThan(300);
  }, 300_000);
});
