// Reads a request body up to a byte limit and parses it by content type.
import type { IncomingMessage } from 'node:http';
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

export async function readBody(req: IncomingMessage, options: RouteOptions): Promise<ParsedBody> {
  const limit = options.maxBodyBytes ?? defaultMaxBodyBytes;
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  const raw = await collect(req, limit);
  if (raw.length === 0) return empty;
  const kind = options.bodyKind ?? 'json';
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (kind === 'any') return { raw, json: undefined, parts: [] };
  if (kind === 'multipart') {
    // The boundary is case-sensitive: read it from the header as sent.
    const header = req.headers['content-type'] ?? '';
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

function isJson(type: string): boolean {
  const semicolon = type.indexOf(';');
  const base = (semicolon < 0 ? type : type.slice(0, semicolon)).trim();
  return base === 'application/json' || (base.startsWith('application/') && base.endsWith('+json'));
}

function tooLarge(limit: number): Error {
  return httpError(413, 'payload_too_large', `The body exceeds ${limit} bytes`, { max_bytes: limit });
}

function collect(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        // Keep draining so the 413 answer can be written, but stop storing.
        chunks.length = 0;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) {
        done = true;
        resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
      }
    });
    const fail = (error: Error) => {
      if (!done) {
        done = true;
        reject(error);
      }
    };
    req.on('error', fail);
    // A client that goes away mid-body: settle, so nothing waits forever.
    req.on('close', () => {
      if (!req.complete) fail(new Error('the request was aborted'));
    });
  });
}
