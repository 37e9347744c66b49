// Where a started container's APIs are reached from this machine. Pure.
import type { TargetUrls } from './types.js';

/** '' or '/api' style: one leading slash, no trailing one. Rejects what cannot be a URL path prefix. */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').trim();
  if (trimmed === '' || trimmed === '/') return '';
  if (/[\s?#]/.test(trimmed) || trimmed.includes('://')) throw new Error(`base path must be a URL path such as /api, not '${trimmed}'`);
  return `/${trimmed.replace(/^\/+|\/+$/g, '')}`;
}

/** Docker names the local engine's host 'localhost'; the suite speaks to loopback by address only. */
export function hostForUrls(host: string): string {
  if (host === 'localhost' || host === '') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '' || host === '::1' || /^127\./.test(host);
}

export function targetUrls(host: string, port: number, basePath: string): TargetUrls {
  const base = `http://${hostForUrls(host)}:${port}${normalizeBasePath(basePath)}`;
  return { base, v4: `${base}/v4`, v2: `${base}/v2`, control: `${base}/__control` };
}
