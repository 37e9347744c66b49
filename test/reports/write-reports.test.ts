import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Certificate } from '../../reports/certificate.js';
import { lockReportsFolder, reportJson, writeReports } from '../../reports/index.js';
import { conformantChecks, reportOf } from '../support/results.js';
import { sampleReport } from './sample.js';

describe('writeReports', () => {
  it('writes report.json, junit.xml, report.html, certificate.json and badge.svg', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-write-'));
    const report = sampleReport();
    const written = await writeReports(report, join(dir, 'nested'));
    expect(written.files.map((f) => f.slice(written.dir.length + 1))).toEqual(['report.json', 'junit.xml', 'report.html', 'certificate.json', 'badge.svg']);
    const json = await readFile(join(dir, 'nested', 'report.json'), 'utf8');
    expect(JSON.parse(json)).toEqual(report);
    const certificate = JSON.parse(await readFile(join(dir, 'nested', 'certificate.json'), 'utf8')) as Certificate;
    expect(certificate.reportSha256).toBe(createHash('sha256').update(json).digest('hex'));
    expect(certificate.status).toBe('not-conformant');
    expect(await readFile(join(dir, 'nested', 'badge.svg'), 'utf8')).toContain('not conformant: 5 clauses failing');
  });

  it('replaces an earlier green badge with a grey one when the run is partial', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-write-'));
    await writeFile(join(dir, 'badge.svg'), '<svg>conformant</svg>');
    await writeReports(reportOf(conformantChecks().slice(0, 2), { selection: { only: [], skip: ['contacts'] } }), dir);
    expect(await readFile(join(dir, 'badge.svg'), 'utf8')).toContain('partial run');
    const certificate = JSON.parse(await readFile(join(dir, 'certificate.json'), 'utf8')) as Certificate;
    expect(certificate.issued).toBe(false);
    expect(certificate.statement).toContain('--skip contacts');
    expect((await readdir(dir)).sort()).toEqual(['badge.svg', 'certificate.json', 'junit.xml', 'report.html', 'report.json']);
  });

  it('writes report.json exactly as reportJson() renders it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-write-'));
    await writeReports(sampleReport(), dir);
    expect(await readFile(join(dir, 'report.json'), 'utf8')).toBe(reportJson(sampleReport()));
  });

  it('a reports folder made for its lock goes with it when the run wrote nothing; one it wrote into stays', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-write-'));
    await (await lockReportsFolder(join(dir, 'refused'), 'out')).release();
    await expect(stat(join(dir, 'refused'))).rejects.toMatchObject({ code: 'ENOENT' });
    const lock = await lockReportsFolder(join(dir, 'written'), 'out');
    await writeReports(sampleReport(), join(dir, 'written'));
    await lock.release();
    expect(await readdir(join(dir, 'written'))).toContain('report.json');
  });
});
