// Small hostile targets on node:http, each behaving as a half-working sandbox or a misconfigured URL would,
// for the hostile-target tests (test/hostile/*.test.ts) and the memory bench (bench/memory.bench.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface HostileServer {
  url: string;
  /** Every request line received (method and URL as sent), in order. */
  requests: string[];
  /** Every Authorization header received. */
  authorizations: string[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<HostileServer> {
  const requests: string[] = [];
  const authorizations: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.headers.authorization !== undefined) authorizations.push(request.headers.authorization);
    request.resume();
    handler(request, response);
  });
  return { ...(await listenOnLoopback(server)), requests, authorizations };
}

/** A server listening on a free loopback port; `close()` cuts its open connections and waits for it to stop. */
export async function listenOnLoopback(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** GET /v4/me without credentials as the API answers it: 401 with the flat error body. */
export function unauthorized(response: ServerResponse): void {
  json(response, 401, { error: 'Unauthorized', message: 'missing credentials', status: 401 });
}

/** Never answers. */
export const hang: Handler = () => undefined;

/** Headers at once, then one byte every 100 ms, forever. */
export const slowDrip: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  const timer = setInterval(() => response.write(' '), 100);
  response.on('close', () => clearInterval(timer));
};

/** Closes the connection without answering. */
export const reset: Handler = (request) => request.socket.destroy();

export const html: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end('<!doctype html><html><body><h1>Welcome</h1></body></html>');
};

export const invalidJson: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"data": {"id": "ct_1", ');
};

export const serverError: Handler = (_request, response) => json(response, 500, { error: 'Internal Server Error', message: 'boom', status: 500 });

/** A status drawn at random for each request (from a fixed list, seeded), with a JSON error body. */
export function randomStatuses(seed = 7): Handler {
  const statuses = [200, 201, 204, 301, 400, 401, 403, 404, 409, 418, 422, 429, 500, 502, 503];
  let state = seed;
  return (_request, response) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const status = statuses[state % statuses.length] ?? 500;
    if (status === 204) return void response.writeHead(204).end();
    json(response, status, { error: { code: 'random', message: 'random', details: {} } });
  };
}

/**
 * Streams `bytes` of a JSON-looking body to every request, lazily (the client stops reading when it has enough);
 * with `declared` false, without a Content-Length (chunked).
 */
export function giantBody(bytes: number, declared = true): Handler {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': bytes } : {}) });
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const piece = sent + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - sent);
        sent += piece.length;
        if (!response.write(piece)) return void response.once('drain', pump);
      }
      response.end();
    };
    response.on('error', () => undefined);
    pump();
  };
}

/** Redirects every request to `location` + the same path. */
export function redirectTo(location: string): Handler {
  return (request, response) => {
    response.writeHead(307, { location: `${location}${request.url ?? '/'}` });
    response.end();
  };
}

/**
 * A target that passes the pre-flight (GET /v4/me: 401 without a key, 200 with one) and then stops
 * answering anything once `answered` requests were answered.
 */
export function hangAfterProbe(answered: number): Handler {
  let count = 0;
  return (request, response) => {
    if (count++ >= answered) return; // hangs
    if (request.headers.authorization === undefined) return unauthorized(response);
    json(response, 200, { data: { id: 'key_1', name: 'primary' } });
  };
}
