import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOLERANCE_SECONDS, type RejectReason, type VerifyOptions, type VerifyResult, constantTimeEqual, verifySignature } from './signature.js';
import { signPayload } from './signer.js';

const SECRET = 'whsec_unit_test_secret';
const T = 1_700_000_000;
const AT_T: VerifyOptions = { now: T };
const BODY = '{"event":"message.received","message_id":"msg_1","text":"hi"}';
const HEADER = signPayload(BODY, SECRET, T);
const DIGEST = HEADER.slice(HEADER.indexOf('v1=') + 3);
const OTHER_DIGEST = signPayload(BODY, 'another secret', T).split('v1=')[1] ?? '';

function expectRejected(result: VerifyResult, reason: RejectReason): void {
  expect(result).toMatchObject({ ok: false, reason });
  if (!result.ok) expect(result.detail).not.toContain(SECRET);
}

function verifyHeader(header: string | string[] | undefined, options: VerifyOptions = AT_T): VerifyResult {
  return verifySignature(BODY, header, SECRET, options);
}

describe('verifySignature: a valid delivery', () => {
  it('accepts the header produced by the signer and returns its timestamp', () => {
    expect(verifyHeader(HEADER)).toEqual({ ok: true, timestamp: T });
  });

  it('accepts the same body given as bytes instead of a string', () => {
    expect(verifySignature(new TextEncoder().encode(BODY), HEADER, SECRET, AT_T)).toEqual({ ok: true, timestamp: T });
  });

  it('accepts a one-element header array as the header itself', () => {
    expect(verifyHeader([HEADER])).toEqual({ ok: true, timestamp: T });
  });

  it('uses a 300 second tolerance by default', () => {
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
    expect(verifyHeader(HEADER, { now: T + 300 }).ok).toBe(true);
    expectRejected(verifyHeader(HEADER, { now: T + 301 }), 'timestamp-outside-tolerance');
  });
});

describe('verifySignature: the header is missing, empty or repeated', () => {
  it('rejects a missing header', () => {
    expectRejected(verifyHeader(undefined), 'missing-header');
  });

  it('rejects an empty header', () => {
    expectRejected(verifyHeader(''), 'missing-header');
  });

  it('rejects a header of only whitespace', () => {
    expectRejected(verifyHeader(' \t '), 'missing-header');
  });

  it('rejects an empty header array', () => {
    expectRejected(verifyHeader([]), 'missing-header');
  });

  it('rejects a repeated header even when both copies are valid', () => {
    expectRejected(verifyHeader([HEADER, HEADER]), 'repeated-header');
  });
});

describe('verifySignature: malformed pairs', () => {
  it('rejects an element without "="', () => {
    expectRejected(verifyHeader(`t${T},v1=${DIGEST}`), 'malformed-header');
  });

  it('rejects garbage', () => {
    expectRejected(verifyHeader('%%%garbage%%%'), 'malformed-header');
  });

  it('rejects an element with an empty key', () => {
    expectRejected(verifyHeader(`t=${T},=${DIGEST}`), 'malformed-header');
  });

  it('rejects an empty element (a trailing comma)', () => {
    expectRejected(verifyHeader(`${HEADER},`), 'malformed-header');
  });

  it('rejects an empty element (two commas)', () => {
    expectRejected(verifyHeader(`t=${T},,v1=${DIGEST}`), 'malformed-header');
  });

  it('rejects whitespace inside a pair', () => {
    expectRejected(verifyHeader(`t = ${T},v1=${DIGEST}`), 'malformed-header');
  });

  it('rejects a header where t appears twice', () => {
    expectRejected(verifyHeader(`t=${T},t=${T},v1=${DIGEST}`), 'malformed-header');
  });

  it('rejects two headers folded into one list (as Node joins repeated headers)', () => {
    expectRejected(verifyHeader(`${HEADER}, ${HEADER}`), 'malformed-header');
  });
});

describe('verifySignature: whitespace around pairs is trimmed', () => {
  it('accepts a space after the comma', () => {
    expect(verifyHeader(`t=${T}, v1=${DIGEST}`).ok).toBe(true);
  });

  it('accepts spaces and tabs around every pair', () => {
    expect(verifyHeader(` \tt=${T} \t,\t v1=${DIGEST}\t `).ok).toBe(true);
  });

  it('does not trim a line break, which is not HTTP whitespace', () => {
    expectRejected(verifyHeader(`t=${T},\nv1=${DIGEST}`), 'malformed-header');
  });
});

describe('verifySignature: the timestamp', () => {
  it('rejects a header without t', () => {
    expectRejected(verifyHeader(`v1=${DIGEST}`), 'missing-timestamp');
  });

  it.each([
    ['empty', ''],
    ['non-numeric', 'abc'],
    ['digits then letters', '12abc'],
    ['a float', `${T}.5`],
    ['an exponent', '1.7e9'],
    ['negative', `-${T}`],
    ['a leading +', `+${T}`],
    ['leading zeros', `0${T}`],
    ['in milliseconds', `${T}000`],
    ['exactly 1e11', '100000000000'],
    ['a very long digit string', '9'.repeat(400)],
  ])('rejects t that is %s', (_case, t) => {
    expectRejected(verifyHeader(`t=${t},v1=${DIGEST}`, { now: T }), 'invalid-timestamp');
  });

  it('says that a value of 1e11 or more is milliseconds', () => {
    const result = verifyHeader(`t=${T}000,v1=${DIGEST}`);
    expect(result.ok === false && result.detail).toMatch(/milliseconds/);
  });

  it('accepts the largest value below 1e11 when it is signed', () => {
    const t = 99_999_999_999;
    expect(verifySignature(BODY, signPayload(BODY, SECRET, t), SECRET, { now: t })).toEqual({ ok: true, timestamp: t });
  });

  it('accepts t=0 when it is signed and now is 0', () => {
    expect(verifySignature(BODY, signPayload(BODY, SECRET, 0), SECRET, { now: 0, toleranceSeconds: 0 })).toEqual({ ok: true, timestamp: 0 });
  });

  it('rejects a t swapped under a valid signature', () => {
    expectRejected(verifyHeader(`t=${T + 1},v1=${DIGEST}`, { now: T + 1 }), 'signature-mismatch');
  });
});

describe('verifySignature: the tolerance window', () => {
  const tolerance = { toleranceSeconds: 60 };

  it('accepts a stale timestamp just inside the tolerance', () => {
    expect(verifyHeader(HEADER, { ...tolerance, now: T + 60 }).ok).toBe(true);
  });

  it('rejects a stale timestamp just outside the tolerance', () => {
    expectRejected(verifyHeader(HEADER, { ...tolerance, now: T + 61 }), 'timestamp-outside-tolerance');
  });

  it('accepts a future timestamp just inside the tolerance', () => {
    expect(verifyHeader(HEADER, { ...tolerance, now: T - 60 }).ok).toBe(true);
  });

  it('rejects a future timestamp just outside the tolerance', () => {
    expectRejected(verifyHeader(HEADER, { ...tolerance, now: T - 61 }), 'timestamp-outside-tolerance');
  });

  it('with tolerance 0 accepts only t equal to now', () => {
    expect(verifyHeader(HEADER, { toleranceSeconds: 0, now: T }).ok).toBe(true);
  });

  it('with tolerance 0 rejects t one second in the past (it never turns the check off)', () => {
    expectRejected(verifyHeader(HEADER, { toleranceSeconds: 0, now: T + 1 }), 'timestamp-outside-tolerance');
  });

  it('with tolerance 0 rejects t one second in the future', () => {
    expectRejected(verifyHeader(HEADER, { toleranceSeconds: 0, now: T - 1 }), 'timestamp-outside-tolerance');
  });

  it('checks the signature before the clock, so a stale forgery is a mismatch', () => {
    expectRejected(verifySignature(BODY, HEADER, 'wrong secret', { now: T + 10_000 }), 'signature-mismatch');
  });

  it('uses the system clock when now is not given', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verifySignature(BODY, signPayload(BODY, SECRET, now), SECRET).ok).toBe(true);
    expectRejected(verifySignature(BODY, HEADER, SECRET), 'timestamp-outside-tolerance');
  });

  it.each([
    ['negative', -1],
    ['NaN', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
  ])('throws a TypeError for a %s tolerance', (_case, toleranceSeconds) => {
    expect(() => verifyHeader(HEADER, { now: T, toleranceSeconds })).toThrow(TypeError);
  });

  it('throws a TypeError for a NaN now', () => {
    expect(() => verifyHeader(HEADER, { now: Number.NaN })).toThrow(TypeError);
  });
});

describe('verifySignature: the v1 signatures', () => {
  it('rejects a header with only other schemes (v0, v2)', () => {
    expectRejected(verifyHeader(`t=${T},v0=${DIGEST},v2=${DIGEST}`), 'no-v1-signature');
  });

  it('rejects a header with t and no signature at all', () => {
    expectRejected(verifyHeader(`t=${T}`), 'no-v1-signature');
  });

  it('ignores unknown schemes next to a valid v1', () => {
    expect(verifyHeader(`t=${T},v0=old,v1=${DIGEST},v2=b64+/==`).ok).toBe(true);
  });

  it('treats V1 (upper case key) as an unknown scheme', () => {
    expectRejected(verifyHeader(`t=${T},V1=${DIGEST}`), 'no-v1-signature');
  });

  it.each([
    ['empty', ''],
    ['not hex', 'z'.repeat(64)],
    ['of odd length', `${DIGEST}0`],
    ['truncated', DIGEST.slice(0, 32)],
    ['too long', `${DIGEST}00`],
  ])('rejects a v1 that is %s', (_case, v1) => {
    expectRejected(verifyHeader(`t=${T},v1=${v1}`), 'invalid-signature-encoding');
  });

  it('rejects a header when one of several v1 values is malformed, even if another matches', () => {
    expectRejected(verifyHeader(`t=${T},v1=${DIGEST},v1=xyz`), 'invalid-signature-encoding');
  });

  it('accepts an upper case digest (hex is case-insensitive)', () => {
    expect(verifyHeader(`t=${T},v1=${DIGEST.toUpperCase()}`).ok).toBe(true);
  });

  it('accepts a mixed case digest', () => {
    const mixed = [...DIGEST].map((c, i) => (i % 2 === 0 ? c.toUpperCase() : c)).join('');
    expect(verifyHeader(`t=${T},v1=${mixed}`).ok).toBe(true);
  });

  it.each([
    ['first', [DIGEST, OTHER_DIGEST, OTHER_DIGEST]],
    ['in the middle', [OTHER_DIGEST, DIGEST, OTHER_DIGEST]],
    ['last', [OTHER_DIGEST, OTHER_DIGEST, DIGEST]],
  ])('accepts several v1 entries with the matching one %s', (_case, digests) => {
    expect(verifyHeader(`t=${T},${digests.map((d) => `v1=${d}`).join(',')}`).ok).toBe(true);
  });

  it('rejects several v1 entries when none matches', () => {
    expectRejected(verifyHeader(`t=${T},v1=${OTHER_DIGEST},v1=${'0'.repeat(64)}`), 'signature-mismatch');
  });
});

describe('verifySignature: the secret', () => {
  it('rejects a wrong secret', () => {
    expectRejected(verifySignature(BODY, HEADER, `${SECRET}x`, AT_T), 'signature-mismatch');
  });

  it('rejects an empty secret', () => {
    expectRejected(verifySignature(BODY, HEADER, '', AT_T), 'empty-secret');
  });

  it('never puts the secret in a detail', () => {
    const result = verifySignature(`${BODY} `, HEADER, SECRET, AT_T);
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });
});

describe('verifySignature: the exact raw bytes are signed', () => {
  it('rejects a body changed by one byte', () => {
    expectRejected(verifySignature(BODY.replace('hi', 'ho'), HEADER, SECRET, AT_T), 'signature-mismatch');
  });

  it('rejects a body with a trailing newline added', () => {
    expectRejected(verifySignature(`${BODY}\n`, HEADER, SECRET, AT_T), 'signature-mismatch');
  });

  it('rejects a body with its trailing newline removed', () => {
    const withNewline = `${BODY}\n`;
    expectRejected(verifySignature(BODY, signPayload(withNewline, SECRET, T), SECRET, AT_T), 'signature-mismatch');
  });

  it('rejects a body re-serialized with different spacing', () => {
    const respaced = JSON.stringify(JSON.parse(BODY), null, 2);
    expectRejected(verifySignature(respaced, HEADER, SECRET, AT_T), 'signature-mismatch');
  });

  it('rejects a body re-serialized with a different key order', () => {
    const { event, ...rest } = JSON.parse(BODY) as Record<string, unknown>;
    const reordered = JSON.stringify({ ...rest, event });
    expect(JSON.parse(reordered)).toEqual(JSON.parse(BODY));
    expectRejected(verifySignature(reordered, HEADER, SECRET, AT_T), 'signature-mismatch');
  });

  it('verifies a unicode and multi-byte body given as a string or as its UTF-8 bytes', () => {
    const body = '{"text":"héllo – 日本語 😀 مرحبا"}';
    const header = signPayload(new TextEncoder().encode(body), SECRET, T);
    expect(verifySignature(body, header, SECRET, AT_T).ok).toBe(true);
    expect(verifySignature(Buffer.from(body, 'utf8'), header, SECRET, AT_T).ok).toBe(true);
  });

  it('rejects a multi-byte body in another Unicode normalization form', () => {
    const composed = '{"text":"é"}'.normalize('NFC');
    const decomposed = composed.normalize('NFD');
    expectRejected(verifySignature(decomposed, signPayload(composed, SECRET, T), SECRET, AT_T), 'signature-mismatch');
  });

  it('verifies bytes that are not valid UTF-8', () => {
    const body = Uint8Array.of(0xff, 0xfe, 0x00, 0x80);
    expect(verifySignature(body, signPayload(body, SECRET, T), SECRET, AT_T).ok).toBe(true);
  });

  it('verifies a view into a larger buffer using only the viewed bytes', () => {
    const whole = Buffer.from(`xx${BODY}yy`);
    const view = whole.subarray(2, 2 + Buffer.byteLength(BODY));
    expect(verifySignature(view, HEADER, SECRET, AT_T).ok).toBe(true);
  });
});

describe('constant-time comparison', () => {
  it('returns false, without throwing, for buffers of different lengths', () => {
    expect(constantTimeEqual(Buffer.alloc(32), Buffer.alloc(31))).toBe(false);
  });

  it('compares equal-length buffers by content', () => {
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abd'))).toBe(false);
  });

  it('returns a rejection, never a throw, for a digest of the wrong length', () => {
    expect(() => verifyHeader(`t=${T},v1=${DIGEST.slice(0, 62)}`)).not.toThrow();
    expectRejected(verifyHeader(`t=${T},v1=${DIGEST.slice(0, 62)}`), 'invalid-signature-encoding');
  });
});

describe('sign-then-verify properties', () => {
  const body = fc.uint8Array({ maxLength: 512 });
  const secret = fc.string({ unit: 'binary', minLength: 1, maxLength: 80 });
  const t = fc.integer({ min: 0, max: 99_999_999_999 });

  it('verifies whatever it signed', () => {
    fc.assert(
      fc.property(body, secret, t, (b, s, time) => {
        expect(verifySignature(b, signPayload(b, s, time), s, { now: time, toleranceSeconds: 0 })).toEqual({ ok: true, timestamp: time });
      }),
    );
  });

  it('rejects the body with any one byte flipped', () => {
    const nonEmpty = fc.uint8Array({ minLength: 1, maxLength: 512 });
    fc.assert(
      fc.property(nonEmpty, secret, t, fc.nat(), fc.integer({ min: 1, max: 255 }), (b, s, time, position, mask) => {
        const header = signPayload(b, s, time);
        const flipped = Uint8Array.from(b);
        const index = position % flipped.length;
        flipped[index] = (flipped[index] ?? 0) ^ mask;
        expect(verifySignature(flipped, header, s, { now: time })).toMatchObject({ ok: false, reason: 'signature-mismatch' });
      }),
    );
  });
});
