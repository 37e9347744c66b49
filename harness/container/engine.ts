// Is a Docker engine reachable? Asked of the engine's /_ping, with a bound, before anything is started,
// so that a machine without one gets a clear one-line reason instead of testcontainers' generic error.
import { request } from 'node:http';
import { firstLine } from './errors.js';
import type { EngineStatus } from './types.js';

export type EngineEndpoint =
  | { kind: 'socket'; socketPath: string; label: string }
  | { kind: 'tcp'; host: string; port: number; label: string }
  | { kind: 'other'; label: string };

const DEFAULT_SOCKET = '/var/run/docker.sock';

/** Where the engine is, read the way the docker CLI and testcontainers read it. Pure. */
export function engineEndpoint(env: NodeJS.ProcessEnv): EngineEndpoint {
  const dockerHost = env.DOCKER_HOST?.trim() || `unix://${DEFAULT_SOCKET}`;
  if (dockerHost.startsWith('unix://')) {
    const socketPath = dockerHost.slice('unix://'.length);
    return { kind: 'socket', socketPath, label: socketPath };
  }
  const tcp = /^tcp:\/\/(\[[^\]]+\]|[^:/]+)(?::(\d+))?\/?$/.exec(dockerHost);
  if (tcp && !env.DOCKER_TLS_VERIFY) {
    const host = (tcp[1] ?? '').replace(/^\[|\]$/g, '');
    return { kind: 'tcp', host, port: Number(tcp[2] ?? 2375), label: dockerHost };
  }
  return { kind: 'other', label: dockerHost };
}

export interface EngineCheckOptions {
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

export async function dockerAvailable(options: EngineCheckOptions = {}): Promise<EngineStatus> {
  const endpoint = engineEndpoint(options.env ?? process.env);
  if (endpoint.kind === 'other') return pingThroughTestcontainers(endpoint.label, options.timeoutMs ?? 5_000);
  return ping(endpoint, options.timeoutMs ?? 3_000);
}

function ping(endpoint: Exclude<EngineEndpoint, { kind: 'other' }>, timeoutMs: number): Promise<EngineStatus> {
  const where = `no Docker engine reachable at ${endpoint.label}`;
  return new Promise((resolve) => {
    const target = endpoint.kind === 'socket' ? { socketPath: endpoint.socketPath } : { host: endpoint.host, port: endpoint.port };
    const req = request({ ...target, path: '/_ping', method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? { ok: true } : { ok: false, reason: `${where} (/_ping answered HTTP ${res.statusCode})` }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ ok: false, reason: `${where} (${describeError(error, timeoutMs)})` }));
    req.end();
  });
}

function describeError(error: NodeJS.ErrnoException, timeoutMs: number): string {
  switch (error.code) {
    case 'ENOENT':
      return 'no such socket';
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'EACCES':
      return 'permission denied';
    case 'ETIMEDOUT':
      return `no answer within ${timeoutMs} ms`;
    default:
      return error.code ?? firstLine(error);
  }
}

/** TLS and other transports: left to testcontainers, which knows them, under the same time bound. */
async function pingThroughTestcontainers(label: string, timeoutMs: number): Promise<EngineStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<EngineStatus>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: `no Docker engine reachable at ${label} (no answer within ${timeoutMs} ms)` }), timeoutMs);
  });
  const attempt = import('testcontainers')
    .then(async ({ getContainerRuntimeClient }) => {
      await getContainerRuntimeClient();
      return { ok: true } as const;
    })
    .catch((error: unknown) => ({ ok: false, reason: `no Docker engine reachable at ${label} (${firstLine(error)})` }) as const);
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
