// Signing side of the webhook signature scheme (service description, section 5):
//   X-Service-Signature: t=<unix_seconds>,v1=<hex_digest>
//   hex_digest = HMAC-SHA256(key = signing secret, message = "<t>.<raw_request_body>")
// The verifier (signature.ts) shares `signatureDigest`, so both sides compute the same bytes one way.
import { createHmac } from 'node:crypto';

/** The delivery header that carries the signature (lowercase, as Node exposes incoming headers). */
export const SIGNATURE_HEADER = 'x-service-signature';

/**
 * The largest `t` accepted. Seconds since the epoch stay below 1e11 until the year 5138, while
 * milliseconds since the epoch have been above 1e11 since 1973: a value at or over this bound is
 * a timestamp in the wrong unit, never a real date in seconds.
 */
export const MAX_TIMESTAMP_SECONDS = 1e11 - 1;

/** Body as given: bytes exactly as received, or a string that is encoded as UTF-8. */
export type RawBody = Uint8Array | string;

export function toBytes(body: RawBody): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/**
 * HMAC-SHA256 over `<timestampText>.<body>`. The timestamp is taken as the exact text that was (or
 * will be) in the header, because that text, not a number re-formatted from it, is what was signed.
 */
export function signatureDigest(body: RawBody, secret: string, timestampText: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${timestampText}.`, 'utf8')
    .update(toBytes(body))
    .digest();
}

/** Returns the header value `t=<t>,v1=<lowercase hex>` for a delivery of `rawBody` signed at `t`. */
export function signPayload(rawBody: RawBody, secret: string, t: number): string {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new TypeError('signPayload: the signing secret must be a non-empty string');
  }
  if (!Number.isSafeInteger(t) || t < 0 || t > MAX_TIMESTAMP_SECONDS) {
    throw new TypeError(`signPayload: t must be an integer number of unix seconds in [0, ${MAX_TIMESTAMP_SECONDS}], got ${String(t)}`);
  }
  const timestampText = String(t);
  return `t=${timestampText},v1=${signatureDigest(rawBody, secret, timestampText).toString('hex')}`;
}
