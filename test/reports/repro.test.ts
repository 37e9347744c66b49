// The replay script of a multi-step failure, run for real: /bin/sh with curl and jq against a small server
// that hands out fresh ids. The ids of the recorded run must be replaced by the ids this replay gets back,
// and the masked credential by the variable the reader sets.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../results/model.js';
import { failingExchangeIndex } from '../../results/failing-exchange.js';
import { reproScript } from '../../reports/repro.js';
import { timeLimit } from '../support/pace.js';
import { multiStep } from './ui-sample.js';

const run = promisify(execFile);
let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; auth: string; body: string }> = [];
let next = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', auth: request.headers.authorization ?? '', body });
      response.writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      const id = `ct_fresh${++next}`;
      if (request.url === '/control/organizations') return response.end(JSON.stringify({ data: { organization_id: `org_fresh${next}`, api_keys: { primary: { api_key: `api_freshkey${next}000000` } } } }));
      response.end(request.url === '/v4/contacts' ? JSON.stringify({ data: { id, name: 'Ada' } }) : JSON.stringify({ data: { id: `chat_new${next}`, contact_id: 'x' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function exchange(method: string, path: string, body: string | undefined, answer: string, authorization = 'Bearer api_Zx…(masked)'): Exchange {
  return { request: { method, url: `${base}${path}`, headers: { authorization, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body }) }, response: { status: 200, headers: {}, body: answer }, durationMs: 1, curl: '' };
}

/** A replay script: a shell, curl and node for each of a few steps. */
const replayWork = { nodeRuns: 4 };

describe('reproScript', { timeout: timeLimit(replayWork) }, () => {
  it('replays every step, carrying the ids each answer returned into the later requests', async () => {
    const recorded = [
      exchange('POST', '/v4/contacts', '{"name":"Ada"}', '{"data":{"id":"ct_old1","name":"Ada"}}'),
      exchange('POST', '/v4/chats', '{"contact_id":"ct_old1","text":"it\'s here"}', '{"data":{"id":"chat_old2"}}'),
      exchange('GET', '/v4/chats/chat_old2?contact=ct_old1', undefined, '{"data":{}}', 'Bearer tok_Qw…(masked)'),
    ];
    const script = reproScript(recorded, { title: 'contacts/x: a multi-step check', failing: 2 });
    expect(script).not.toContain('ct_old1"');
    const { stdout } = await run('/bin/sh', ['-c', script], { env: { ...process.env, MCS_API_KEY: 'api_real', MCS_TOKEN: 'tok_real' }, timeout: timeLimit(replayWork) });
    expect(stdout).toContain('ct_fresh1');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /v4/contacts', 'POST /v4/chats', 'GET /v4/chats/chat_new2?contact=ct_fresh1']);
    expect(JSON.parse(seen[1]!.body)).toEqual({ contact_id: 'ct_fresh1', text: "it's here" });
    expect(seen.map((s) => s.auth)).toEqual(['Bearer api_real', 'Bearer api_real', 'Bearer tok_real']);
  });

  it("carries a key an answer returned (an organization the check made) rather than asking for the run's, and prints each status beside the run's", async () => {
    const recorded = [
      exchange('POST', '/control/organizations', '{}', '{"data":{"organization_id":"org_old","api_keys":{"primary":{"api_key":"api_nF…(masked)"}}}}', ''),
      exchange('GET', '/v4/me', undefined, '{"data":{}}', 'Bearer api_nF…(masked)'),
    ];
    const script = reproScript(recorded, { title: 'numbers/x: makes an organization, then uses its key', failing: 1, controlUrl: `${base}/control` });
    expect(script).not.toContain(':?set MCS_API_KEY');
    const env = { ...process.env };
    delete env.MCS_API_KEY;
    seen.length = 0;
    const { stdout } = await run('/bin/sh', ['-c', script], { env, timeout: timeLimit(replayWork) });
    expect(seen.map((s) => s.auth)).toEqual(['', expect.stringMatching(/^Bearer api_freshkey\d+000000$/)]);
    expect(stdout).toContain('# step 1 answered 201 (the run saw 200)');
    expect(stdout).toContain('# step 2 answered 200 (the run saw 200; the request that failed the check)');
  });

  it('refuses to run until the reader sets the credentials', async () => {
    const script = reproScript([exchange('GET', '/v4/me', undefined, '{}')], { title: 't' });
    const env = { ...process.env };
    delete env.MCS_API_KEY;
    await expect(run('/bin/sh', ['-c', script], { env, timeout: timeLimit(replayWork) })).rejects.toMatchObject({ stderr: expect.stringContaining('set MCS_API_KEY') });
  });

  it('marks the failing step, and names the control API', () => {
    const script = reproScript(multiStep.exchanges, { title: multiStep.id, failing: 2, controlUrl: 'http://127.0.0.1:41234/control' });
    expect(script).toMatch(/# 3\. GET \/v4\/contacts\/ct_9f3k2m: answered 200 {2}<- the request that failed the check/);
    // What came after the failing request is left out; without a failing step every step is replayed.
    expect(script).toContain('up to the one that failed it (the 1 after it are left out)');
    expect(script).not.toContain('# 4. ');
    expect(reproScript(multiStep.exchanges, { title: multiStep.id, controlUrl: 'http://127.0.0.1:41234/control' })).toContain('# 4. GET /control/organizations/org_1/events (control API)');
    expect(script).toContain(`'http://127.0.0.1:41234/v4/contacts/'"$MCS_V1_DATA_ID_URI"`);
    expect(script).not.toContain('…(masked)\'');
  });
});

describe('failingExchangeIndex', () => {
  it('takes the recorded index, else the last exchange not to the control API, else the last', () => {
    expect(failingExchangeIndex(multiStep)).toBe(2);
    const { failedExchange: _i, ...unindexed } = multiStep;
    expect(failingExchangeIndex(unindexed, 'http://127.0.0.1:41234/control')).toBe(2);
    expect(failingExchangeIndex(unindexed)).toBe(3);
    expect(failingExchangeIndex({ ...multiStep, failedExchange: 99 }, 'http://127.0.0.1:41234/control')).toBe(2);
    expect(failingExchangeIndex({ exchanges: [] })).toBeUndefined();
  });
});
