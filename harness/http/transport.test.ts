// The client against hostile local servers: each must end the exchange with a clear transport error
// (or a truncated body) instead of hanging the run.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.js';
import { ExchangeLog, withExchangeLog, type RecordedResponse } from './recorder.js';
import { closeAgents, send, TransportError } from './transport.js';

let server: Server;
let base: string;
const sockets = new Set<Socket>();
const hanging: ServerResponse[] = [];
const resetPaths = new Set<string>();

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/hang') {
      hanging.push(response); // never answers
    } else if (request.url === '/stall-body') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"data": ');
      hanging.push(response); // the body never ends
    } else if (request.url?.startsWith('/reset-once/')) {
      // The first request of each path is reset before any answer, as a server closing an idle connection.
      if (!resetPaths.has(request.url)) {
        resetPaths.add(request.url);
        request.socket.destroy();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"data":"second try"}');
    } else if (request.url === '/declared-huge') {
      // Declares 64 MiB and sends the first 256 KiB, then stalls: reading past the excerpt would hang the test.
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': 64 * 1024 * 1024 });
      response.write(Buffer.alloc(256 * 1024, 'a'));
      hanging.push(response);
    } else if (request.url === '/big') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('x'.repeat(64 * 1024));
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: { api_key: 'api_returned0123456789', echo: request.headers.authorization ?? null } }));
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  for (const socket of sockets) socket.destroy();
  await closeAgents();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function transportError(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TransportError) return error;
    throw error;
  }
  throw new Error('expected a TransportError');
}

describe('a reset before any answer', () => {
  it('is retried once for an idempotent method', async () => {
    const response = await send({ method: 'GET', url: `${base}/reset-once/get` }, { timeoutMs: 2_000 });
    expect(response.text).toBe('{"data":"second try"}');
  });

  it('is retried once for a request with an Idempotency-Key', async () => {
    const response = await send({ method: 'POST', url: `${base}/reset-once/keyed`, headers: { 'Idempotency-Key': 'k-1' }, body: '{}' }, { timeoutMs: 2_000 });
    expect(response.status).toBe(200);
  });

  it('is retried for any request when the caller allows it (the control API)', async () => {
    const response = await send({ method: 'POST', url: `${base}/reset-once/any`, body: '{}' }, { timeoutMs: 2_000, retryOnReset: 'any' });
    expect(response.status).toBe(200);
  });

  it('is reported, not retried, for a request that repeating could apply twice', async () => {
    const error = await transportError(send({ method: 'POST', url: `${base}/reset-once/post`, body: '{}' }, { timeoutMs: 2_000 }));
    expect(error.message).toMatch(/reset|closed/);
  });
});

describe('transport timeouts and bounds', () => {
  it('gives up on a server that never sends headers', async () => {
    const error = await transportError(send({ method: 'GET', url: `${base}/hang` }, { timeoutMs: 200 }));
    expect(error.message).toMatch(/hang: no response headers within 200 ms|total deadline/);
    expect(error.exchange.error).toBeDefined();
    expect(error.exchange.response).toBeUndefined();
  });

  it('gives up on a body that stops half-way', async () => {
    const error = await transportError(send({ method: 'GET', url: `${base}/stall-body` }, { timeoutMs: 200 }));
    expect(error.message).toMatch(/body stalled for 200 ms|total deadline/);
  });

  it('reads at most maxBodyBytes and says the body was truncated', async () => {
    const response = await send({ method: 'GET', url: `${base}/big` }, { timeoutMs: 2_000, maxBodyBytes: 1_000 });
    expect(response.truncated).toBe(true);
    expect(response.text).toHaveLength(1_000);
    expect(response.exchange.response?.body).toMatch(/truncated by the harness/);
  });

  it('cuts a chunked body (no Content-Length) as it streams, and keeps only the evidence excerpt of it (issue 33)', async () => {
    const response = await send({ method: 'GET', url: `${base}/big` }, { timeoutMs: 2_000, maxBodyBytes: 32 * 1024 });
    expect(response.truncated).toBe(true);
    expect(response.text).toHaveLength(4 * 1024);
  });

  it('reads only the evidence excerpt of a body that declares more than maxBodyBytes', async () => {
    const response = await send({ method: 'GET', url: `${base}/declared-huge` }, { timeoutMs: 2_000, maxBodyBytes: 128 * 1024 });
    expect(response.truncated).toBe(true);
    expect(response.text.length).toBeLessThanOrEqual(4 * 1024);
    expect(response.text.length).toBeGreaterThan(0);
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await transportError(send({ method: 'GET', url: `http://127.0.0.1:${port}/` }, { timeoutMs: 1_000 }));
    expect(error.message).toMatch(/connection refused/);
  });
});

describe('recording', () => {
  it('records each exchange of the running check, masked, with a curl reproduction', async () => {
    const log = new ExchangeLog();
    const told: RecordedResponse[] = [];
    log.onResponse = (answer) => void told.push(answer);
    const client = new ApiClient('v4', base, 'api_sentkey0123456789', { timeoutMs: 2_000 });
    const response = await withExchangeLog(log, () => client.post('/echo', { json: { name: 'x' }, query: { limit: 2 } }));
    expect(response.status).toBe(200);
    expect(response.isJson).toBe(true);
    expect(log.exchanges).toHaveLength(1);
    // The observer is told of the answer with the request that caused it (the check's judges read both).
    expect(told).toMatchObject([{ api: 'v4', method: 'POST', path: '/echo', status: 200, request: { json: { name: 'x' }, query: { limit: 2 } } }]);
    const recorded = JSON.stringify(log.exchanges);
    expect(recorded).not.toContain('api_sentkey0123456789');
    expect(recorded).not.toContain('api_returned0123456789');
    expect(log.exchanges[0]?.request.url).toBe(`${base}/echo?limit=2`);
    expect(log.exchanges[0]?.curl).toContain(`-H 'authorization: Bearer api_se…(masked)'`);
  });

  it('records nothing outside a check', async () => {
    const log = new ExchangeLog();
    await new ApiClient('v4', base, undefined, { timeoutMs: 2_000 }).get('/echo');
    expect(log.exchanges).toHaveLength(0);
  });
});
