// Parses a request body by the route's kind and the request's content type (server/request.ts reads it).
import type { IncomingHttpHeaders } from 'node:http';
import { httpError } from './errors.js';
import { parseMultipart } from './multipart.js';
import type { MultipartPart, RouteOptions } from './types.js';

export const defaultMaxBodyBytes = 1024 * 1024;

export interface ParsedBody {
  raw: Buffer;
  json: unknown;
  parts: MultipartPart[];
}

const empty: ParsedBody = { raw: Buffer.alloc(0), json: undefined, parts: [] };

/** A body read whole, parsed by the route's kind and the request's content type (throws the 415 and 400 refusals). */
export function parseBody(raw: Buffer, headers: IncomingHttpHeaders, options: RouteOptions): ParsedBody {
  if (raw.length === 0) return empty;
  const kind = options.bodyKind ?? 'json';
  if (kind === 'any') return { raw, json: undefined, parts: [] };
  const header = headers['content-type'] ?? '';
  const type = header.toLowerCase();
  if (kind === 'multipart') {
    // The boundary is case-sensitive: read it from the header as sent.
    const boundary = type.startsWith('multipart/form-data') ? /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(header) : null;
    const value = boundary?.[1] ?? boundary?.[2];
    if (!value) throw httpError(415, 'unsupported_media_type', 'Content-Type must be multipart/form-data with a boundary');
    return { raw, json: undefined, parts: parseMultipart(raw, value) };
  }
  if (!isJson(type)) throw httpError(415, 'unsupported_media_type', 'Content-Type must be application/json');
  // Before the parse: parsing a deep body costs far more than the scan (a 1 MB one, a third of a second).
  if (nestedTooDeep(raw)) {
    throw httpError(400, 'json_too_deep', `The body nests arrays and objects deeper than ${maxJsonDepth} levels`, { max_depth: maxJsonDepth });
  }
  try {
    return { raw, json: JSON.parse(raw.toString('utf8')), parts: [] };
  } catch {
    throw httpError(400, 'invalid_json', 'The body is not valid JSON');
  }
}

/**
 * How deep a JSON body may nest arrays and objects. Nothing the API takes comes near it, while a few thousand
 * levels overflow the stack of JSON.stringify and structuredClone (a handler echoing or copying such a value
 * answered 500), so deeper bodies are refused before any handler sees them.
 */
export const maxJsonDepth = 64;

const openBracket = 0x5b; // [
const closeBracket = 0x5d; // ]
const openBrace = 0x7b; // {
const closeBrace = 0x7d; // }
const quote = 0x22; // "
const backslash = 0x5c; // a backslash

/**
 * Whether JSON bytes nest deeper than maxJsonDepth: one pass counting brackets outside strings, jumping over
 * each string with a native search for its closing quote (a send's body is mostly its text). Bytes are enough:
 * no byte of a multi-byte UTF-8 character is ASCII. Bodies too short to be that deep are not scanned (each
 * level takes two bytes). It runs on every send, so it is a scan, not a parse. Malformed JSON either nests too
 * deep here (400 json_too_deep) or fails the parse (400 invalid_json).
 */
function nestedTooDeep(raw: Buffer): boolean {
  if (raw.length <= 2 * maxJsonDepth) return false;
  let depth = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (byte === quote) {
      i = closingQuote(raw, i);
      if (i < 0) return false; // an unterminated string: the parse refuses it
    } else if (byte === openBracket || byte === openBrace) {
      if (++depth > maxJsonDepth) return true;
    } else if (byte === closeBracket || byte === closeBrace) depth--;
  }
  return false;
}

/** The index of the quote closing the string opened at `open` (one not escaped by an odd run of backslashes), or -1. */
function closingQuote(raw: Buffer, open: number): number {
  let at = open;
  for (;;) {
    at = raw.indexOf(quote, at + 1);
    if (at < 0) return -1;
    let backslashes = 0;
    while (raw[at - 1 - backslashes] === backslash) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

/** The route's body limit in bytes. */
export function bodyLimit(options: RouteOptions): number {
  return options.maxBodyBytes ?? defaultMaxBodyBytes;
}

/** A declared Content-Length over the limit is refused before a byte is read. */
export function declaredTooLarge(headers: IncomingHttpHeaders, limit: number): boolean {
  return Number(headers['content-length'] ?? NaN) > limit;
}

function isJson(type: string): boolean {
  const semicolon = type.indexOf(';');
  const base = (semicolon < 0 ? type : type.slice(0, semicolon)).trim();
  return base === 'application/json' || (base.startsWith('application/') && base.endsWith('+json'));
}

/** The refusal of a body past the route's limit: 413 payload_too_large, unless the route names its own. */
export function tooLarge(options: RouteOptions): Error {
  const limit = bodyLimit(options);
  return options.pastLimit?.(limit) ?? httpError(413, 'payload_too_large', `The body exceeds ${limit} bytes`, { max_bytes: limit });
}
