// A last net before anything is written: the harness masks secrets when it records an exchange, but a
// report is handed to third parties, so a credential that reached the report unmasked (a runner bug, a
// hand-edited report.json) is masked here too. Masked values carry the harness's `(masked)` marker.
import { MASK_MARK, maskAuthorization } from '../results/mask.js';
import type { Exchange } from '../results/model.js';

function guardAuthorization(value: string): string {
  return value.includes(MASK_MARK) ? value : maskAuthorization(value);
}

/** Header names are the target's: the copy has no prototype, so a header named `__proto__` is kept like any other. */
function guardHeaders(headers: Record<string, string>): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) {
    out[name] = name.toLowerCase() === 'authorization' && typeof value === 'string' ? guardAuthorization(value) : value;
  }
  return out;
}

/** `-H 'Authorization: Bearer X'` in a curl line, whatever the quoting. */
const curlAuthorization = /(['"]?)(authorization:\s*)([^'"\n]+)\1/gi;

export function guardCurl(curl: string): string {
  return curl.replace(curlAuthorization, (_all, quote: string, name: string, value: string) => `${quote}${name}${guardAuthorization(value)}${quote}`);
}

export function guardExchange(exchange: Exchange): Exchange {
  const request = { ...exchange.request, headers: guardHeaders(exchange.request.headers ?? {}) };
  const response = exchange.response === undefined ? undefined : { ...exchange.response, headers: guardHeaders(exchange.response.headers ?? {}) };
  const guarded: Exchange = { ...exchange, request, curl: guardCurl(exchange.curl ?? '') };
  if (response !== undefined) guarded.response = response;
  return guarded;
}
