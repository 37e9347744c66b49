// The account suites' numbers and multipart bodies: a native line of the key to work on (a fresh one when
// the control API can make it, so checks never share a contact card) and the avatar upload form.
import { deflateSync } from 'node:zlib';
import type { ApiClient, ApiResponse, ChannelKind, CheckContext, Fixtures } from '../../harness/check/index.js';
import { path } from '../../harness/check/index.js';
import { newLine } from './common.js';

export interface Line {
  fx: Fixtures;
  number: string;
  id: string;
}

/** A line of `kind` owned by the primary key: a fresh one with the control API, else the configured one. */
export async function ownLine(t: CheckContext, kind: ChannelKind = 'native-dedicated'): Promise<Line> {
  const fx = await t.fixtures();
  const line = t.hasControl ? await newLine(fx, kind, fx.apiKey()) : fx.channel(kind);
  if (!line.address.startsWith('+')) return t.notVerifiable(`needs a ${kind} line with an E.164 address`);
  return { fx, number: line.address, id: line.id };
}

export const cardPath = (number: string): string => path`/me/numbers/${number}/contact-card`;

// The avatar is a real PNG (one white pixel), so a target that decodes the photo takes it; its size is made
// up by a tEXt chunk, which decoders skip. Node 20 has no zlib.crc32, hence the table.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(new TextEncoder().encode(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

const pngSignature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
// 1 x 1 pixel, 8-bit greyscale; the image data is one scanline: filter 0, then the pixel.
const ihdr = pngChunk('IHDR', Uint8Array.of(0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0));
const idat = pngChunk('IDAT', new Uint8Array(deflateSync(Uint8Array.of(0, 0xff))));
const iend = pngChunk('IEND', new Uint8Array());
const commentKeyword = new TextEncoder().encode('Comment\0');

/** A valid PNG of exactly `bytes` bytes (at least the smallest one with a padding chunk, 87). */
export function pngOfSize(bytes: number): Uint8Array<ArrayBuffer> {
  const fixed = pngSignature.length + ihdr.length + idat.length + iend.length + 12 + commentKeyword.length;
  const padding = bytes - fixed;
  if (padding < 0) throw new Error(`a PNG cannot be ${bytes} bytes (the smallest is ${fixed})`);
  const text = new Uint8Array(commentKeyword.length + padding).fill(0x20);
  text.set(commentKeyword);
  const parts = [pngSignature, ihdr, pngChunk('tEXt', text), idat, iend];
  const png = new Uint8Array(bytes);
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}

/** A data URI of a small PNG: an avatar the card can hold without the target fetching anything. */
export function pngDataUri(): string {
  return `data:image/png;base64,${Buffer.from(pngOfSize(128)).toString('base64')}`;
}

/** A multipart/form-data body: each field a text part, `avatar` (when given) a PNG file part of that many bytes. */
export async function multipart(fields: Record<string, string>, avatarBytes?: number): Promise<{ body: Uint8Array; contentType: string }> {
  const form = new FormData();
  if (avatarBytes !== undefined) form.set('avatar', new Blob([pngOfSize(avatarBytes)], { type: 'image/png' }), 'avatar.png');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? 'multipart/form-data' };
}

export async function uploadAvatar(client: ApiClient, number: string, fields: Record<string, string>, avatarBytes?: number): Promise<ApiResponse> {
  const { body, contentType } = await multipart(fields, avatarBytes);
  return client.post(`${cardPath(number)}/avatar`, { body, contentType });
}
