// Prefixed, globally unique ids: `<prefix>_` followed by letters and digits only
// (the webhook id pattern allows nothing else after the prefix).
import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
// Random bytes are drawn in blocks: one crypto call per 256 ids keeps the send hot path cheap.
let pool = Buffer.alloc(0);
let poolAt = 0;

function randomAlnum(length: number): string {
  if (poolAt + length > pool.length) {
    pool = randomBytes(length * 256);
    poolAt = 0;
  }
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[pool[poolAt + i]! % 62];
  poolAt += length;
  return out;
}

let counter = 0;

/** `newId('msg')` -> `msg_<20 letters and digits>`; a counter suffix guarantees uniqueness within the process. */
export function newId(prefix: string, length = 16): string {
  counter = (counter + 1) % 0x100000;
  return `${prefix}_${randomAlnum(length)}${counter.toString(36).padStart(4, '0')}`;
}

/** A secret of letters and digits (API keys, app tokens, signing secrets). */
export function newSecret(length = 32): string {
  return randomAlnum(length);
}
