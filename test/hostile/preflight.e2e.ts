// Hostile targets the pre-flight must recognize before any check runs: each run exits 2 with one line that
// names what the target did (hang, slow drip, reset, HTML, no v4 where the base URL says, every key refused,
// no control API or a malformed one), writes no report, and shows no secret. Runs take a second or two.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiKey, certify, leaks } from './support.js';
import { hang, html, json, reset, slowDrip, startServer, unauthorized, type HostileServer } from './servers.js';

const bound = 60_000;
const servers: HostileServer[] = [];

async function serve(handler: Parameters<typeof startServer>[0]): Promise<HostileServer> {
  const server = await startServer(handler);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function refused(args: string[]): Promise<string> {
  const run = await certify([...args, '--api-key', apiKey], bound);
  expect(run.code, run.stderr).toBe(2);
  expect(run.report).toBeUndefined();
  expect(leaks(run, [apiKey])).toEqual([]);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0] ?? '';
}

describe('pre-flight against hostile targets (exit 2, one line naming the problem)', { timeout: bound + 10_000 }, () => {
  it('a server that never answers: named a hang', async () => {
    const server = await serve(hang);
    expect(await refused(['--base-url', server.url])).toMatch(/base URL unreachable: GET .*\/v4\/me: hang: no response (headers )?within \d+ ms/);
  });

  it('a server that sends headers and then drips the body: named a slow drip', async () => {
    const server = await serve(slowDrip);
    expect(await refused(['--base-url', server.url])).toMatch(/slow drip: the headers came, then the body did not complete/);
  });

  it('a server that resets every connection: named a reset', async () => {
    const server = await serve(reset);
    expect(await refused(['--base-url', server.url])).toMatch(/connection reset by the server before any answer/);
  });

  it('an HTML page where v4 should be: says where it looked', async () => {
    const server = await serve(html);
    expect(await refused(['--base-url', server.url])).toMatch(new RegExp(`no v4 API at ${server.url}/v4/me: it answered 200 with an HTML page; check --base-url`));
  });

  it('v4 under a shorter path than the base URL given: suggests it', async () => {
    const server = await serve((request, response) => (request.url?.startsWith('/v4/') ? unauthorized(response) : json(response, 404, { error: 'Not Found' })));
    expect(await refused(['--base-url', `${server.url}/api/v1`])).toMatch(new RegExp(`no v4 API at ${server.url}/api/v1/v4/me: it answered 404; try --base-url ${server.url}$`));
  });

  it('v4 served at the root without the /v4 prefix (a mock server): says so', async () => {
    const server = await serve((request, response) => (request.url === '/me' ? unauthorized(response) : json(response, 404, { error: 'Not Found' })));
    expect(await refused(['--base-url', server.url])).toMatch(/without the \/v4 prefix/);
  });

  it('every configured key refused: the key is probably wrong', async () => {
    const server = await serve((_request, response) => unauthorized(response));
    expect(await refused(['--base-url', server.url])).toMatch(/every configured API key was refused with 401 .*: the key is probably wrong/);
  });

  it("a refused key of another organization the config describes: names it", async () => {
    const other = 'api_otherorganization0123456789';
    const server = await serve((request, response) => (request.headers.authorization === `Bearer ${apiKey}` ? json(response, 200, { data: {} }) : unauthorized(response)));
    const dir = await mkdtemp(join(tmpdir(), 'mcs-preflight-'));
    const config = join(dir, 'target.yaml');
    await writeFile(config, `base_url: ${server.url}\nfixtures:\n  other_organizations:\n    - api_key: ${other}\n      active_numbers: false\n`);
    const run = await certify(['--config', config, '--api-key', apiKey], bound);
    expect(run.code, run.stderr).toBe(2);
    expect(leaks(run, [apiKey, other])).toEqual([]);
    expect(run.stderr.trim()).toMatch(/^mcs certify: every key of fixtures\.other_organizations\[0\] was refused with 401 .*: the key is probably wrong \(or for another organization\)$/);
  });

  it('a control URL that is not the control API', async () => {
    const server = await serve((request, response) => (request.url?.startsWith('/v4/') ? unauthorized(response) : json(response, 404, { error: 'Not Found' })));
    expect(await refused(['--base-url', server.url, '--control-url', `${server.url}/__control`])).toMatch(/control URL .*: not the control API/);
  });

  it('a control API answering malformed fixtures (plan: null)', async () => {
    const server = await serve((request, response) => {
      if (request.url?.startsWith('/v4/')) return unauthorized(response);
      if (request.method === 'GET') return json(response, 200, { data: { version: '1' } });
      json(response, 201, { data: { organization_id: 'org_1', api_keys: { primary: { name: 'primary', api_key: apiKey }, secondary: { name: 'secondary', api_key: `${apiKey}2` } }, app_tokens: [], channels: [], plan: null } });
    });
    expect(await refused(['--base-url', server.url, '--control-url', `${server.url}/__control`])).toMatch(/not usable as the control API: control API POST \/organizations answered malformed data: .*plan/);
  });
});
