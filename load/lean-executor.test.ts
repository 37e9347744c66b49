// The generator's own HTTP/1.1 client against servers that answer in every framing HTTP allows, and against
// ones that misbehave: each request must end in exactly one outcome that says what happened.
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { headersOf, leanExecutor } from './lean-executor.js';
import type { Outcome } from './recorder.js';
import type { LoadResponse } from './types.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listening(server: Server): Promise<URL> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

const httpServer = (listener: RequestListener): Promise<URL> => {
  const server = createHttpServer(listener);
  server.keepAliveTimeout = 100;
  return listening(server);
};
/** A server that writes raw bytes: for framings node:http would not produce. */
const rawServer = (onRequest: (socket: Socket) => void): Promise<URL> => listening(createNetServer((socket) => socket.once('data', () => onRequest(socket))));

/** Sends `count` requests (`connections` pooled) and answers their outcomes and what the judge saw. */
async function send(origin: URL, count: number, options: { connections?: number; timeoutMs?: number; signal?: AbortSignal; lane?: number } = {}) {
  const seen: LoadResponse[] = [];
  const executor = leanExecutor(origin, { connections: options.connections ?? 2, timeoutMs: options.timeoutMs ?? 2_000, prefix: '/v4', headers: { authorization: 'Bearer k' } }, {
    request: (k) => ({ method: 'POST', path: '/messages', headers: { 'idempotency-key': `key-${k}` }, body: JSON.stringify({ k, text: 'héllo' }) }),
    judge: (_k, response) => {
      seen.push(response);
      return { kind: 'ok', status: response.status };
    },
  });
  const signal = options.signal ?? new AbortController().signal;
  try {
    const outcomes: Outcome[] = await Promise.all(Array.from({ length: count }, (_, k) => executor.execute(k, signal, options.lane)));
    return { outcomes, seen };
  } finally {
    await executor.close();
  }
}

describe('the load generator\'s HTTP client', () => {
  it('sends method, prefixed path, host, headers and a byte-exact body, and reuses its connections', async () => {
    const requests: Array<{ url: string; headers: Record<string, unknown>; body: string; socket: unknown }> = [];
    const origin = await httpServer((request, response) => {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => {
        requests.push({ url: request.url ?? '', headers: request.headers, body, socket: request.socket });
        response.writeHead(201, { 'content-type': 'application/json', 'x-twice': ['a', 'b'] }).end('{"id":"msg_1"}');
      });
    });
    const { outcomes, seen } = await send(origin, 10, { connections: 2 });
    expect(outcomes).toEqual(Array.from({ length: 10 }, () => ({ kind: 'ok', status: 201 })));
    expect(requests[0]).toMatchObject({ url: '/v4/messages', headers: { host: origin.host, authorization: 'Bearer k', 'content-length': String(Buffer.byteLength(JSON.stringify({ k: 0, text: 'héllo' }))) } });
    expect(requests.map((r) => JSON.parse(r.body).k).sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
    expect(new Set(requests.map((r) => r.socket)).size).toBeLessThanOrEqual(2);
    expect(seen[0]?.body).toBe('{"id":"msg_1"}');
    expect(seen[0]?.headers['x-twice']).toEqual(['a', 'b']);
  });

  it('reads chunked bodies, bodies ended by the connection\'s close, and answers that close the connection', async () => {
    const chunked = await httpServer((_request, response) => {
      response.writeHead(200);
      response.write('{"id":');
      setTimeout(() => response.end('"msg_2"}'), 5);
    });
    expect((await send(chunked, 3)).seen.map((r) => r.body)).toEqual(Array(3).fill('{"id":"msg_2"}'));
    const untilClose = await rawServer((socket) => socket.end('HTTP/1.1 200 OK\r\nconnection: close\r\n\r\n{"id":"msg_3"}'));
    const closing = await send(untilClose, 4, { connections: 1 });
    expect(closing.outcomes).toEqual(Array(4).fill({ kind: 'ok', status: 200 }));
    expect(closing.seen.map((r) => r.body)).toEqual(Array(4).fill('{"id":"msg_3"}'));
  });

  it('ends a request the server never answers in a timeout, and one it cuts off in a connection error', async () => {
    const silent = await rawServer(() => undefined);
    expect((await send(silent, 2, { timeoutMs: 50 })).outcomes).toEqual([{ kind: 'timeout' }, { kind: 'timeout' }]);
    const reset = await rawServer((socket) => socket.resetAndDestroy());
    const outcomes = (await send(reset, 2)).outcomes;
    expect(outcomes.map((o) => o.kind)).toEqual(['connection-error', 'connection-error']);
    const garbage = await rawServer((socket) => socket.write('this is not HTTP\r\n\r\n'));
    expect((await send(garbage, 1)).outcomes.map((o) => o.kind)).toEqual(['connection-error']);
  });

  it('ends every request in flight or waiting for a connection at the run\'s cut', async () => {
    const silent = await rawServer(() => undefined);
    const run = new AbortController();
    const pending = send(silent, 5, { connections: 2, timeoutMs: 60_000, signal: run.signal });
    setTimeout(() => run.abort(), 50);
    expect((await pending).outcomes).toEqual(Array(5).fill({ kind: 'timeout' }));
  });

  it('keeps each closed-model lane on a connection of its own', async () => {
    const socketOf: Array<{ lane: string; socket: unknown }> = [];
    const origin = await httpServer((request, response) => {
      socketOf.push({ lane: String(request.headers['x-lane']), socket: request.socket });
      request.resume().on('end', () => response.writeHead(201).end('{}'));
    });
    const executor = leanExecutor(origin, { connections: 1, timeoutMs: 2_000, prefix: '', headers: {} }, {
      request: (k) => ({ method: 'GET', path: '/', headers: { 'x-lane': String(k % 2) } }),
      judge: (_k, response) => ({ kind: 'ok', status: response.status }),
    });
    const signal = new AbortController().signal;
    try {
      for (let k = 0; k < 6; k += 2) await Promise.all([executor.execute(k, signal, 0), executor.execute(k + 1, signal, 1)]);
    } finally {
      await executor.close();
    }
    const lanes = ['0', '1'].map((lane) => new Set(socketOf.filter((s) => s.lane === lane).map((s) => s.socket)));
    expect(lanes.map((l) => l.size)).toEqual([1, 1]);
    expect([...(lanes[0] as Set<unknown>)][0]).not.toBe([...(lanes[1] as Set<unknown>)][0]);
  });

  it('reads raw headers as strings (this client) or Buffers (undici, for https) alike', () => {
    const raw = ['Content-Type', 'application/json', 'X-Twice', 'a', 'x-twice', 'b'];
    const expected = { 'content-type': 'application/json', 'x-twice': ['a', 'b'] };
    expect(headersOf(raw)).toEqual(expected);
    expect(headersOf(raw.map((part) => Buffer.from(part, 'latin1')))).toEqual(expected);
  });
});
