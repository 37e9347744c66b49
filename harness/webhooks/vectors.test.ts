// The known-answer vectors in vectors.json were computed by OpenSSL (make-vectors.sh), not by this
// project's code: our signer must reproduce each one and our verifier must accept each one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifySignature } from './signature.js';
import { signPayload } from './signer.js';

interface Vector {
  name: string;
  secret: string;
  t: number;
  body: string;
  signature_hex: string;
  header: string;
}

const vectors = JSON.parse(readFileSync(new URL('./vectors.json', import.meta.url), 'utf8')) as Vector[];

describe('known-answer vectors (computed with openssl)', () => {
  it('has at least ten vectors with distinct names', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(10);
    expect(new Set(vectors.map((v) => v.name)).size).toBe(vectors.length);
  });

  it.each(vectors.map((v) => [v.name, v] as const))('%s: the header is t and the lowercase digest', (_name, v) => {
    expect(v.signature_hex).toMatch(/^[0-9a-f]{64}$/);
    expect(v.header).toBe(`t=${v.t},v1=${v.signature_hex}`);
  });

  it.each(vectors.map((v) => [v.name, v] as const))('%s: our signer reproduces it', (_name, v) => {
    expect(signPayload(v.body, v.secret, v.t)).toBe(v.header);
  });

  it.each(vectors.map((v) => [v.name, v] as const))('%s: our verifier accepts it', (_name, v) => {
    expect(verifySignature(v.body, v.header, v.secret, { now: v.t, toleranceSeconds: 0 })).toEqual({ ok: true, timestamp: v.t });
  });

  it('the vectors that differ only in a trailing newline, or only in key order, have different digests', () => {
    const digest = (name: string) => vectors.find((v) => v.name === name)?.signature_hex;
    expect(digest('body with trailing newline')).not.toBe(digest('same body without trailing newline'));
    expect(digest('keys in one order')).not.toBe(digest('same keys in the other order'));
  });
});
