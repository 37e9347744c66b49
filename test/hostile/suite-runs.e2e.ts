// Hostile targets that pass the pre-flight, so the suites run against them (a few areas, short timeouts):
// a broken target gives `error` outcomes, not failures (robustness checks still fail on what they judge);
// a target that stops answering trips the circuit breaker (exit 2, the rest not run); the run deadline
// leaves the rest not run; redirects are not followed; secrets in URLs and keys appear in no output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../results/model.js';
import { exitCodes } from '../../results/verdict.js';
import { apiKey, certify, leaks, outcomesOf } from './support.js';
import { giantBody, hangAfterProbe, invalidJson, json, randomStatuses, redirectTo, serverError, startServer, type Handler, type HostileServer } from './servers.js';

const bound = 120_000;
/** A few areas and one robustness check: enough to see every outcome, small enough to take seconds. */
const selection = ['--only', 'account,contacts,robustness/invalid-body-is-refused.v4.createContact', '--runs', '1', '--max-duration', '60'];
/** Working answers must not time out on a loaded machine; the breaker test keeps the short default. */
const answering = ['--timeout', '3000'];
const servers: HostileServer[] = [];

async function serve(handler: Handler): Promise<HostileServer> {
  const server = await startServer(handler);
  servers.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

/** No check outside the areas that judge broken answers failed: the target was broken, not judged. */
function failedOutsideRobustness(report: RunReport | undefined): string[] {
  return (report?.checks ?? []).filter((c) => c.outcome === 'failed' && c.area !== 'robustness' && c.area !== 'errors').map((c) => c.id);
}

describe('certify against broken targets that answer', { timeout: bound + 10_000 }, () => {
  for (const [name, handler, reason] of [
    ['500 for everything', serverError, /answered 500 to .*where the check needed a working API/],
    ['invalid JSON for everything', invalidJson, /body that is not JSON.*, where the check needed a working API/],
  ] as const) {
    it(`${name}: errors, not failures; the robustness check still fails; not conformant`, async () => {
      const server = await serve(handler);
      const run = await certify(['--base-url', server.url, '--api-key', apiKey, ...selection, ...answering], bound);
      const judged = run.report?.checks.find((c) => c.id === 'robustness/invalid-body-is-refused.v4.createContact');
      expect(run.code, run.stderr).toBe(judged?.outcome === 'failed' ? exitCodes.failed : exitCodes.incomplete); // 3: only errors, nothing failed
      const counts = outcomesOf(run.report);
      expect(counts.error).toBeGreaterThan(0);
      expect(run.report?.checks.find((c) => c.outcome === 'error')?.reason).toMatch(reason);
      expect(failedOutsideRobustness(run.report)).toEqual([]);
      // The robustness check judges the garbage: a failure (an error only if this busy machine timed it out).
      const robustness = run.report?.checks.find((c) => c.id === 'robustness/invalid-body-is-refused.v4.createContact');
      if (robustness?.outcome === 'error') expect(robustness.reason).toMatch(/hang|no response|reset/);
      else expect(robustness?.outcome).toBe('failed');
      expect(JSON.parse(run.outputs['certificate.json'] ?? '{}')).toMatchObject({ status: 'not-conformant' });
      expect(run.stdout).toMatch(/^error \(\d+\): /m);
      expect(leaks(run, [apiKey])).toEqual([]);
    });
  }

  it('a 50 MB body for every request: read up to the limit, cut evidence, errors; memory and reports bounded', async () => {
    const server = await serve(giantBody(50 * 1024 * 1024));
    const run = await certify(['--base-url', server.url, '--api-key', apiKey, ...selection, ...answering], bound, true);
    expect(run.code, run.stderr).toBe(1);
    expect(run.report?.checks.find((c) => c.outcome === 'error')?.reason).toMatch(/body longer than the harness reads/);
    expect(failedOutsideRobustness(run.report)).toEqual([]);
    const evidence = run.report?.checks.flatMap((c) => c.exchanges).find((e) => e.response?.body !== undefined)?.response?.body ?? '';
    expect(evidence).toMatch(/…\(cut: \d+ more characters\) …\(truncated by the harness\)$/);
    expect(evidence.length).toBeLessThan(8 * 1024);
    expect((run.outputs['report.json'] ?? '').length).toBeLessThan(2 * 1024 * 1024);
    // Where Linux tells: the run's peak resident memory stays far below what buffering the bodies would take
    // (the bench compares it with a run on the reference: `npm run bench memory`).
    if (run.peakRssBytes !== undefined) expect(run.peakRssBytes).toBeLessThan(1.5 * 1024 ** 3);
    expect(leaks(run, [apiKey])).toEqual([]);
  });

  it('random statuses: the run ends with a report, every outcome known', async () => {
    const server = await serve(randomStatuses());
    const run = await certify(['--base-url', server.url, '--api-key', apiKey, ...selection, ...answering], bound);
    expect([1, 2, 3]).toContain(run.code); // a verdict (failed or incomplete) or an unusable target
    if (run.code !== 2) {
      for (const check of run.report?.checks ?? []) expect(['passed', 'failed', 'error', 'not-verifiable', 'not-run', 'skipped']).toContain(check.outcome);
    }
    expect(leaks(run, [apiKey])).toEqual([]);
  });

  it('a redirect to another origin: not followed, nothing sent there', async () => {
    const elsewhere = await serve((_request, response) => json(response, 200, { data: {} }));
    const server = await serve(redirectTo(elsewhere.url));
    const run = await certify(['--base-url', server.url, '--api-key', apiKey, ...selection, ...answering], bound);
    expect(run.code, run.stderr).toBe(1);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(elsewhere.requests).toEqual([]);
    expect(leaks(run, [apiKey])).toEqual([]);
  });
});

describe('credentials in the configured URL', { timeout: bound + 10_000 }, () => {
  let server: HostileServer;
  let run: Awaited<ReturnType<typeof certify>>;
  beforeAll(async () => {
    server = await serve(serverError);
    const withSecrets = server.url.replace('http://', 'http://user:pw-hostile-secret@') + '/?access_token=tok_hostile_query_secret';
    run = await certify(['--base-url', withSecrets, '--api-key', apiKey, ...selection, ...answering], bound);
  }, bound + 10_000);

  it('joins /v4 to the path and sends the query with every request', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(server.requests).toContain('GET /v4/me?access_token=tok_hostile_query_secret');
    expect(server.requests.every((line) => !line.includes('?access_token=tok_hostile_query_secret/'))).toBe(true);
  });

  it('shows the password and the query value in no output (console, every report, curl lines, certificate)', () => {
    expect(Object.keys(run.outputs)).toEqual(expect.arrayContaining(['stdout', 'report.json', 'report.html', 'junit.xml', 'certificate.json']));
    expect(leaks(run, ['pw-hostile-secret', 'tok_hostile_query_secret', apiKey])).toEqual([]);
    expect(run.report?.target.baseUrl).toBe(`${server.url.replace('http://', 'http://***:***@')}/?access_token=***`);
  });
});

describe('bounded runs', { timeout: bound + 10_000 }, () => {
  it('a target that stops answering after the pre-flight trips the circuit breaker: exit 2, one line, the rest not run', async () => {
    const server = await serve(hangAfterProbe(2));
    const run = await certify(['--base-url', server.url, '--api-key', apiKey, ...selection], bound);
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^mcs certify: stopped, target unusable: 6 requests in a row got no answer .*; \d+ check\(s\) not run$/)]);
    const counts = outcomesOf(run.report);
    expect(counts['not-run']).toBeGreaterThan(0);
    expect(counts.passed ?? 0).toBe(0);
    expect(run.report?.checks.find((c) => c.outcome === 'not-run')?.reason).toMatch(/^not run \(target unusable\): /);
    expect(run.report?.complete).toBe(false);
    expect(leaks(run, [apiKey])).toEqual([]);
  });

  it('the run deadline leaves the rest not run and writes the partial report', async () => {
    const slow = await serve((request, response) => setTimeout(() => serverError(request, response), 150));
    const run = await certify(['--base-url', slow.url, '--api-key', apiKey, '--only', 'account,contacts', '--max-duration', '3', ...answering], bound);
    // Not conformant where a check that ran within the deadline failed on its 500s, else incomplete: never conformant.
    expect([1, 3], run.stderr).toContain(run.code);
    expect(run.stderr).toMatch(/run deadline reached \(--max-duration 3 s\)/);
    expect(run.report?.checks.find((c) => c.outcome === 'not-run')?.reason).toBe('not run: run deadline reached (--max-duration 3 s)');
    expect(run.report?.complete).toBe(false);
  });
});
