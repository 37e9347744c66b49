// End to end: `mcs certify` as a user runs it, against the embedded reference and against a separately
// started one, and its one-line refusals (exit 2) for bad input and an unreachable target.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceHandle } from '../../reference/index.js';
import type { RunReport } from '../../results/model.js';
import { exitCodes, judge } from '../../results/verdict.js';
import { timeLimit } from '../support/pace.js';
import { runMcs, type CliRun } from '../support/run-mcs.js';


/** Runs `mcs` (see test/support/run-mcs.ts); `onStdout` sees the output as it comes. */
/** A whole certification of the reference at this machine's pace: the limit of each run below. */
const certificationLimit = timeLimit({ mcsRuns: 1, certifications: 1 });

function mcs(args: string[], timeoutMs = certificationLimit, onStdout?: (text: string, pid: number) => void): Promise<CliRun> {
  return runMcs(args, { timeoutMs, onStdout });
}

async function reportIn(dir: string): Promise<RunReport> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
}

/** The exit code the verdict of the report gives (results/verdict.ts, the one place that decides it). */
function expectedExit(report: RunReport): number {
  return judge(report).exitCode;
}

/** Every credential the harness sent or saw is masked in the report. */
function expectMasked(report: RunReport): void {
  for (const check of report.checks) {
    for (const exchange of check.exchanges) {
      const auth = exchange.request.headers.authorization;
      if (auth !== undefined) expect(auth).toMatch(/^\S+ \S*…\(masked\)$/);
      expect(exchange.curl).not.toMatch(/authorization: \S+ (?![^']*…\(masked\))/);
    }
  }
  expect(JSON.stringify(report)).not.toMatch(/"(api_key|token|signing_secret)":"(?![^"]*…\(masked\))[^"]+"/);
}

/** Checks passed by the full embedded run, for the interrupted run to compare with. */
let fullRunPassed: number | undefined;

describe('mcs certify against the embedded reference', { timeout: certificationLimit }, () => {
  it('runs the suites, writes the JSON report and ends conformant with every clause verified (npm start)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-certify-'));
    const run = await mcs(['certify', '--reports-dir', dir, '--seed', '7']);
    const report = await reportIn(dir);
    fullRunPassed = report.checks.filter((c) => c.outcome === 'passed').length;
    expect(run.code).toBe(expectedExit(report));
    expect(report.target.embedded).toBe(true);
    expect(report.seed).toBe(7);
    expect(report.complete).toBe(true);
    expect(new Set(report.checks.map((c) => c.area))).toEqual(expect.objectContaining(new Set(['auth', 'errors'])));
    for (const check of report.checks) expect(check.clauses.length, check.id).toBeGreaterThan(0);
    expect(report.coverage.length).toBeGreaterThan(0);
    expectMasked(report);
    expect(run.stdout).toMatch(/^area +passed +failed +not verifiable +skipped$/m);
    // The total is known before any check runs; the run ends with the time taken, then the verdict.
    expect(run.stdout).toMatch(new RegExp(`^\\d+:\\d\\d running ${report.checks.length} checks from \\d+ files$`, 'm'));
    expect(run.stdout).toMatch(/^\d+:\d\d \[ *\d+\/\d+ checks done\] suites\/auth\/.*: \d+ passed/m);
    expect(run.stdout).not.toMatch(/^\[\d+\]/m); // no bare "[0]": the count says what it counts
    expect(run.stdout).not.toContain('\x1b[');
    expect(judge(report)).toMatchObject({ verdict: 'conformant', unverified: [] });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/time taken: [\d.]+ (s|min \d\d s)\nverdict: conformant: all \d+ in-scope clause\(s\) verified \(seed 7\)\n$/);
    const certificate = JSON.parse(await readFile(join(dir, 'certificate.json'), 'utf8')) as { status: string; issued: boolean };
    expect(certificate).toMatchObject({ status: 'conformant', issued: true });
  });
});

describe('mcs certify against a separately started target', { timeout: certificationLimit }, () => {
  let reference: ReferenceHandle;
  beforeAll(async () => {
    reference = await startReference({ log: () => undefined });
  });
  afterAll(async () => {
    await reference.close();
  });

  // --verbose and --quiet ride on two of these runs (each run costs the suites' load twice: collect, then run).
  it('takes the URLs as flags and reports the target as not embedded; --verbose says what every check did', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-certify-'));
    const { base, v2, control } = reference.urls;
    const run = await runMcs(['certify', '--base-url', base, '--v2-base-url', v2, '--control-url', control, '--only', 'errors', '--verbose', '--reports-dir', dir], { env: { NO_COLOR: '1' } });
    const report = await reportIn(dir);
    expect(run.code).toBe(expectedExit(report));
    expect(report.target).toEqual({ baseUrl: base, v2BaseUrl: v2, controlUrl: control, embedded: false });
    expect(report.complete).toBe(false);
    expect(report.selection).toEqual({ only: ['errors'], skip: [] });
    const ran = report.checks.filter((c) => c.outcome !== 'skipped');
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.every((c) => c.area === 'errors')).toBe(true);
    const one = ran[0];
    const line = run.stdout.split('\n').find((l) => l.includes(` ${one?.id} (`));
    expect(line).toMatch(new RegExp(`^\\d+:\\d\\d \\[ *\\d+/\\d+ checks done\\] ${one?.outcome} +\\S+ \\([\\d.]+ m?s\\)`));
    expect(run.stdout).toMatch(/^\d+:\d\d collecting the checks$/m);
    expect(run.stdout).not.toContain('\x1b[');
  });

  it('certifies a target without a control API from the fixtures of a config file', async () => {
    // The organization is set up out of band (here through the reference's control API), as a vendor would.
    const created = await fetch(`${reference.urls.control}/organizations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const org = ((await created.json()) as { data: { api_keys: Record<'primary' | 'secondary', { api_key: string }>; app_tokens: { token: string; scopes: string[] }[]; channels: { id: string; kind: string; address: string }[] } }).data;
    const dir = await mkdtemp(join(tmpdir(), 'mcs-certify-'));
    const config = join(dir, 'target.yaml');
    const channels = Object.fromEntries(org.channels.map((c) => [c.kind, { id: c.id, address: c.address }]));
    await writeFile(
      config,
      JSON.stringify({
        base_url: reference.urls.base,
        v2_base_url: reference.urls.v2,
        fixtures: { api_keys: { primary: org.api_keys.primary.api_key, secondary: org.api_keys.secondary.api_key }, app_tokens: org.app_tokens, channels },
      }),
    );
    const run = await mcs(['certify', '--config', config, '--only', 'auth', '--reports-dir', dir]);
    const report = await reportIn(dir);
    expect(run.code).toBe(expectedExit(report));
    expect(report.target.controlUrl).toBeUndefined();
    const scoped = report.checks.filter((c) => c.id.startsWith('auth/api-key-gets-oauth-token-required.') || c.id.startsWith('auth/token-without-scope-is-refused.'));
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.every((c) => c.outcome === 'passed')).toBe(true);
    expectMasked(report);
    expect(JSON.stringify(report)).not.toContain(org.api_keys.primary.api_key);
  });

  it('reports checks needing what the target lacks as not verifiable, never passed, and exits 3 (nothing failed, not all verified); --quiet prints the time and verdict only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-certify-'));
    const run = await runMcs(['certify', '--base-url', reference.urls.base, '--only', 'errors', '--quiet', '--reports-dir', dir], { env: { FORCE_COLOR: '1' } });
    const report = await reportIn(dir);
    expect(run.code).toBe(expectedExit(report));
    expect(run.code, run.stdout).toBe(exitCodes.incomplete);
    expect(stripVTControlCharacters(run.stdout)).toMatch(/^time taken: [\d.]+ (s|min \d\d s)\nverdict: partial run: \d+ of \d+ selected check\(s\) not verified \(seed \d+\)\n$/);
    expect(run.stdout).toContain('\x1b[33mverdict: '); // amber: incomplete, neither a pass nor a failure
    const v2Checks = report.checks.filter((c) => c.area === 'errors' && c.id.includes('.v2.'));
    expect(v2Checks.length).toBeGreaterThan(0);
    for (const check of v2Checks) {
      expect(check.outcome).toBe('not-verifiable');
      expect(check.reason).toMatch(/v2/);
    }
  });
});

describe('mcs certify against a faulty target', { timeout: certificationLimit }, () => {
  let faulty: ReferenceHandle;
  beforeAll(async () => {
    faulty = await startReference({ log: () => undefined, faults: ['auth.401-standard-shape'] });
  });
  afterAll(async () => {
    await faulty.close();
  });

  it('exits 1 when a clause failed, and keeps the console CI-sized: a root cause of many checks lists a few, the unverified clauses of a narrowed run are one line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-certify-'));
    const { base, v2, control } = faulty.urls;
    const run = await mcs(['certify', '--base-url', base, '--v2-base-url', v2, '--control-url', control, '--only', 'auth', '--reports-dir', dir, '--seed', '5'], certificationLimit);
    const report = await reportIn(dir);
    expect(run.code, run.stderr).toBe(exitCodes.failed);
    expect(run.code).toBe(expectedExit(report));
    const failed = report.checks.filter((c) => c.outcome === 'failed').length;
    expect(failed).toBeGreaterThan(10);
    const group = /^ {2}and (\d+) more checks with the same root cause:$/m.exec(run.stdout);
    expect(Number(group?.[1]), run.stdout).toBeGreaterThan(10);
    expect(run.stdout).toMatch(/^ {4}… and \d+ more \(report\.html lists every one; --verbose prints them here\)$/m);
    expect(run.stdout.split('\n').filter((line) => /^ {4}auth\//.test(line)).length).toBeLessThan(20);
    expect(run.stdout).toMatch(/^unverified in-scope clauses: \d+ of \d+ \(a run narrowed by --only\/--skip verifies only what it selects; report\.html lists them\)$/m);
    expect(run.stdout).not.toMatch(/^unverified in-scope clauses \(/m);
    expect(run.stdout.split('\n').length, run.stdout).toBeLessThan(150);
  });
});

describe('mcs certify interrupted', { timeout: certificationLimit }, () => {
  it('stops on Ctrl-C, still writes the report of what it collected, and exits 130', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-certify-'));
    let signalled = false;
    // The header line is printed before the suites start, so the signal always lands mid-run.
    const run = await mcs(['certify', '--reports-dir', dir], certificationLimit, (text, pid) => {
      if (!signalled && text.includes('mcs certify: embedded reference')) {
        signalled = true;
        process.kill(pid, 'SIGINT');
      }
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/interrupted; writing the results collected so far/);
    const report = await reportIn(dir);
    expect(report.complete).toBe(false);
    expect(run.stdout).toMatch(/^run not complete \(interrupted\)$/m);
    expect(report.checks.some((c) => c.outcome === 'not-run' && c.reason === 'interrupted before it finished')).toBe(true);
    // The checks of files the run never started are reported with their clauses: every clause a check cites is
    // passed or not run, none "uncovered" as if no check cited it (the full run leaves none uncovered).
    expect(report.coverage.filter((c) => c.result === 'uncovered').map((c) => c.id)).toEqual([]);
    expect(report.coverage.some((c) => c.result === 'not-run' && c.reason === 'interrupted before it finished')).toBe(true);
    expect(run.stdout).toMatch(/^verdict: incomplete: /m);
    expect(run.stdout).not.toMatch(/verdict: (conformant|pass)/);
    // Stopped early: fewer checks passed than in the full run above (hundreds), or, run alone (npm test's
    // sample draws one test of this file), than the run has checks: every one passes in a full run.
    expect(report.checks.filter((c) => c.outcome === 'passed').length).toBeLessThan(fullRunPassed ?? report.checks.length);
  });
});

// A test runs the command up to seven times, each refused before any check.
describe('mcs certify refusals: exit 2 with one line', { timeout: timeLimit({ mcsRuns: 7 }) }, () => {
  it('refuses an unreachable target', async () => {
    const run = await mcs(['certify', '--base-url', 'http://127.0.0.1:9', '--request-timeout', '2', '--reports-dir', join(tmpdir(), 'mcs-never')]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^mcs certify: base URL unreachable: GET http:\/\/127\.0\.0\.1:9\/v4\/me: connection refused/);
  });

  it('refuses an unknown flag and a bad value, naming them', async () => {
    const unknown = await mcs(['certify', '--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--bogus/);
    const badTimeout = await mcs(['certify', '--base-url', 'http://127.0.0.1:9', '--request-timeout', 'soon']);
    expect(badTimeout.code).toBe(2);
    expect(badTimeout.stderr.trim()).toBe("mcs certify: --request-timeout must be a number of seconds from 0.001 to 600 (fractions allowed; 500ms and 2m too), got 'soon'");
    const badOldTimeout = await mcs(['certify', '--base-url', 'http://127.0.0.1:9', '--timeout', 'soon']);
    expect(badOldTimeout.stderr.trim()).toBe("mcs certify: --timeout must be a positive whole number of milliseconds, got 'soon'");
    const twice = await mcs(['certify', '--request-timeout', '2', '--timeout', '2000']);
    expect([twice.code, twice.stderr.trim()]).toEqual([2, 'mcs certify: --request-timeout and --timeout say one thing twice: give --request-timeout (seconds)']);
    // A negative value is a value (not a flag parseArgs calls ambiguous), refused in one line.
    const negative = await mcs(['certify', '--max-duration', '-5']);
    expect(negative.code).toBe(2);
    expect(negative.stderr.trim()).toBe("mcs certify: --max-duration must be a number of seconds from 0.001 to 86400 (fractions allowed; 500ms and 2m too), got '-5'");
    const typo = await mcs(['certify', '--bse-url', 'http://127.0.0.1:9']);
    expect(typo.code).toBe(2);
    expect(typo.stderr.trim()).toBe("mcs certify: unknown option '--bse-url' (did you mean --base-url?) (try --help)");
    const badSeed = await mcs(['certify', '--seed', '-1']);
    expect(badSeed.code).toBe(2);
    expect(badSeed.stderr).toMatch(/--seed/);
    const both = await mcs(['certify', '--quiet', '--verbose']);
    expect(both.code).toBe(2);
    expect(both.stderr.trim()).toBe('mcs certify: --quiet and --verbose contradict each other: give one');
    const replayWithoutSeed = await mcs(['certify', '--replay-path', '3:1']);
    expect(replayWithoutSeed.code).toBe(2);
    expect(replayWithoutSeed.stderr.trim()).toBe('mcs certify: --replay-path needs the --seed of the run that failed');
  });
});
