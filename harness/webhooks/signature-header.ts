// Parses an `X-Service-Signature` value (`t=<unix_seconds>,v1=<hex_digest>`) into the signed
// timestamp text and the candidate digests, or says precisely why it cannot. Pure: no clock, no
// secret, no crypto. The rules where the service description is silent are in
// docs/webhook-signatures.md; each is restated at the line that applies it.
import { MAX_TIMESTAMP_SECONDS } from './signer.js';

export type HeaderRejectReason =
  | 'missing-header'
  | 'repeated-header'
  | 'malformed-header'
  | 'missing-timestamp'
  | 'invalid-timestamp'
  | 'no-v1-signature'
  | 'invalid-signature-encoding';

export interface ParsedSignatureHeader {
  /** The `t` value exactly as written: the signed text is built from it, not from a re-formatted number. */
  timestampText: string;
  timestamp: number;
  /** Every `v1` digest, decoded to bytes (32 each). */
  signatures: Buffer[];
}

export interface HeaderRejection {
  ok: false;
  reason: HeaderRejectReason;
  detail: string;
}

export type ParseResult = { ok: true; header: ParsedSignatureHeader } | HeaderRejection;

const DIGEST_HEX_LENGTH = 64;
// Optional whitespace of HTTP (RFC 9110 section 5.6.3): space and horizontal tab, nothing else.
const OUTER_OWS = /^[ \t]+|[ \t]+$/g;
// A key without whitespace or `=`, then `=`, then a value without whitespace (it may contain `=`).
const PAIR = /^([^\s=]+)=(\S*)$/;
const DECIMAL = /^[0-9]+$/;
const HEX = /^[0-9a-fA-F]*$/;

function fail(reason: HeaderRejectReason, detail: string): HeaderRejection {
  return { ok: false, reason, detail };
}

/** A short, printable excerpt of untrusted input for a detail message. */
export function excerpt(text: string, max = 40): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}...` : text);
}

/**
 * The one header value to parse. A header given as an array came from a request that carried the
 * header more than once (Node's `headersDistinct`, or `rawHeaders`): two signatures for one delivery
 * is ambiguous, so it is rejected. A one-element array is simply the header.
 */
export function singleHeaderValue(header: string | readonly string[] | undefined): HeaderRejection | string {
  if (header === undefined) return fail('missing-header', 'no X-Service-Signature header');
  if (typeof header !== 'string') {
    if (header.length > 1) return fail('repeated-header', `X-Service-Signature appears ${header.length} times`);
    return singleHeaderValue(header[0]);
  }
  if (header.replace(OUTER_OWS, '') === '') return fail('missing-header', 'X-Service-Signature is empty');
  return header;
}

export function parseSignatureHeader(value: string): ParseResult {
  let timestampText: string | undefined;
  const digestTexts: string[] = [];
  const elements = value.split(',');
  for (const [index, element] of elements.entries()) {
    // Whitespace around a pair is trimmed (HTTP list syntax allows `t=1, v1=...`); inside a pair it is not.
    const pair = PAIR.exec(element.replace(OUTER_OWS, ''));
    if (pair === null) {
      return fail('malformed-header', `element ${index + 1} of ${elements.length} is not key=value: ${excerpt(element)}`);
    }
    const [, key = '', val = ''] = pair;
    if (key === 't') {
      // Two timestamps leave it open which one was signed.
      if (timestampText !== undefined) return fail('malformed-header', 't appears more than once');
      timestampText = val;
    } else if (key === 'v1') {
      digestTexts.push(val);
    }
    // Any other key (v0, v2, future schemes) is ignored, so a sender may add schemes without breaking receivers.
  }
  if (timestampText === undefined) return fail('missing-timestamp', 'no t= element');
  const timestamp = parseTimestamp(timestampText);
  if (typeof timestamp !== 'number') return timestamp;
  if (digestTexts.length === 0) return fail('no-v1-signature', 'no v1= element (other schemes are ignored)');
  const signatures: Buffer[] = [];
  for (const [index, text] of digestTexts.entries()) {
    const problem = digestProblem(text);
    if (problem !== undefined) {
      const which = digestTexts.length > 1 ? ` (v1 #${index + 1})` : '';
      return fail('invalid-signature-encoding', `${problem}${which}`);
    }
    signatures.push(Buffer.from(text, 'hex'));
  }
  return { ok: true, header: { timestampText, timestamp, signatures } };
}

/**
 * `t` is a plain decimal count of seconds: digits only (no sign, no fraction, no exponent), no
 * leading zeros (one instant has one spelling), and below 1e11 (see MAX_TIMESTAMP_SECONDS).
 */
function parseTimestamp(text: string): number | HeaderRejection {
  const bad = (why: string) => fail('invalid-timestamp', `t=${excerpt(text)} ${why}`);
  if (text === '') return bad('is empty');
  if (text.startsWith('-')) return bad('is negative');
  if (text.startsWith('+')) return bad('has a sign; write digits only');
  if (!DECIMAL.test(text)) {
    return /^[0-9]*[.eE]/.test(text) ? bad('is not a whole number of seconds') : bad('is not a decimal integer');
  }
  if (text.length > 1 && text.startsWith('0')) return bad('has leading zeros');
  const value = Number(text);
  if (value > MAX_TIMESTAMP_SECONDS) return bad('is 1e11 or more: milliseconds, not seconds');
  return value;
}

/** Why a `v1` value is not a SHA-256 digest in hex, or undefined when it is. Upper and mixed case are accepted. */
function digestProblem(text: string): string | undefined {
  if (text === '') return 'v1 is empty';
  if (!HEX.test(text)) return `v1 is not hex: ${excerpt(text, 16)}`;
  if (text.length % 2 === 1) return `v1 has an odd number of hex digits (${text.length})`;
  if (text.length !== DIGEST_HEX_LENGTH) return `v1 has ${text.length} hex digits; a SHA-256 digest has ${DIGEST_HEX_LENGTH}`;
  return undefined;
}
