// A curl command that reproduces a request, built from the already-masked request so that it is safe to
// print; the masked credential is the one part the reader replaces.
import { shellQuote as quote } from '../../text/shell.js';

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Headers curl sets itself or that would be wrong to replay. */
const skipped = new Set(['content-length', 'host', 'connection']);

export function toCurl(request: CurlRequest): string {
  const parts = ['curl', '-sS', '-X', request.method, quote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (!skipped.has(name.toLowerCase())) parts.push('-H', quote(`${name}: ${value}`));
  }
  if (request.body !== undefined && request.body !== '') parts.push('--data-raw', quote(request.body));
  return parts.join(' ');
}
