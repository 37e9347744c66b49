// Helpers for MESSAGING's own tests (reference/{messaging,events,v2}/*.test.ts): a started reference with
// one organization from the control API, a JSON client, and a loopback webhook receiver.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startReference, type ReferenceHandle, type ReferenceOptions } from '../index.js';

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  headers: Headers;
}

export interface Fixture {
  ref: ReferenceHandle;
  orgId: string;
  primary: string;
  secondary: string;
  channels: Record<string, { id: string; address: string; kind: string; type: string }>;
  /** A request to the v4 API with the primary key (or `key`). */
  v4(method: string, path: string, body?: unknown, headers?: Record<string, string>, key?: string): Promise<Answer>;
  v2(method: string, path: string, body?: unknown, headers?: Record<string, string>, key?: string): Promise<Answer>;
  control(method: string, path: string, body?: unknown): Promise<Answer>;
  close(): Promise<void>;
}

export async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
}

export async function fixture(options: ReferenceOptions = {}, org: Record<string, unknown> = {}): Promise<Fixture> {
  const ref = await startReference({ log: () => {}, ...options });
  const created = await call('POST', `${ref.urls.control}/organizations`, org);
  if (created.status !== 201) throw new Error(`control: organization not created (${created.status})`);
  const data = created.body.data;
  const channels: Fixture['channels'] = {};
  for (const c of data.channels as Array<{ id: string; address: string; kind: string; type: string }>) channels[c.kind] = c;
  const primary = data.api_keys.primary.api_key as string;
  const bearer = (key: string | undefined) => ({ authorization: `Bearer ${key ?? primary}` });
  const orgId = data.organization_id as string;
  return {
    ref,
    orgId,
    primary,
    secondary: data.api_keys.secondary.api_key,
    channels,
    v4: (method, path, body, headers = {}, key) => call(method, `${ref.urls.v4}${path}`, body, { ...bearer(key), ...headers }),
    v2: (method, path, body, headers = {}, key) => call(method, `${ref.urls.v2}${path}`, body, { ...bearer(key), ...headers }),
    control: (method, path, body) => call(method, `${ref.urls.control}/organizations/${orgId}${path}`, body),
    close: () => ref.close(),
  };
}

export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Status to answer for the n-th request (0-based); default 200. */
  answer: (n: number) => number;
  /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function receiver(answer: (n: number) => number = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: Array<() => boolean> = [];
  const state: Receiver = {
    url: '',
    received,
    answer,
    waitFor(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            resolve(received);
            return true;
          }
          return false;
        };
        const timer = setTimeout(() => reject(new Error(`receiver: ${received.length} of ${count} deliveries within ${timeoutMs} ms`)), timeoutMs);
        if (!check()) waiters.push(check);
      });
    },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const n = received.length;
      received.push({ headers: req.headers, raw, body });
      res.writeHead(state.answer(n)).end();
      for (const wake of waiters.splice(0)) if (!wake()) waiters.push(wake);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return state;
}
