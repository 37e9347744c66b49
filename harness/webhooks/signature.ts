// Verifies the `X-Service-Signature` header of a webhook delivery (service description, section 5):
// recompute HMAC-SHA256 over `<t>.<raw body>` with the subscription's signing secret, compare in
// constant time, and check that `t` is recent. Every decision the description leaves open (tolerance,
// whitespace, letter case, units) is explained in docs/webhook-signatures.md.
import { timingSafeEqual } from 'node:crypto';
import { type HeaderRejectReason, excerpt, parseSignatureHeader, singleHeaderValue } from './signature-header.js';
import { type RawBody, signatureDigest } from './signer.js';

export { SIGNATURE_HEADER, signPayload } from './signer.js';

/**
 * Five minutes either side of the receiver's clock: the common choice of webhook senders, wide
 * enough for ordinary clock skew and a slow delivery, narrow enough that a captured delivery cannot
 * be replayed much later. The description leaves the tolerance open, so it is an option.
 */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type RejectReason = HeaderRejectReason | 'signature-mismatch' | 'timestamp-outside-tolerance' | 'empty-secret';

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: RejectReason; detail: string };

export interface VerifyOptions {
  /** Largest accepted distance, in seconds, between `t` and now, in either direction. 0 means `t` must equal now. */
  toleranceSeconds?: number;
  /** The current time in unix seconds; defaults to the system clock. */
  now?: number;
}

/**
 * Verifies a delivery. Returns a rejection (never throws) for anything the sender or the network
 * could have got wrong; throws a TypeError only for options that are a programming error.
 */
export function verifySignature(
  rawBody: RawBody,
  header: string | readonly string[] | undefined,
  secret: string,
  options: VerifyOptions = {},
): VerifyResult {
  const tolerance = checkedTolerance(options.toleranceSeconds);
  const now = checkedNow(options.now);
  if (typeof secret !== 'string' || secret.length === 0) {
    return { ok: false, reason: 'empty-secret', detail: 'the signing secret is empty; nothing can be verified with it' };
  }
  const value = singleHeaderValue(header);
  if (typeof value !== 'string') return value;
  const parsed = parseSignatureHeader(value);
  if (!parsed.ok) return parsed;
  const { timestampText, timestamp, signatures } = parsed.header;

  // The signature is checked before the clock, so that `timestamp-outside-tolerance` always means an
  // authentic but stale (or early) delivery, such as a replay, rather than a forgery.
  const expected = signatureDigest(rawBody, secret, timestampText);
  // Every candidate is compared, so the time taken does not depend on which one matched.
  const matched = signatures.reduce((found, candidate) => constantTimeEqual(expected, candidate) || found, false);
  if (!matched) {
    const count = signatures.length === 1 ? 'the v1 signature does' : `none of the ${signatures.length} v1 signatures do`;
    return { ok: false, reason: 'signature-mismatch', detail: `${count} not match the body and t=${timestampText} under this secret` };
  }

  const age = now - timestamp;
  if (Math.abs(age) > tolerance) {
    const where = age > 0 ? `${age} s in the past` : `${-age} s in the future`;
    return { ok: false, reason: 'timestamp-outside-tolerance', detail: `t=${timestampText} is ${where}; tolerance is ${tolerance} s` };
  }
  return { ok: true, timestamp };
}

/** Equal bytes, compared in constant time; buffers of different lengths are simply unequal. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && timingSafeEqual(a, b);
}

function checkedTolerance(tolerance: number | undefined): number {
  if (tolerance === undefined) return DEFAULT_TOLERANCE_SECONDS;
  // A negative, NaN or infinite tolerance would make every check fail or turn it off; neither is a setting.
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0) {
    throw new TypeError(`verifySignature: toleranceSeconds must be a finite number >= 0, got ${excerpt(String(tolerance))}`);
  }
  return tolerance;
}

function checkedNow(now: number | undefined): number {
  if (now === undefined) return Math.floor(Date.now() / 1000);
  if (typeof now !== 'number' || !Number.isFinite(now) || now < 0) {
    throw new TypeError(`verifySignature: now must be finite unix seconds >= 0, got ${excerpt(String(now))}`);
  }
  return now;
}
