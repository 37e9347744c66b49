// Values unique to one run of one check, so that checks sharing an organization (a file's, or a config
// target's long-lived one) never see each other's contacts, tags or numbers.
import { randomInt } from 'node:crypto';

const letters = 'abcdefghijklmnopqrstuvwxyz';

/** Lower-case letters only, so it survives any search tokenizer: e.g. `mcsqkzvtrwa`. */
export function uniqueToken(length = 8): string {
  let out = 'mcs';
  for (let i = 0; i < length; i++) out += letters[randomInt(letters.length)];
  return out;
}

/** A fresh US E.164 number in the fictional 555-01xx-style block of a random area code. */
export function uniquePhone(): string {
  const area = `${randomInt(2, 10)}${randomInt(0, 10)}${randomInt(0, 10)}`;
  const line = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return `+1${area}${line}`;
}

export function uniqueEmail(): string {
  return `${uniqueToken()}@example.com`;
}

/** The same text with its letters' case flipped (`abC` -> `ABc`), for case-insensitivity checks. */
export function flipCase(text: string): string {
  return [...text].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
}
