import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signatureHeader } from './signing.js';

const secret = 'whsec_testsecret0123456789';
const body = '{"id":"evt_1","type":"message.sent"}';
const at = 1_700_000_000_123;
const expected = (t: string, text: string, key = secret) => createHmac('sha256', key).update(`${t}.${text}`).digest('hex');

describe('signatureHeader', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">', () => {
    const header = signatureHeader(secret, body, at);
    expect(header).toBe(`t=1700000000,v1=${expected('1700000000', body)}`);
    expect(header).toMatch(/^t=[0-9]+,v1=[0-9a-f]{64}$/);
  });

  it('changes when one byte of the body changes', () => {
    expect(signatureHeader(secret, body, at)).not.toBe(signatureHeader(secret, `${body} `, at));
  });

  it('under each signing fault no longer verifies as the description says', () => {
    const good = `t=1700000000,v1=${expected('1700000000', body)}`;
    expect(signatureHeader(secret, body, at, { wrongSecret: true })).not.toBe(good);
    expect(signatureHeader(secret, body, at, { millisecondTimestamp: true })).toMatch(/^t=1700000000123,/);
    expect(signatureHeader(secret, body, at, { bodyOnlyMac: true })).toBe(`t=1700000000,v1=${createHmac('sha256', secret).update(body).digest('hex')}`);
    expect(signatureHeader(secret, body, at, { base64Digest: true })).not.toMatch(/v1=[0-9a-f]{64}$/);
  });
});

describe('newSigningSecret', () => {
  it('is a fresh whsec_ secret of letters and digits each time', () => {
    const a = newSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(newSigningSecret()).not.toBe(a);
  });
});
