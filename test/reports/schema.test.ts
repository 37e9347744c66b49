import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, reportProblems } from '../../reports/schema.js';
import { sampleReport } from './sample.js';

describe('reports/report.schema.json', () => {
  it('accepts the sample report and a minimal one', () => {
    expect(reportProblems(sampleReport())).toEqual([]);
    const minimal = { ...sampleReport(), checks: [], coverage: [] };
    delete (minimal as { load?: unknown }).load;
    delete (minimal as { apiVersion?: unknown }).apiVersion;
    expect(reportProblems(minimal)).toEqual([]);
  });

  it('names the place of each problem in one line', () => {
    const report = sampleReport() as unknown as { checks: Array<Record<string, unknown>>; extra?: unknown };
    (report.checks[0] as Record<string, unknown>)['outcome'] = 'maybe';
    report.extra = 1;
    const problems = reportProblems(report);
    expect(problems).toContain('/checks/0/outcome: must be one of passed, failed, not-verifiable, skipped, error, not-run');
    expect(problems).toContain("(root): unknown property 'extra'");
    expect(problems.every((p) => !p.includes('\n'))).toBe(true);
  });

  it('refuses a wrong type, a bad hash and a missing field', () => {
    expect(reportProblems({ ...sampleReport(), seed: 'x' })).toContain('/seed: must be integer');
    expect(reportProblems({ ...sampleReport(), specHashes: { v4: 'nothex' } })[0]).toMatch(/^\/specHashes\/v4: must match pattern/);
    const { target: _target, ...noTarget } = sampleReport();
    expect(reportProblems(noTarget)).toContain("(root): must have required property 'target'");
  });

  it('readReport says in one line what is wrong with a file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-schema-'));
    const notJson = join(dir, 'a.json');
    await writeFile(notJson, '{nope');
    await expect(readReport(notJson)).rejects.toThrow(/^.*a\.json is not JSON: /);
    const invalid = join(dir, 'b.json');
    await writeFile(invalid, JSON.stringify({ suite: { name: 'mcs-conformance', version: '1' } }));
    await expect(readReport(invalid)).rejects.toThrow(/b\.json is not a valid mcs report: \(root\): must have required property 'specHashes' \(and \d+ more problems\)$/);
    await expect(readReport(join(dir, 'missing.json'))).rejects.toThrow(/cannot read .*missing\.json: ENOENT/);
    const valid = join(dir, 'c.json');
    await writeFile(valid, JSON.stringify(sampleReport()));
    await expect(readReport(valid)).resolves.toEqual(sampleReport());
  });
});
