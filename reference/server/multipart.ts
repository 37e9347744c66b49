// A small multipart/form-data parser (the avatar upload is the only multipart endpoint).
import type { MultipartPart } from './types.js';
import { httpError } from './errors.js';

export function parseMultipart(raw: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let at = raw.indexOf(delimiter);
  if (at < 0) throw httpError(400, 'invalid_multipart', 'The multipart body has no boundary');
  for (;;) {
    at += delimiter.length;
    if (raw.subarray(at, at + 2).toString() === '--') break; // closing delimiter
    const headerEnd = raw.indexOf('\r\n\r\n', at);
    if (headerEnd < 0) throw httpError(400, 'invalid_multipart', 'A multipart part has no header end');
    const headers = raw.subarray(at, headerEnd).toString('utf8');
    const next = raw.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) throw httpError(400, 'invalid_multipart', 'The multipart body is not terminated');
    parts.push(toPart(headers, raw.subarray(headerEnd + 4, next)));
    at = next + 2;
  }
  return parts;
}

function toPart(headers: string, data: Buffer): MultipartPart {
  const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw httpError(400, 'invalid_multipart', 'A multipart part has no name');
  const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
  const contentType = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() ?? null;
  return { name, filename, contentType, data };
}
