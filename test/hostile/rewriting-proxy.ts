// A hostile target in front of a working one: every request is forwarded to `upstream` (the embedded
// reference) and its answer passed back, each rewritten on the way as the test asks (ids a shell or a URL
// must be careful with, error codes full of escape sequences). What the proxy saw of the run's credentials is
// kept, so a test can give a replay script the keys the run used.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback } from './servers.js';

export interface Rewrites {
  /** The request as the upstream should get it (path with its query, body text). */
  request?: (path: string, body: string) => { path: string; body: string };
  /** The answer as the client should get it: its body, or its status and body. */
  response?: (request: { method: string; path: string }, status: number, body: string) => string | { status: number; body: string };
}

export interface RewritingProxy {
  url: string;
  /** Every bearer credential a request carried. */
  bearers: Set<string>;
  close(): Promise<void>;
}

const hopByHop = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined && !hopByHop.has(entry[0])));
}

export async function rewritingProxy(upstream: string, rewrites: Rewrites): Promise<RewritingProxy> {
  const target = new URL(upstream);
  const bearers = new Set<string>();
  const server = createServer((request, response) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) bearers.add(bearer);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const sent = rewrites.request?.(request.url ?? '/', Buffer.concat(chunks).toString('utf8')) ?? { path: request.url ?? '/', body: Buffer.concat(chunks).toString('utf8') };
      const headers = { ...forwardable(request.headers), ...(sent.body === '' ? {} : { 'content-length': String(Buffer.byteLength(sent.body)) }) };
      const forwarded = httpRequest({ host: target.hostname, port: target.port, method: request.method, path: `${target.pathname.replace(/\/$/, '')}${sent.path}`, headers }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => {
          const raw = { status: answer.statusCode ?? 502, body: Buffer.concat(parts).toString('utf8') };
          const given = /json/.test(answer.headers['content-type'] ?? '') ? (rewrites.response?.({ method: request.method ?? 'GET', path: request.url ?? '/' }, raw.status, raw.body) ?? raw) : raw;
          const { status, body } = typeof given === 'string' ? { status: raw.status, body: given } : given;
          response.writeHead(status, { ...forwardable(answer.headers), 'content-length': String(Buffer.byteLength(body)) });
          response.end(body);
        });
      });
      forwarded.on('error', () => response.destroy());
      forwarded.end(sent.body);
    });
  });
  return { ...(await listenOnLoopback(server)), bearers };
}

/** A JSON value with every string passed through `map`, and then every object through `object`. */
export function mapJson(value: unknown, map: (text: string) => string, object: (record: Record<string, unknown>) => Record<string, unknown> = (r) => r): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapJson(item, map, object));
  if (value !== null && typeof value === 'object') return object(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapJson(v, map, object)])));
  return value;
}
