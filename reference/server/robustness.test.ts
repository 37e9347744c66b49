// The pipeline never crashes: unexpected exceptions answer 500 in the layer's shape and the server goes on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type Org } from '../test-helpers.js';

let h: Harness;
let org: Org;
const logged: string[] = [];

beforeAll(async () => {
  h = await startHarness({ log: (line) => logged.push(line) });
  org = await h.newOrg();
  h.ref.app.route('GET', '/v4/__boom', () => {
    throw new Error(`exploded with ${org.primary}`);
  }, { auth: 'either', version: 'v4' });
  h.ref.app.route('GET', '/v2/__boom', async () => Promise.reject(new TypeError('bad')), { auth: 'either', version: 'v2' });
  h.ref.app.route('GET', '/v4/__bad-header', () => ({ status: 200, body: {}, headers: { 'x-broken': 'line\nbreak' } }), { auth: 'either', version: 'v4' });
});
afterAll(() => h.close());

describe('robustness', () => {
  it('answers 500 in the v4 standard shape and logs one masked line', async () => {
    const answer = await h.call('GET', '/v4/__boom', { token: org.primary });
    expect(answer.status).toBe(500);
    expect(answer.body.error.code).toBe('internal_error');
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain(org.primary);
  });

  it('answers 500 in the flat shape on v2', async () => {
    const answer = await h.call('GET', '/v2/__boom', { token: org.primary });
    expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String), status: 500 });
  });

  it('answers 500 when a reply cannot be written, and answers the requests written beside it', async () => {
    logged.length = 0;
    const [broken, ...others] = await Promise.all([
      h.call('GET', '/v4/__bad-header', { token: org.primary }),
      ...Array.from({ length: 5 }, () => h.call('GET', '/v4/me', { token: org.primary })),
    ]);
    expect(broken!.status).toBe(500);
    expect(others.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(logged).toEqual([expect.stringContaining('failed to write a 200 answer')]);
  });

  it('keeps serving after failures and aborted uploads', async () => {
    const controller = new AbortController();
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"name":'));
        setTimeout(() => controller.abort(), 20);
      },
    });
    await fetch(`${h.ref.urls.v4}/contacts`, {
      method: 'POST', body: stream, signal: controller.signal, duplex: 'half',
      headers: { authorization: `Bearer ${org.primary}`, 'content-type': 'application/json' },
    } as RequestInit).catch(() => undefined);
    expect((await h.call('GET', '/v4/me', { token: org.primary })).status).toBe(200);
  });
});
