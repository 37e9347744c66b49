// Targets answering every request with a body that is heavy to read or to parse, for the memory bench
// (bench/memory.bench.ts) and the hostile tests: 200 MB streamed without a Content-Length (chunked, as proxies
// and streaming servers send), JSON nested 100,000 arrays deep, and one object of 60,000 keys.
import { giantBody, type Handler } from './servers.js';

/** Streams `bytes` of a JSON-looking body to every request, chunked (no Content-Length), lazily. */
export function chunkedBody(bytes: number): Handler {
  return giantBody(bytes, false);
}

/** The same JSON text for every request, with its length. */
function jsonBody(text: string): Handler {
  const body = Buffer.from(text);
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.byteLength });
    response.end(body);
  };
}

/** `[[[ … ]]]`, `depth` arrays deep (100,000: 200 kB). */
export function deepJson(depth = 100_000): Handler {
  return jsonBody(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}

/** `{"data": {"k0": 0, …}}` with `keys` keys (60,000: under 1 MB). */
export function wideJson(keys = 60_000): Handler {
  const entries = Array.from({ length: keys }, (_, i) => `"k${i}":${i}`);
  return jsonBody(`{"data":{${entries.join(',')}}}`);
}
