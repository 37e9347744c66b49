// The account suites' numbers and multipart bodies: a native line of the key to work on (a fresh one when
// the control API can make it, so checks never share a contact card) and the avatar upload form.
import type { ApiClient, ApiResponse, ChannelKind, CheckContext, Fixtures } from '../../harness/check/index.js';
import { path } from '../../harness/check/index.js';
import { newLine } from './b-common.js';

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

/** A multipart/form-data body: each field a text part, `avatar` (when given) a file part of that many bytes. */
export async function multipart(fields: Record<string, string>, avatarBytes?: number): Promise<{ body: Uint8Array; contentType: string }> {
  const form = new FormData();
  if (avatarBytes !== undefined) form.set('avatar', new Blob([new Uint8Array(avatarBytes).fill(0x42)], { type: 'image/png' }), 'avatar.png');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? 'multipart/form-data' };
}

export async function uploadAvatar(client: ApiClient, number: string, fields: Record<string, string>, avatarBytes?: number): Promise<ApiResponse> {
  const { body, contentType } = await multipart(fields, avatarBytes);
  return client.post(`${cardPath(number)}/avatar`, { body, contentType });
}
