// End to end: a vendor's expected-failures file against `mcs serve --fault X`. The failure the fault causes is
// reported as expected (exit 0), an entry whose checks pass is flagged stale, and --strict-expectations turns
// that stale entry into exit 1. Narrowed to the contacts area: the fault is there, and a full run is not
// needed to show it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from '../../reports/certificate.js';
import type { RunReport } from '../../results/model.js';
import { limitText, timeLimit } from '../support/pace.js';
import { repoRoot, runMcs } from '../support/run-mcs.js';

const fault = 'contacts.merge.no-tag-union';

/** `mcs serve --fault X` on a free port, and its base URLs once printed. */
async function serve(args: string[]): Promise<{ child: ChildProcess; urls: Record<string, string> }> {
  const child = spawn(process.execPath, ['cli/mcs.js', 'serve', '--port', '0', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const limit = timeLimit({ mcsRuns: 1 });
  for (const deadline = performance.now() + limit; performance.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    const lines = out.split('\n').filter((l) => /^(v4|v2|control)\s/.test(l));
    if (lines.length === 3) return { child, urls: Object.fromEntries(lines.map((l) => l.split(/\s+/) as [string, string])) };
  }
  child.kill('SIGKILL');
  throw new Error(`mcs serve printed no URLs in ${limitText(limit)}: ${out}`);
}

/** A certification of the contacts area: a start of the command and some 20 s of a quiet machine. */
const areaRun = { mcsRuns: 1, quietMs: 20_000 };

describe('expected failures against mcs serve --fault', { timeout: timeLimit({ mcsRuns: 2, quietMs: 2 * areaRun.quietMs }) }, () => {
  let server: { child: ChildProcess; urls: Record<string, string> };
  let dir: string;
  let expectations: string;
  let target: string[];
  beforeAll(async () => {
    server = await serve(['--fault', fault]);
    dir = await mkdtemp(join(tmpdir(), 'mcs-expected-'));
    expectations = join(dir, 'expected.yaml');
    await writeFile(
      expectations,
      [
        '- id: contacts.merge.tags-unioned',
        '  reason: the survivor keeps only its own tags (MCS-1234)',
        '  link: https://tracker.example.com/MCS-1234',
        '- id: contacts/merge-tombstones-source',
        '  reason: fixed in 5.2, entry left behind',
        '',
      ].join('\n'),
    );
    const { v4, v2, control } = server.urls;
    target = ['--base-url', (v4 ?? '').replace(/\/v4$/, ''), '--v2-base-url', v2 ?? '', '--control-url', control ?? '', '--only', 'contacts'];
  });
  afterAll(() => {
    server.child.kill('SIGTERM');
  });

  it('reports the failure as expected, exits 0, and flags the stale entry; --strict-expectations exits 1 for it', async () => {
    const reports = join(dir, 'lenient');
    const run = await runMcs(['certify', ...target, '--expected-failures', expectations, '--reports-dir', reports], { work: areaRun });
    expect(run.stdout).toMatch(/^EXPECTED FAILURE contacts\/merge-unions-tags: .* \(expected: the survivor keeps only its own tags \(MCS-1234\), https:\/\/tracker\.example\.com\/MCS-1234\)$/m);
    expect(run.stdout).toMatch(/^STALE expected failure contacts\/merge-tombstones-source: its checks pass now/m);
    expect(run.stdout).toMatch(/^verdict: partial run: /m);
    expect(run.code).toBe(0);
    const report = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8')) as RunReport;
    expect(report.checks.find((c) => c.id === 'contacts/merge-unions-tags')).toMatchObject({ outcome: 'expected-failure', expectation: { id: 'contacts.merge.tags-unioned' } });
    expect(report.checks.filter((c) => c.outcome === 'failed')).toEqual([]);
    const certificate = JSON.parse(await readFile(join(reports, 'certificate.json'), 'utf8')) as Certificate;
    expect(certificate.status).not.toBe('conformant');
    // Every check citing the clause fails under the fault, and each is expected through the one clause entry.
    expect(certificate.expectedFailures.map((e) => e.check).sort()).toEqual(['contacts/merge-unions-tags', 'contacts/merge-unions-tags-without-duplicates']);
    expect(certificate.staleExpectations.map((e) => e.id)).toEqual(['contacts/merge-tombstones-source']);
    expect(await readFile(join(reports, 'report.html'), 'utf8')).toContain('Stale expected failures (their checks pass now): contacts/merge-tombstones-source');

    const strict = await runMcs(['certify', ...target, '--expected-failures', expectations, '--strict-expectations', '--reports-dir', join(dir, 'strict')], { work: areaRun });
    expect(strict.stdout).toMatch(/stale expected failure\(s\) \(--strict-expectations\)/);
    expect(strict.code).toBe(1);
  });
});
