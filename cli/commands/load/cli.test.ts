// `mcs load` as a user meets it: exit codes, one-line errors, the loopback guard, SLO verdicts.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESULT_SCHEMA, type LoadResult } from '../../../load/result.js';
import { useStubApi } from '../../../test/support/use-stub-api.js';
import { repoRoot, runMcs } from '../../../test/support/run-mcs.js';
import { defaultOutPath } from './out.js';
import { runMcsHere } from '../../../test/support/run-mcs-here.js';
import { timeLimit } from '../../../test/support/pace.js';

const stub = useStubApi('mcs-load-cli-');

function oneLine(text: string): void {
  expect(text.trim().split('\n')).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at /);
}

// A test runs at most two loads of a second or two, each in a command of its own.
describe('mcs load', { timeout: timeLimit({ mcsRuns: 2, quietMs: 6_000 }) }, () => {
  it('refuses a remote target without --allow-remote, before sending anything', async () => {
    const r = await runMcsHere(['load', 'send', '--base-url', 'http://api.example.com', '--api-key', 'k', '--duration', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/api\.example\.com.*--allow-remote/);
    oneLine(r.stderr);
  });

  it.each([
    [['load', 'nosuch'], /unknown profile 'nosuch'/],
    [['load', 'send', '--rate', '0'], /--rate must be/],
    [['load', 'send', '--slo', 'p99<3'], /--slo: .*unit/],
    [['load', 'send', '--shard', '3/3'], /--shard/],
    [['load', 'send', '--bogus'], /bogus/],
    [['load', 'send', '--workers', '0'], /--workers must be an integer/],
    [['load', 'send-retry-storm', '--workers', '2'], /judges the whole run in one place/],
    [['load', 'capacity', '--profile', 'send'], /--slo/],
    [['load', 'merge'], /result files/],
    [['load', 'k8s', '--profile', 'send', '--shards', '2'], /--image/],
    [['load', 'send', '--start-at', 'soon'], /--start-at must be epoch milliseconds or an ISO 8601 time/],
    [['load', 'send', '--start-at', '2026-11-26T05:00:00'], /--start-at .*offset/],
    [['load', 'capacity', '--profile', 'send', '--slo', 'p99<1s', '--start-at', '1790000000000'], /--start-at applies to mcs load <profile>/],
    [['load', 'merge', 'a.json', '--min-overlap', '1.5'], /--min-overlap/],
    [['load', 'k8s', '--profile', 'send', '--shards', '2', '--image', 'i', '--lead', 'soon'], /--lead must be a number of seconds from 0 to 3600/],
    [['load', 'k8s', '--profile', 'send', '--shards', '2', '--image', 'i', '--lead', '30s', '--start-at', '1790000000000'], /--lead or --start-at, not both/],
    [['load', 'k8s', '--profile', 'send', '--shards', '2', '--image', 'i', '--cpu-request', 'lots'], /--cpu-request must be a Kubernetes quantity/],
    [['load', 'k8s', '--profile', 'send', '--shards', '2', '--image', 'i', '--', '--start-at', '1790000000000'], /--start-at is set per pod by the Job/],
  ])('%j is a usage error with one clear line', async (args, message) => {
    const r = await runMcsHere(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message as RegExp);
    oneLine(r.stderr);
  });

  it('prints help', async () => {
    const r = await runMcsHere(['load', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('mcs load capacity');
    expect(r.stdout).toContain('send-retry-storm');
  });

  it('writes a JSON result and exits 0 when the SLO holds, 1 when it is breached', async () => {
    const out = join(stub.dir, 'ok.json');
    const ok = await runMcs(['load', 'send', '--base-url', stub.api.baseUrl, '--api-key', 'k', '--rate', '50', '--duration', '1', '--slo', 'p99<5s,errors<1%', '--out', out]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/slo p99<5s,errors<1%: pass/);
    const result = JSON.parse(await readFile(out, 'utf8')) as LoadResult;
    expect(result.schema).toBe(RESULT_SCHEMA);
    expect(result.counts.ok).toBe(50);
    expect(result.histogram.length).toBeGreaterThan(0);

    const breached = await runMcs(['load', 'send', '--base-url', stub.api.baseUrl, '--api-key', 'k', '--connections', '2', '--duration', '1', '--slo', 'p50<1us', '--out', join(stub.dir, 'bad.json')]);
    expect(breached.code).toBe(1);
    expect(breached.stdout).toMatch(/FAIL/);
  });

  it('exits 1 when no request succeeded, even without an SLO', async () => {
    const r = await runMcs(['load', 'send', '--base-url', `${stub.api.baseUrl}/missing`, '--api-key', 'k', '--rate', '10', '--duration', '1', '--quiet', '--out', join(stub.dir, 'none.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('no request succeeded');
    expect(r.stdout).toContain('not_found=10');
  });

  it('prints plain progress lines when not on a terminal', async () => {
    const r = await runMcs(['load', 'send', '--base-url', stub.api.baseUrl, '--api-key', 'k', '--rate', '20', '--duration', '2', '--out', join(stub.dir, 'p.json')], { env: { CI: 'true' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^send \ds: \d+ req\/s, p99 [\d.]+ ms, \d+ done, errors 0$/m);
    expect(r.stderr).not.toContain('\r');
  });

  it('writes its result under ./reports/load/ of the folder it runs in, never into the package', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'mcs-load-cwd-'));
    const packageOut = join(repoRoot, 'load', 'out');
    const before = await readdir(packageOut).catch(() => []);
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      execFile(process.execPath, [join(repoRoot, 'cli', 'mcs.js'), 'load', 'send', '--base-url', stub.api.baseUrl, '--api-key', 'k', '--rate', '10', '--duration', '1', '--quiet'], { cwd }, (error, stdout, stderr) => done({ code: error === null ? 0 : (error.code as number | null), stdout, stderr }));
    });
    expect(r.code, r.stderr).toBe(0);
    const written = await readdir(join(cwd, 'reports', 'load'));
    expect(written).toEqual([expect.stringMatching(/^send-.*\.json$/)]);
    expect(await readdir(packageOut).catch(() => [])).toEqual(before);
    expect(defaultOutPath('send', 'json', '/some/dir')).toMatch(/^\/some\/dir\/reports\/load\/send-.*\.json$/);
  }, 300_000); // a bound, not a time: a one-second load run whose start-up a busy machine may stretch to minutes

  it('writes a Kubernetes manifest', async () => {
    const out = join(stub.dir, 'job.yaml');
    const r = await runMcsHere(['load', 'k8s', '--profile', 'send', '--shards', '3', '--image', 'mcs:dev', '--out', out, '--', '--rate', '300']);
    expect(r.code).toBe(0);
    expect(await readFile(out, 'utf8')).toContain('completionMode: Indexed');
    expect(r.stdout).toContain('mcs load merge');
  });
});
