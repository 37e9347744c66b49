import { describe, expect, it } from 'vitest';
import { SecretRegistry } from '../http/mask.js';
import { maskLogText, secretValues } from './mask-logs.js';

const empty = new SecretRegistry();

describe('secretValues', () => {
  it('takes the values of secret-looking names only', () => {
    expect(secretValues({ MCS_API_KEY: 'abcd1234', SIGNING_SECRET: 'zz99zz99', PORT: '8080', DB_PASSWORD: 'hunter22', LOG_LEVEL: 'debug' }).sort()).toEqual(['abcd1234', 'hunter22', 'zz99zz99']);
  });
});

describe('maskLogText', () => {
  it('masks the values it was given wherever they occur', () => {
    const masked = maskLogText('starting with key abcd1234efgh and again abcd1234efgh', ['abcd1234efgh'], empty);
    expect(masked).not.toContain('abcd1234efgh');
    expect(masked).toContain('abcd…(masked)');
  });

  it('masks credentials by their shape', () => {
    const line = 'GET /v4/account Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload key=api_0123456789abcdef whsec_ABCDEFGH12345678 "token":"t0k3nvalue"';
    const masked = maskLogText(line, [], empty);
    for (const secret of ['eyJhbGciOiJIUzI1NiJ9.payload', 'api_0123456789abcdef', 'whsec_ABCDEFGH12345678', 't0k3nvalue']) expect(masked).not.toContain(secret);
    expect(masked).toContain('GET /v4/account');
  });

  it('masks the secrets the harness has seen', () => {
    const registry = new SecretRegistry();
    registry.add('plainlookingvalue42');
    expect(maskLogText('org created: plainlookingvalue42', [], registry)).not.toContain('plainlookingvalue42');
  });

  it('leaves ordinary lines alone', () => {
    const line = 'v4       http://0.0.0.0:8080/v4';
    expect(maskLogText(line, [], empty)).toBe(line);
  });
});
