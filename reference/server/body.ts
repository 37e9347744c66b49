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
  try {
    return { raw, json: JSON.parse(raw.toString('utf8')), parts: [] };
  } catch {
    throw httpError(400, 'invalid_json', 'The body is not valid JSON');
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

export function tooLarge(limit: number): Error {
  return httpError(413, 'payload_too_large', `The body exceeds ${limit} bytes`, { max_bytes: limit });
}
