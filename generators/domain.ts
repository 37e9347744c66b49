// Domain arbitraries: the values the service description talks about (phone numbers, prefixed ids,
// idempotency keys, text people actually type). Schema-derived arbitraries (schema.ts) borrow these for
// formats and id patterns so that generated requests look like real traffic, not random noise.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';

/** A string that is deliberately broken, with what was broken, so a failing check can say so. */
export interface Malformed {
  value: string;
  violation: string;
}

/** E.164 as the spec writes it: `^\+[1-9][0-9]{1,14}$`. */
export const e164Pattern = /^\+[1-9][0-9]{1,14}$/;
/** A US number as call forwarding accepts it: plus, 1, a digit 2-9, nine more digits. */
export const usNumberPattern = /^\+1[2-9][0-9]{9}$/;

const digit = fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9');
const nonZeroDigit = fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '8', '9');
const digits = (minLength: number, maxLength: number) => fc.string({ unit: digit, minLength, maxLength });

/** Any valid E.164 number: `+`, a non-zero first digit, 2 to 15 digits in all. */
export function e164(): fc.Arbitrary<string> {
  return fc.tuple(nonZeroDigit, digits(1, 14)).map(([first, rest]) => `+${first}${rest}`);
}

/** A US number call forwarding must accept (`+1[2-9][0-9]{9}`). */
export function usNumber(): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom('2', '3', '4', '5', '6', '7', '8', '9'), digits(9, 9)).map(([area, rest]) => `+1${area}${rest}`);
}

/**
 * A valid E.164 number that is not a US number in the call-forwarding sense: another country code, or a
 * `+1` number whose shape is not `+1[2-9]` plus nine digits.
 */
export function nonUsE164(): fc.Arbitrary<string> {
  const otherCountry = fc.tuple(fc.constantFrom('2', '3', '4', '5', '6', '7', '8', '9'), digits(1, 13)).map(([first, rest]) => `+${first}${rest}`);
  const plusOneWrongShape = fc.oneof(
    fc.tuple(fc.constantFrom('0', '1'), digits(9, 9)).map(([bad, rest]) => `+1${bad}${rest}`),
    digits(1, 8).map((rest) => `+1${rest}`),
    digits(11, 13).map((rest) => `+1${rest}`),
  );
  return fc.oneof({ arbitrary: otherCountry, weight: 3 }, { arbitrary: plusOneWrongShape, weight: 1 }).filter((n) => !usNumberPattern.test(n));
}

/** Strings that are not E.164, each saying how it is broken. */
export function malformedE164(): fc.Arbitrary<Malformed> {
  const national = fc.tuple(nonZeroDigit, digits(6, 13)).map(([first, rest]) => `${first}${rest}`);
  const cases: fc.Arbitrary<Malformed>[] = [
    national.map((n) => ({ value: n, violation: 'E.164 without the leading plus' })),
    fc.tuple(nonZeroDigit, digits(15, 20)).map(([first, rest]) => ({ value: `+${first}${rest}`, violation: 'E.164 longer than 15 digits' })),
    digits(1, 14).map((rest) => ({ value: `+0${rest}`, violation: 'E.164 with a leading 0 after the plus' })),
    fc
      .tuple(national, fc.integer({ min: 1, max: 6 }), fc.constantFrom('A', 'b', 'x', 'Z'))
      .map(([n, at, letter]) => ({ value: `+${n.slice(0, at)}${letter}${n.slice(at)}`, violation: 'E.164 containing a letter' })),
    national.map((n) => ({ value: `+${n.slice(0, 3)} ${n.slice(3)}`, violation: 'E.164 containing a space' })),
    national.map((n) => ({ value: `+${n.slice(0, 3)}-${n.slice(3)}`, violation: 'E.164 containing a dash' })),
    nonZeroDigit.map((d) => ({ value: `+${d}`, violation: 'E.164 with a single digit' })),
    fc.constant({ value: '+', violation: 'E.164 with no digits' }),
    fc.constant({ value: '', violation: 'empty string instead of an E.164 number' }),
  ];
  return fc.oneof(...cases);
}

/** Valid E.164 numbers that call forwarding must refuse (not US), with the reason. */
export function nonUsForwardTarget(): fc.Arbitrary<Malformed> {
  return nonUsE164().map((value) => ({ value, violation: 'forward_to is not a US number (+1, digit 2-9, nine more digits)' }));
}

const idAlphabet = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));

/** The part after `prefix_`: letters and digits, as the `wh_` pattern spells out for webhooks. */
export function idBody(minLength = 6, maxLength = 24): fc.Arbitrary<string> {
  return fc.string({ unit: idAlphabet, minLength, maxLength });
}

/** An id with the given prefix, e.g. `prefixedId('ct')` -> `ct_8Gq2...`. */
export function prefixedId(prefix: string): fc.Arbitrary<string> {
  return idBody().map((body) => `${prefix}_${body}`);
}

/** The id prefixes of section 2 of the description. */
export const idPrefixes = ['ch', 'ct', 'cid', 'chat', 'msg', 'grp', 'wh', 'wdel', 'evt', 'org', 'api', 'pl'] as const;

/** Strings that are not ids of the given prefix, each saying how it is broken. */
export function malformedId(prefix: string): fc.Arbitrary<Malformed> {
  const others = idPrefixes.filter((p) => p !== prefix && !p.startsWith(prefix) && !prefix.startsWith(p));
  return fc.oneof(
    fc.tuple(fc.constantFrom(...others), idBody()).map(([other, body]) => ({ value: `${other}_${body}`, violation: `id with prefix ${other}_ instead of ${prefix}_` })),
    idBody().map((body) => ({ value: body, violation: `id without the ${prefix}_ prefix` })),
    idBody().map((body) => ({ value: `${prefix.toUpperCase()}_${body}`, violation: `id with an upper-case prefix ${prefix.toUpperCase()}_` })),
    idBody().map((body) => ({ value: `${prefix}-${body}`, violation: `id with ${prefix}- instead of ${prefix}_` })),
    fc.constant({ value: '', violation: 'empty id' }),
  );
}

// A random nonce per process plus a counter: keys stay unique across runs that share a seed and hit the
// same (stateful) server, where a reused key would be a replay rather than a new request.
const processNonce = randomBytes(6).toString('hex');
let keyCounter = 0;

/**
 * An idempotency key that no other generated key equals (in this process or another). The generated
 * uuid part keeps the value shrinkable; the nonce and counter make it fresh.
 */
export function idempotencyKey(): fc.Arbitrary<string> {
  return fc.uuid({ version: 4 }).map((uuid) => `idem-${processNonce}-${(keyCounter++).toString(36)}-${uuid}`);
}

/** `count` distinct idempotency keys, for one test that needs several. */
export function idempotencyKeys(count: number): fc.Arbitrary<string[]> {
  return fc.array(idempotencyKey(), { minLength: count, maxLength: count });
}

// Fragments that trip text handling: astral emoji and ZWJ sequences, flags, skin tones, right-to-left
// scripts with direction marks, combining marks, CJK, and look-alike whitespace.
const trickyFragments = [
  '😀', '👍🏽', '👩‍👩‍👧‍👦', '🇺🇸', '🏳️‍🌈', '❤️', '🫠',
  'مرحبا', 'שלום', '\u200fabc\u200f', '\u202eevil\u202c', 'سلام علیکم',
  'e\u0301', 'n\u0303', 'Z\u0324\u0354\u0367\u0311\u0313', 'a\u0308\u0304',
  '漢字', 'こんにちは', '한국어', 'Ωμέγα', 'Ъ',
  '\u00a0', '\u2003', '\t', 'O\'Brien', '"quoted"', '<b>', '\\', '%2B', '&amp;',
];

/** Text mixing plain words with emoji, right-to-left scripts, combining marks and other tricky fragments. */
export function unicodeText(options: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  const word = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 });
  const fragment = fc.oneof({ arbitrary: fc.constantFrom(...trickyFragments), weight: 2 }, { arbitrary: word, weight: 3 });
  const text = fc.array(fragment, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(' '));
  const { minLength = 1, maxLength } = options;
  return text.filter((t) => codePointLength(t) >= minLength && (maxLength === undefined || codePointLength(t) <= maxLength));
}

/** Length as JSON Schema counts it (code points, not UTF-16 units). */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Any code point but a surrogate, as a string. A plain map on purpose: fast-check's `binary` unit is a
 * mapToConstant over every code point, whose unmapper builds a table of all 1.1 million of them (some 60 MB in
 * every worker) the first time a value is asked whether it can shrink without context.
 */
export const anyCodePoint: fc.Arbitrary<string> = fc.integer({ min: 0, max: 0x10ffff - 0x800 }).map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800));

/** One code point, mostly printable ASCII, sometimes anything Unicode holds (one unit of `fc.string`). */
export function textUnit(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 8 },
    { arbitrary: anyCodePoint, weight: 1 },
    { arbitrary: fc.constantFrom('é', 'ß', 'ø', 'ç', 'ñ', '中', 'ا', 'א', '😀', '🎉'), weight: 1 },
  );
}

/** Email addresses that the `email` format of ajv-formats accepts. */
export function email(): fc.Arbitrary<string> {
  const simple = fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9._+-]{0,14}[a-z0-9]$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/), fc.constantFrom('com', 'org', 'net', 'io', 'example'))
    .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
    .filter((address) => !address.includes('..') && !/[.+-]@/.test(address));
  return fc.oneof({ arbitrary: simple, weight: 3 }, { arbitrary: fc.emailAddress(), weight: 1 });
}

const urlSegment = fc.stringMatching(/^[a-z0-9][a-z0-9._~-]{0,11}$/);
/** Percent-encoded pieces a URL may carry: a space, a slash, é, an astral emoji, a percent sign. */
const percentEncoded = fc.constantFrom('%20', '%2F', '%C3%A9', '%F0%9F%98%80', '%25');
const queryValue = fc.array(fc.oneof({ arbitrary: urlSegment, weight: 3 }, { arbitrary: percentEncoded, weight: 1 }), { maxLength: 3 }).map((parts) => parts.join(''));

/**
 * Absolute http(s) URLs (the `uri` format) with paths, percent-encoded query values and fragments. Not
 * fc.webUrl: its percent-encoded characters come from the `binary` unit, whose table of every code point
 * (some 60 MB per worker, see anyCodePoint) is built the first time such a URL is asked whether it can shrink.
 */
export function url(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('https', 'http'),
      fc.domain(),
      fc.array(urlSegment, { maxLength: 3 }),
      fc.option(fc.array(fc.tuple(urlSegment, queryValue), { minLength: 1, maxLength: 3 }), { nil: undefined }),
      fc.option(urlSegment, { nil: undefined }),
    )
    .map(([scheme, host, path, query, fragment]) => {
      const search = query === undefined ? '' : `?${query.map(([key, value]) => `${key}=${value}`).join('&')}`;
      return `${scheme}://${host}/${path.join('/')}${search}${fragment === undefined ? '' : `#${fragment}`}`;
    });
}

/** ISO 8601 date-times in years 1970-2100 (`date-time` format). */
export function dateTime(): fc.Arbitrary<string> {
  return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
}

/** A tag as people write them: a short word, sometimes with a dash, digits or non-ASCII letters. */
export function tag(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/), weight: 4 },
    { arbitrary: fc.constantFrom('VIP', 'Lead', 'clientes', 'Größe', '顧客', 'عميل', '🔥hot'), weight: 1 },
  );
}

/** A set of tags, distinct ignoring case (tag filters are case-insensitive). */
export function tagSet(options: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string[]> {
  return fc.uniqueArray(tag(), { minLength: options.minLength ?? 0, maxLength: options.maxLength ?? 5, selector: (t) => t.toLowerCase() });
}

const firstNames = ['Ada', 'José', 'Zoë', 'Siobhán', 'Łukasz', 'Nguyễn', 'Mohammed', 'Chloé', 'Björk', 'Anaïs', 'Mei', 'Ngozi'];
const lastNames = ['Lovelace', 'Álvarez', "O'Brien", 'Müller', 'Smith-Jones', 'Øster', 'van der Berg', 'Nakamura', 'Okafor'];
const wholeNames = ['李雷', 'محمد الأحمد', 'דוד כהן', 'Παναγιώτης', 'Ёлка', 'Dr. Jane Doe, PhD', 'ZOË 😀'];

/** A contact name: common names, names with accents and apostrophes, non-Latin scripts, and free text. */
export function contactName(): fc.Arbitrary<string> {
  const combined = fc.tuple(fc.constantFrom(...firstNames), fc.constantFrom(...lastNames)).map(([first, last]) => `${first} ${last}`);
  return fc.oneof(
    { arbitrary: combined, weight: 4 },
    { arbitrary: fc.constantFrom(...wholeNames), weight: 2 },
    { arbitrary: unicodeText({ minLength: 1, maxLength: 40 }), weight: 1 },
  );
}
