import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/hostile/ports.js';
import { BoundedLog } from './bounded-log.js';
import { ByteBudget } from './byte-budget.js';
import { DeliveryWaitTimeoutError, type WebhookReceiver, type WebhookReceiverOptions, atEndpoint, startWebhookReceiver } from './receiver.js';
import { SIGNATURE_HEADER, verifySignature } from './signature.js';
import { signPayload } from './signer.js';
import { timeLimit } from '../../test/support/pace.js';

const SECRET = 'whsec_receiver_test';
/** A wait for deliveries the test itself posts: the limit of a local request on this machine now. */
const WAIT = { timeoutMs: timeLimit({ requests: 1 }) };
let agent: Agent;
const open: WebhookReceiver[] = [];

beforeAll(() => {
  agent = new Agent({ connections: 8 });
});
afterAll(async () => {
  await agent.close();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

async function receiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver(options);
  open.push(r);
  return r;
}

async function post(url: string, body: string | Buffer, headers: Record<string, string | string[]> = {}): Promise<number> {
  const response = await request(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, dispatcher: agent });
  await response.body.dump();
  return response.statusCode;
}

describe('startWebhookReceiver', () => {
  it('listens on 127.0.0.1 on a free port by default', async () => {
    const r = await receiver();
    expect(r.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('records a delivery with its path, method, lower-case headers, exact bytes and time', async () => {
    const r = await receiver();
    const body = '{ "event" : "message.received",\n "text": "héllo 😀" }\n';
    const before = Date.now();
    const status = await post(`${r.endpoint('hook')}?x=1`, body, { 'X-Service-Event': 'message.received', [SIGNATURE_HEADER]: signPayload(body, SECRET, 1_700_000_000) });
    const delivery = await r.waitFor(() => true, WAIT);
    expect(status).toBe(204);
    expect(delivery).toMatchObject({ seq: 1, path: '/hook?x=1', endpoint: 'hook', method: 'POST' });
    expect(delivery.headers['x-service-event']).toBe('message.received');
    expect(delivery.headers['X-Service-Event']).toBeUndefined();
    expect(delivery.rawBody.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(delivery.receivedAt).toBeGreaterThanOrEqual(before);
    expect(delivery.json()).toEqual({ event: 'message.received', text: 'héllo 😀' });
  });

  it('keeps bytes that a signature can be verified over', async () => {
    const r = await receiver();
    const body = Buffer.from('{"a":1}\r\n', 'utf8');
    await post(r.endpoint('signed'), body, { [SIGNATURE_HEADER]: signPayload(body, SECRET, 1_700_000_000) });
    const delivery = await r.waitFor(() => true, WAIT);
    expect(verifySignature(delivery.rawBody, delivery.headers[SIGNATURE_HEADER], SECRET, { now: 1_700_000_000 })).toEqual({ ok: true, timestamp: 1_700_000_000 });
  });

  it('keeps a header received twice as an array, which the verifier rejects as repeated', async () => {
    const r = await receiver();
    const header = signPayload('{}', SECRET, 1_700_000_000);
    await post(r.endpoint('twice'), '{}', { [SIGNATURE_HEADER]: [header, header] });
    const delivery = await r.waitFor(() => true, WAIT);
    expect(delivery.headers[SIGNATURE_HEADER]).toEqual([header, header]);
    expect(verifySignature(delivery.rawBody, delivery.headers[SIGNATURE_HEADER], SECRET, { now: 1_700_000_000 })).toMatchObject({ ok: false, reason: 'repeated-header' });
  });

  it('json() throws on a body that is not JSON', async () => {
    const r = await receiver();
    await post(r.endpoint('text'), 'not json');
    const delivery = await r.waitFor(() => true, WAIT);
    expect(() => delivery.json()).toThrow(SyntaxError);
  });
});

describe('responses', () => {
  it('answers a fixed status', async () => {
    const r = await receiver({ respondStatus: 200 });
    expect(await post(r.endpoint('fixed'), '{}')).toBe(200);
  });

  it('answers a status chosen per delivery', async () => {
    const r = await receiver({ respondStatus: (d) => (d.endpoint === 'failing' ? 503 : 202) });
    expect(await post(r.endpoint('failing'), '{}')).toBe(503);
    expect(await post(r.endpoint('fine'), '{}')).toBe(202);
    expect(r.deliveries()).toHaveLength(2);
  });

  it('refuses an invalid fixed status at start', async () => {
    await expect(startWebhookReceiver({ respondStatus: 99 })).rejects.toThrow(TypeError);
  });

  it('answers 413 to a body over maxBodyBytes and does not record it', async () => {
    const r = await receiver({ maxBodyBytes: 16 });
    expect(await post(r.endpoint('sized'), 'x'.repeat(17))).toBe(413);
    expect(await post(r.endpoint('sized'), 'x'.repeat(16))).toBe(204);
    expect(r.deliveries().map((d) => d.rawBody.byteLength)).toEqual([16]);
    expect(r.stats()).toMatchObject({ received: 1, tooLarge: 1 });
  });
});

describe('endpoints', () => {
  it('gives each subscription its own URL and matches deliveries by endpoint', async () => {
    const r = await receiver();
    expect(r.endpoint('orders')).toBe(`${r.url}/orders`);
    await post(r.endpoint('orders'), '{"n":1}');
    await post(r.endpoint('alerts'), '{"n":2}');
    await post(r.endpoint('orders'), '{"n":3}');
    const orders = await r.waitForCount(atEndpoint('orders'), 2, WAIT);
    expect(orders.map((d) => d.json())).toEqual([{ n: 1 }, { n: 3 }]);
    expect((await r.waitFor(atEndpoint('alerts'), WAIT)).json()).toEqual({ n: 2 });
  });

  it('has a null endpoint for deliveries to the base URL (when any path is recorded)', async () => {
    const r = await receiver({ anyPath: true });
    await post(r.url, '{}');
    expect((await r.waitFor(() => true, WAIT)).endpoint).toBeNull();
  });

  it('uses publicUrl for url and endpoints', async () => {
    const r = await receiver({ publicUrl: 'https://hooks.example.test/base/' });
    expect(r.url).toBe('https://hooks.example.test/base');
    expect(r.endpoint('a')).toBe('https://hooks.example.test/base/a');
  });

  it('keeps the query of a public URL, joining the endpoint to its path (a tunnel that needs a token)', async () => {
    const r = await receiver({ publicUrl: 'https://hooks.example.test/base/?tok=s3cr3t&x=1' });
    expect(r.url).toBe('https://hooks.example.test/base?tok=s3cr3t&x=1');
    expect(r.endpoint('a')).toBe('https://hooks.example.test/base/a?tok=s3cr3t&x=1');
    const bare = await receiver({ publicUrl: 'https://hooks.example.test/?tok=1' });
    expect(bare.endpoint('b')).toBe('https://hooks.example.test/b?tok=1');
  });

  it('records a delivery to an endpoint whose URL carries a query, the query kept in its path', async () => {
    const port = await freePort();
    const r = await receiver({ port, publicUrl: `http://127.0.0.1:${port}/?tok=abc` });
    expect(await post(r.endpoint('q'), '{}')).toBe(204);
    expect((await r.waitFor(atEndpoint('q'), WAIT)).path).toBe('/q?tok=abc');
  });

  it.each(['', 'a/b', '..', 'a b', 'ü'])('refuses the endpoint name %j', async (name) => {
    const r = await receiver();
    expect(() => r.endpoint(name)).toThrow(TypeError);
  });
});

describe('waiting', () => {
  it('finds a matching delivery that arrived before the wait began', async () => {
    const r = await receiver();
    await post(r.endpoint('early'), '{}');
    expect((await r.waitFor(atEndpoint('early'), WAIT)).endpoint).toBe('early');
  });

  it('waits for a delivery that arrives after the wait began', async () => {
    const r = await receiver();
    const waiting = r.waitFor(atEndpoint('late'), WAIT);
    await post(r.endpoint('other'), '{}');
    await post(r.endpoint('late'), '{"late":true}');
    expect((await waiting).json()).toEqual({ late: true });
  });

  it('rejects after the timeout, naming it and how many deliveries arrived and matched', async () => {
    const r = await receiver();
    await post(r.endpoint('other'), '{}');
    await post(r.endpoint('other'), '{}');
    const error = await r.waitFor(atEndpoint('never'), { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryWaitTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50, wanted: 1, matched: 0, arrived: 2, arrivedDuringWait: 0 });
    expect((error as Error).message).toMatch(/50 ms.*0 matched; 2 arrived in all/);
  });

  it('waitForCount reports a partial match in its timeout', async () => {
    const r = await receiver();
    await post(r.endpoint('some'), '{}');
    await expect(r.waitForCount(atEndpoint('some'), 3, { timeoutMs: 100 })).rejects.toMatchObject({ wanted: 3, matched: 1 });
  });

  it('rejects a wait without a valid timeout', async () => {
    const r = await receiver();
    await expect(r.waitFor(() => true, { timeoutMs: Number.NaN })).rejects.toThrow(TypeError);
  });

  it('rejects pending waits when the receiver closes', async () => {
    const r = await receiver();
    const waiting = r.waitFor(() => true, WAIT);
    await r.close();
    await expect(waiting).rejects.toThrow(/closed/);
  });

  it('rejects the wait whose predicate throws', async () => {
    const r = await receiver();
    const waiting = r.waitFor(() => {
      throw new Error('bad predicate');
    }, WAIT);
    await post(r.endpoint('any'), '{}');
    await expect(waiting).rejects.toThrow('bad predicate');
  });
});

describe('bounded memory', () => {
  it('keeps at most maxDeliveries, dropping the oldest and counting them', async () => {
    const r = await receiver({ maxDeliveries: 3 });
    for (let n = 1; n <= 5; n += 1) await post(r.endpoint('n'), `{"n":${n}}`);
    expect(r.deliveries().map((d) => d.json())).toEqual([{ n: 3 }, { n: 4 }, { n: 5 }]);
    expect(r.stats()).toEqual({ received: 5, kept: 3, dropped: 2, tooLarge: 0, unknownPath: 0, overBudget: 0 });
  });

  it('clear() forgets the kept deliveries but not the counters', async () => {
    const r = await receiver();
    await post(r.endpoint('one'), '{}');
    await r.waitFor(() => true, WAIT);
    r.clear();
    expect(r.deliveries()).toEqual([]);
    expect(r.stats()).toMatchObject({ received: 1, kept: 0 });
  });
});

describe('what anyone may post (issue 33)', () => {
  it('answers 404 to a path no endpoint names, and keeps nothing of it', async () => {
    const r = await receiver();
    r.endpoint('known');
    expect(await post(`${r.url}/unknown`, '{}')).toBe(404);
    expect(await post(r.url, '{}')).toBe(404);
    expect(await post(`${r.url}/`, 'x'.repeat(100_000))).toBe(404);
    expect(await post(r.endpoint('known'), '{}')).toBe(204);
    expect(r.deliveries().map((d) => d.endpoint)).toEqual(['known']);
    expect(r.stats()).toMatchObject({ received: 1, unknownPath: 3 });
  });

  it('holds at most the shared budget across receivers: the oldest of its own go first, then 503', async () => {
    const budget = new ByteBudget(3_000);
    const a = await receiver({ budget, maxBodyBytes: 1_000 });
    const b = await receiver({ budget, maxBodyBytes: 1_000 });
    for (let n = 0; n < 3; n++) expect(await post(a.endpoint('a'), 'a'.repeat(1_000))).toBe(204);
    expect(budget.used).toBe(3_000);
    // b has nothing of its own to drop: refused, nothing kept, the budget unchanged.
    expect(await post(b.endpoint('b'), 'b'.repeat(10))).toBe(503);
    expect(b.stats()).toMatchObject({ received: 0, overBudget: 1 });
    expect(budget.used).toBe(3_000);
    // a makes room by dropping its own oldest.
    expect(await post(a.endpoint('a'), 'c'.repeat(500))).toBe(204);
    expect(a.stats()).toMatchObject({ kept: 3, dropped: 1 });
    expect(budget.used).toBe(2_500);
    await a.close();
    expect(budget.used).toBe(0);
    expect(await post(b.endpoint('b'), 'b'.repeat(10))).toBe(204);
  });

  it('gives back what a refused body had taken (too large, or cut off by the sender)', async () => {
    const budget = new ByteBudget(10_000);
    const r = await receiver({ budget, maxBodyBytes: 1_000 });
    expect(await post(r.endpoint('big'), 'x'.repeat(5_000))).toBe(413);
    expect(budget.used).toBe(0);
  });
});

describe('BoundedLog', () => {
  it('drops the oldest items to stay within the byte budget, but keeps the newest', () => {
    const log = new BoundedLog<string>(100, 10);
    log.push('a', 4);
    log.push('b', 4);
    log.push('c', 4);
    expect(log.toArray()).toEqual(['b', 'c']);
    log.push('huge', 50);
    expect(log.toArray()).toEqual(['huge']);
    expect(log.dropped).toBe(3);
  });

  it('stays correct across many drops and compactions', () => {
    const log = new BoundedLog<number>(1000, Number.MAX_SAFE_INTEGER);
    for (let n = 0; n < 10_000; n += 1) log.push(n, 1);
    expect(log.length).toBe(1000);
    expect(log.toArray()[0]).toBe(9000);
    expect(log.toArray().at(-1)).toBe(9999);
    expect(log.dropped).toBe(9000);
  });
});
