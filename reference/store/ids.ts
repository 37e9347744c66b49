// Prefixed, globally unique ids: `<prefix>_` followed by letters and digits only
// (the webhook id pattern allows nothing else after the prefix).
import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const alphabetCodes = Buffer.from(alphabet, 'latin1');
// Random characters are drawn in blocks, already mapped to the alphabet and kept as one string: one crypto
// call per 256 ids, and an id's random part is a slice of that string (no call into the runtime per id).
// A slice keeps its pool alive while it is referenced: at most a few KB per pool, shared by 256 ids.
let pool = '';
let poolAt = 0;

function randomAlnum(length: number): string {
  if (poolAt + length > pool.length) {
    const bytes = randomBytes(length * 256);
    for (let i = 0; i < bytes.length; i++) bytes[i] = alphabetCodes[bytes[i]! % 62]!;
    pool = bytes.toString('latin1');
    poolAt = 0;
  }
  poolAt += length;
  return pool.slice(poolAt - length, poolAt);
}

let counter = 0;

/** `newId('msg')` -> `msg_<20 letters and digits>`; a counter suffix guarantees uniqueness within the process. */
export function newId(prefix: string, length = 16): string {
  counter = (counter + 1) % 0x100000;
  return `${prefix}_${randomAlnum(length)}${counter.toString(36).padStart(4, '0')}`;
}

/** Length of the random part of a sequenced id. */
const SEQUENCED_RANDOM = 16;

/**
 * `<prefix>_<16 random letters and digits><sequence in base 36>`: unique within whatever numbers the
 * sequence (a position in a log), and across logs by its random part.
 */
export function newSequencedId(prefix: string, sequence: number): string {
  return `${prefix}_${randomAlnum(SEQUENCED_RANDOM)}${sequence.toString(36)}`;
}

/** The sequence a newSequencedId() id carries, or undefined when `id` is not one of `prefix`. */
export function sequenceOf(id: string, prefix: string): number | undefined {
  const start = prefix.length + 1 + SEQUENCED_RANDOM;
  if (id.length <= start || !id.startsWith(prefix) || id.charCodeAt(prefix.length) !== 95 /* '_' */) return undefined;
  const digits = id.slice(start);
  if (!/^[0-9a-z]{1,10}$/.test(digits)) return undefined;
  return parseInt(digits, 36);
}

/** A secret of letters and digits (API keys, app tokens, signing secrets). */
export function newSecret(length = 32): string {
  return randomAlnum(length);
}
