// A path-prefix front for the Prism proxies. Prism matches request paths against the spec's `paths` without
// the servers' `/v4` or `/v2` prefix, so this front strips the prefix and forwards to the Prism of that API;
// everything else (the control API) goes straight to the reference. It keeps every `sl-violations` header
// Prism returns, with the request that drew it.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Violation {
  location: string[];
  severity: string;
  message: string;
}

export interface MarkedExchange {
  method: string;
  path: string;
  status: number;
  violations: Violation[];
}

export interface Front {
  base: string;
  /** Exchanges forwarded by a prefixed route (to a Prism, not the control API), answered or not. */
  readonly forwarded: number;
  marked: MarkedExchange[];
  close(): Promise<void>;
}

/** Where a request goes: the first route whose prefix matches, with the prefix removed. */
export interface Route {
  prefix: string;
  upstream: string;
}

export function parseViolations(header: string | string[] | undefined): Violation[] {
  if (header === undefined) return [];
  const text = Array.isArray(header) ? header.join(',') : header;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as Violation[]) : [];
  } catch {
    return [{ location: ['unknown'], severity: 'Error', message: `unparsable sl-violations header: ${text}` }];
  }
}

/** The first route whose prefix matches (an empty prefix matches everything), with the prefix removed. */
export function route(routes: readonly Route[], path: string): { route: Route; path: string } | undefined {
  for (const r of routes) {
    if (r.prefix === '') return { route: r, path };
    if (path === r.prefix || path.startsWith(`${r.prefix}/`) || path.startsWith(`${r.prefix}?`)) {
      const rest = path.slice(r.prefix.length);
      return { route: r, path: rest === '' || rest.startsWith('?') ? `/${rest}` : rest };
    }
  }
  return undefined;
}

// Hop-by-hop headers belong to one connection and are not forwarded (RFC 9110, section 7.6.1).
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));
}

export async function startFront(routes: readonly Route[]): Promise<Front> {
  const marked: MarkedExchange[] = [];
  let forwarded = 0;
  const server: Server = createServer((req, res) => {
    const target = route(routes, req.url ?? '/');
    if (!target) {
      res.writeHead(502).end();
      return;
    }
    const upstream = new URL(target.route.upstream);
    if (target.route.prefix !== '') forwarded += 1;
    const headers: IncomingHttpHeaders = { ...endToEnd(req.headers), host: upstream.host };
    const forward = httpRequest(
      // agent: false — one connection per request, so no reuse race with Prism's idle-connection timeout.
      { agent: false, host: upstream.hostname, port: upstream.port, method: req.method, path: `${upstream.pathname.replace(/\/$/, '')}${target.path}`, headers },
      (answer) => {
        const violations = parseViolations(answer.headers['sl-violations']);
        if (violations.length > 0) marked.push({ method: req.method ?? '', path: req.url ?? '', status: answer.statusCode ?? 0, violations });
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.headersSent ? res.destroy() : res.writeHead(502).end());
    req.pipe(forward);
  });
  // Idle client connections are closed by the client (undici: 4 s), never under a request it is sending.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    get forwarded() {
      return forwarded;
    },
    marked,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The violations Prism found in responses (request violations are expected: the suites send bad input). */
export function responseViolations(marked: readonly MarkedExchange[]): MarkedExchange[] {
  return marked
    .map((m) => ({ ...m, violations: m.violations.filter((v) => v.location[0] === 'response') }))
    .filter((m) => m.violations.length > 0);
}
