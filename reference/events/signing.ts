// Webhook signing (description section 5): HMAC-SHA256 over `<t>.<raw body>` keyed by the subscription's
// signing secret, sent as `X-Service-Signature: t=<unix seconds>,v1=<hex digest>`. Pure: the caller
// passes the time and decides (through `SigningFaults`) which deliberate mistakes to make.
import { createHmac } from 'node:crypto';
import { newSecret } from '../store/ids.js';

export const SIGNATURE_HEADER = 'x-service-signature';

/** The deliberate signing mistakes of the fault-injected variants (see events/faults.ts). */
export interface SigningFaults {
  /** Sign with a secret the subscriber never saw. */
  wrongSecret?: boolean;
  /** Put epoch milliseconds in `t` instead of seconds. */
  millisecondTimestamp?: boolean;
  /** MAC over the body alone, without `<t>.`. */
  bodyOnlyMac?: boolean;
  /** Digest in base64 instead of hex. */
  base64Digest?: boolean;
  /** MAC over the text's Latin-1 bytes (each UTF-16 unit's low byte) instead of its UTF-8 bytes. */
  latin1Bytes?: boolean;
}

/** `whsec_` + 32 letters and digits; shown once at creation and on rotation. */
export function newSigningSecret(): string {
  return `whsec_${newSecret(32)}`;
}

export function hmacDigest(secret: string, text: string | Buffer): Buffer {
  return createHmac('sha256', secret).update(text).digest();
}

/** The header value for `rawBody` signed at `unixMs` (the header carries seconds). */
export function signatureHeader(secret: string, rawBody: string, unixMs: number, faults: SigningFaults = {}): string {
  const t = faults.millisecondTimestamp ? Math.floor(unixMs) : Math.floor(unixMs / 1000);
  const key = faults.wrongSecret ? `${secret}-not-the-one-you-got` : secret;
  const signed = faults.bodyOnlyMac ? rawBody : `${t}.${rawBody}`;
  const digest = hmacDigest(key, faults.latin1Bytes ? Buffer.from(signed, 'latin1') : signed);
  return `t=${t},v1=${digest.toString(faults.base64Digest ? 'base64' : 'hex')}`;
}
