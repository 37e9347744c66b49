import { describe, expect, it } from 'vitest';
import { toCurl } from './curl.js';
import { maskAuthorization, maskBody, maskHeaders, maskSecret, registerConfigSecrets, SecretRegistry } from './mask.js';

const key = 'api_abcdef0123456789secret';

describe('masking secrets', () => {
  it('keeps a short prefix and never the whole secret', () => {
    expect(maskSecret(key)).toBe('api_ab…(masked)');
    expect(maskSecret('short')).toBe('s…(masked)');
  });

  it('masks the bearer value of Authorization, whatever its case', () => {
    expect(maskAuthorization(`Bearer ${key}`)).toBe('Bearer api_ab…(masked)');
    expect(maskHeaders({ Authorization: `Bearer ${key}`, accept: 'application/json' }, new SecretRegistry())).toEqual({
      Authorization: 'Bearer api_ab…(masked)',
      accept: 'application/json',
    });
  });

  it('masks secret fields of JSON bodies at any depth, even never seen before', () => {
    const body = JSON.stringify({ data: { api_key: key, name: 'ci', tokens: [{ token: 'tok_0123456789abcdef' }] }, signing_secret: 'whsec_0123456789' });
    const masked = maskBody(body, new SecretRegistry());
    expect(masked).not.toContain(key);
    expect(masked).not.toContain('tok_0123456789abcdef');
    expect(masked).not.toContain('whsec_0123456789');
    expect(JSON.parse(masked)).toEqual({ data: { api_key: 'api_ab…(masked)', name: 'ci', tokens: [{ token: 'tok_01…(masked)' }] }, signing_secret: 'whsec…(masked)' });
  });

  it('replaces a known secret anywhere: URL paths (also URL-encoded), text bodies, messages', () => {
    const registry = new SecretRegistry();
    registry.add(key);
    registry.add('a+b/c=0123456789');
    expect(registry.maskText(`http://h/v4/api-keys/${key}/channels`)).toBe('http://h/v4/api-keys/api_ab…(masked)/channels');
    expect(registry.maskText(`/x/${encodeURIComponent('a+b/c=0123456789')}`)).toBe('/x/a+b/c…(masked)');
    expect(maskBody(`not json but ${key}`, registry)).toBe('not json but api_ab…(masked)');
  });

  it('learns secrets returned in bodies so that later URLs carrying them are masked', () => {
    const registry = new SecretRegistry();
    registry.addFromBody(JSON.stringify({ data: { api_key: key } }));
    expect(registry.maskText(`GET /api-keys/${key}`)).toBe('GET /api-keys/api_ab…(masked)');
  });

  it('masks a short credential where it stands as one, and leaves the same letters alone in prose (issue 33)', () => {
    const registry = new SecretRegistry();
    registry.add('shrtkey');
    expect(registry.maskText('Authorization: Bearer shrtkey')).toBe('Authorization: Bearer sh…(masked)');
    expect(registry.maskText('{"echo":"bearer shrtkey.","api_key":"shrtkey","x":"shrtkey"}')).toBe('{"echo":"bearer sh…(masked).","api_key":"sh…(masked)","x":"sh…(masked)"}');
    expect(registry.maskText('/v4/me?token=shrtkey&key=shrtkey')).toBe('/v4/me?token=sh…(masked)&key=sh…(masked)');
    // An ordinary word that happens to be a short key: left alone outside those contexts, and so are longer words.
    expect(registry.maskText('a shrtkey in prose; shrtkeys Bearer shrtkeys')).toBe('a shrtkey in prose; shrtkeys Bearer shrtkeys');
  });

  it('registers every key and token a configuration gives, however short', () => {
    const registry = new SecretRegistry();
    registerConfigSecrets({ api_keys: { primary: 'pk1', secondary: 'api_secondary0123' }, app_tokens: [{ token: 'tk9', scopes: ['numbers:read'] }], other_organizations: [{ api_key: 'ok7', organization_id: 'org_1' }] }, registry);
    expect(registry.maskText('Bearer pk1 Bearer tk9 Bearer ok7 api_secondary0123 org_1 numbers:read')).toBe('Bearer p…(masked) Bearer t…(masked) Bearer o…(masked) api_s…(masked) org_1 numbers:read');
  });

  it('masks a short credential that cannot be a word wherever it stands alone', () => {
    const registry = new SecretRegistry();
    registry.add('k3Y');
    expect(registry.maskText('k3Y was refused; xk3Y and k3Yz are other words')).toBe('k…(masked) was refused; xk3Y and k3Yz are other words');
  });

  it('keeps JSON parseable and other text intact when it masks a short key', () => {
    const registry = new SecretRegistry();
    registry.add('abc');
    const masked = maskBody(JSON.stringify({ authorization: 'Bearer abc', name: 'abc def', text: 'abcabc abc' }), registry);
    expect(JSON.parse(masked)).toEqual({ authorization: 'Bearer a…(masked)', name: 'a…(masked) def', text: 'abcabc abc' });
  });
});

describe('curl reproduction', () => {
  it('quotes every part and skips headers curl computes', () => {
    const curl = toCurl({ method: 'POST', url: 'http://h/v4/contacts', headers: { 'content-length': '9', 'content-type': 'application/json' }, body: `{"name":"O'Hara"}` });
    expect(curl).toBe(`curl -sS -X POST 'http://h/v4/contacts' -H 'content-type: application/json' --data-raw '{"name":"O'\\''Hara"}'`);
  });
});
