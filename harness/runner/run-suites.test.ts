// The runner end to end on a sample suite: every outcome the check() wrapper produces arrives in the
// CheckResults with its clauses, reason, failure, replay and masked exchanges.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../results/model.js';
import { startSuites } from './run-suites.js';
import { timeLimit } from '../../test/support/pace.js';

let server: Server;
let results: Map<string, CheckResult>;
let planned: { total: number; files: number } | undefined;
const started: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const version = new URL(request.url ?? '/', 'http://x').searchParams.get('version') ?? '1';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: { version } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const run = await startSuites({
    context: {
      target: { baseUrl: url, v4Url: `${url}/v4`, controlUrl: url, timeoutMs: timeLimit({ requests: 1 }), fixtures: { api_keys: { primary: 'api_sampleprimary0123456789' } } },
      control: false,
      seed: 42,
      selection: { only: [], skip: ['sample/excluded'] },
    },
    include: ['harness/runner/sample-suite/*.check.ts'],
    listener: { planned: (total, files) => (planned = { total, files }), checkStarted: (id) => started.push(id) },
  });
  const { checks } = await run.done;
  results = new Map(checks.map((c) => [c.id, c]));
}, timeLimit({ mcsRuns: 1, quietMs: 10_000 })); // a run of the sample suites, as certify runs the suites

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function result(name: string): CheckResult {
  const found = results.get(`sample/${name}`);
  if (!found) throw new Error(`no result for sample/${name}; got ${[...results.keys()].join(', ')}`);
  return found;
}

describe('runner collects check() outcomes', () => {
  it('reports a pass with its clauses, title and a trimmed exchange list', () => {
    expect(result('passes')).toMatchObject({ area: 'sample', outcome: 'passed', clauses: ['sample.clause.one'], title: 'a conforming answer passes' });
    expect(result('passes').exchanges.length).toBeLessThanOrEqual(2);
  });

  it('reports a pass with warnings as outcome warning, each warning once and masked; a later failure still fails', () => {
    expect(result('passes-with-warning')).toMatchObject({ outcome: 'warning', warnings: ['a reading a careful implementer avoids, said with api_sa…(masked)'] });
    expect(result('fails-despite-warning').outcome).toBe('failed');
  });

  it('reports a failure with expected and actual, secrets masked everywhere', () => {
    const failed = result('fails-with-expected-actual');
    expect(failed.outcome).toBe('failed');
    expect(failed.failure).toEqual({ message: 'the answer was wrong for api_sa…(masked)', expected: '200', actual: '418' });
    expect(failed.exchanges).toHaveLength(1);
    expect(JSON.stringify(failed)).not.toContain('api_samplesecret0123456789');
  });

  it('reports missing fixtures and unmet needs as not verifiable with the reason, never passed', () => {
    expect(result('not-verifiable-without-fixture')).toMatchObject({ outcome: 'not-verifiable', reason: expect.stringMatching(/secondary API key/) });
    expect(result('not-verifiable-without-v2')).toMatchObject({ outcome: 'not-verifiable', reason: 'needs the v2 API (no v2 base URL given)' });
  });

  it('reports a check outside --only/--skip as skipped with the reason', () => {
    expect(result('excluded')).toMatchObject({ outcome: 'skipped', reason: 'excluded by --only/--skip' });
  });

  it('fails a check whose responses do not match the spec', () => {
    const failed = result('nonconforming-response');
    expect(failed.outcome).toBe('failed');
    expect(failed.failure?.message).toBe('control GET /: getControlInfo 200: body.data.version must be "1"');
    expect(failed.failedExchange).toBe(0);
  });

  it('names the exchange a failure judged, even when later ones followed', () => {
    const failed = result('fails-on-an-earlier-response');
    expect(failed.exchanges.map((e) => e.request.url)).toEqual([expect.stringContaining('version=judged'), expect.stringContaining('version=later')]);
    expect(failed.failedExchange).toBe(0);
    expect(result('fails-with-expected-actual').failedExchange).toBeUndefined();
  });

  it('reports a suite file that fails to load as an error of its area (the harness could not run it)', () => {
    const broken = [...results.values()].find((c) => c.id.endsWith('broken.check.ts'));
    expect(broken).toMatchObject({ outcome: 'error', area: 'sample-suite', reason: expect.stringMatching(/^harness exception: .*fails while loading/) });
  });

  it('counts the checks before running them, when the listener asks for the total', () => {
    const loaded = [...results.values()].filter((c) => !c.id.endsWith('broken.check.ts'));
    expect(planned).toEqual({ total: loaded.length, files: 2 });
    expect(started).toContain('sample/passes');
  });

  it('records the seed and path that replay a property failure', () => {
    const failed = result('property-fails');
    expect(failed.outcome).toBe('failed');
    expect(failed.failure?.replay?.seed).toBe(42);
    expect(failed.failure?.replay?.path).toMatch(/^\d+(:\d+)*$/);
    expect(failed.failure?.actual).toMatch(/counterexample: \[500\]/);
  });
});
