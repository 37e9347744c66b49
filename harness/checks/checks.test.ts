import { chai, describe, expect, it } from 'vitest';
import { NotVerifiable } from '../fixtures/not-verifiable.js';
import type { ApiResponse } from '../http/api-client.js';
import { isAssertion, NothingArrived } from './failure.js';
import { CheckFailure, checks, errorCodeOf } from './index.js';

function response(status: number, body: unknown): ApiResponse {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { api: 'v4', method: 'GET', path: '/me', status, headers: {}, text, body, isJson: body !== undefined, truncated: false, durationMs: 1, exchange: { request: { method: 'GET', url: 'http://h/v4/me', headers: {} }, durationMs: 1, curl: 'curl' } };
}

function failureOf(run: () => void): CheckFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof CheckFailure) return error;
    throw error;
  }
  throw new Error('expected a CheckFailure');
}

const flat401 = { error: 'unauthorized', message: 'bad key', status: 401 };
const v4Error = { error: { code: 'not_found', message: 'no such contact', details: {} } };

describe('flatUnauthorized', () => {
  it('accepts the flat 401 with or without a code', () => {
    checks.flatUnauthorized(response(401, flat401));
    checks.flatUnauthorized(response(401, { ...flat401, code: 'invalid_api_key' }));
  });

  it('refuses another status, the v4 shape, and a status field that disagrees', () => {
    expect(failureOf(() => checks.flatUnauthorized(response(403, flat401))).message).toBe('v4 GET /me without valid credentials answered 403, not 401');
    expect(failureOf(() => checks.flatUnauthorized(response(401, { error: { code: 'unauthorized', message: 'x', details: {} } }))).message).toMatch(/error is not a string/);
    expect(failureOf(() => checks.flatUnauthorized(response(401, { ...flat401, status: '401' }))).message).toMatch(/status is not an integer/);
    expect(failureOf(() => checks.flatUnauthorized(response(401, { ...flat401, status: 400 }))).message).toMatch(/not the HTTP status 401/);
  });
});

describe('errorShape and hasErrorCode', () => {
  it('accepts either shape where the layer allows both, and only its own otherwise', () => {
    checks.errorShape(response(404, v4Error), 404);
    checks.errorShape(response(404, { error: 'not_found', message: 'x', status: 404 }), 404);
    expect(() => checks.errorShape(response(404, { error: 'not_found', message: 'x', status: 404 }), 404, 'v4')).toThrow(CheckFailure);
    expect(() => checks.errorShape(response(404, v4Error), 404, 'flat')).toThrow(CheckFailure);
  });

  it('checks the status: one, several, or any 4xx', () => {
    checks.errorShape(response(401, flat401), [403, 401]);
    expect(failureOf(() => checks.errorShape(response(200, { data: {} }), undefined)).expected).toBe('a 4xx status');
    expect(failureOf(() => checks.errorShape(response(500, v4Error), 404)).message).toBe('v4 GET /me answered 500');
  });

  it('requires details in the v4 standard shape (spec/AMBIGUITIES.md)', () => {
    expect(() => checks.errorShape(response(400, { error: { code: 'x', message: 'y' } }), 400, 'v4')).toThrow(/details is not an object/);
  });

  it('reads the code from error.code or the top-level code', () => {
    expect(errorCodeOf(v4Error)).toBe('not_found');
    expect(errorCodeOf({ error: 'Forbidden', message: 'x', status: 403, code: 'oauth_token_required' })).toBe('oauth_token_required');
    expect(errorCodeOf({ error: 'Forbidden' })).toBeUndefined();
    checks.hasErrorCode(response(403, { error: 'Forbidden', message: 'x', status: 403, code: 'oauth_token_required' }), 'oauth_token_required');
    expect(failureOf(() => checks.hasErrorCode(response(403, v4Error), 'oauth_token_required')).message).toBe(`v4 GET /me: error code is 'not_found', not 'oauth_token_required'`);
  });
});

describe('generic checks', () => {
  it('noServerError and hasStatus', () => {
    checks.noServerError(response(499, {}));
    expect(() => checks.noServerError(response(503, {}))).toThrow(CheckFailure);
    checks.hasStatus(response(201, {}), 200, 201);
    expect(() => checks.hasStatus(response(202, {}), 200, 201)).toThrow(/not 200 or 201/);
  });

  it('createdCanBeReadBack compares the id and the named fields', () => {
    const created = { data: { id: 'ct_1', name: 'Ada' } };
    checks.createdCanBeReadBack(response(200, { data: { id: 'ct_1', name: 'Ada', extra: true } }), created, ['name']);
    expect(failureOf(() => checks.createdCanBeReadBack(response(200, { data: { id: 'ct_1', name: 'Bob' } }), created, ['name'])).message).toMatch(/name read back differs/);
    expect(() => checks.createdCanBeReadBack(response(404, v4Error), created)).toThrow(/cannot be read back/);
  });

  it('deletedIsGone accepts 404, or the statuses given for a credential', () => {
    checks.deletedIsGone(response(404, v4Error));
    checks.deletedIsGone(response(401, flat401), [401]);
    expect(() => checks.deletedIsGone(response(200, { data: {} }))).toThrow(/still there/);
  });

  it('every named check has a name and a one-line description', () => {
    for (const [name, check] of Object.entries(checks)) {
      expect(check.checkName).toBe(name);
      expect(check.description).toMatch(/^[^\n]{10,}$/);
    }
  });
});

describe('documentedStatusOnly against garbage', () => {
  const v2 = (status: number, text: string, truncated = false): ApiResponse => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const headers = { 'content-type': text.startsWith('<') ? 'text/html' : 'application/json' };
    return { ...response(status, undefined), api: 'v2', method: 'POST', path: '/contacts', status, headers, text, body, isJson: body !== undefined, truncated };
  };

  it('accepts a documented status with its documented body, also where only default documents it', () => {
    checks.documentedStatusOnly(v2(400, JSON.stringify({ error: 'Bad Request', message: 'name is required', status: 400 })));
  });

  it('refuses HTML, invalid JSON and a cut body, whatever the status', () => {
    expect(failureOf(() => checks.documentedStatusOnly(v2(400, '<html>oops</html>'))).message).toMatch(/an HTML page/);
    expect(failureOf(() => checks.documentedStatusOnly(v2(201, '{"id": "ct_1", '))).message).toMatch(/declared JSON .* does not parse/);
    expect(failureOf(() => checks.documentedStatusOnly(v2(400, `{"error":"${'a'.repeat(100)}`, true))).message).toMatch(/longer than the harness reads/);
  });

  it('refuses a status documented only by default whose body is not the documented error body', () => {
    expect(failureOf(() => checks.documentedStatusOnly(v2(418, JSON.stringify({ teapot: true })))).message).toMatch(/lacks required field 'error'/);
  });
});

describe('isAssertion: a failed expectation, by type', () => {
  it("knows the suites' failures by code, vitest's expect by type, and nothing else", () => {
    expect(isAssertion(new CheckFailure('m', 'e', 'a'))).toBe(true);
    expect(isAssertion(new NothingArrived('m', 'e', 'a'))).toBe(true);
    expect(isAssertion({ ...new CheckFailure('m', 'e', 'a') })).toBe(true);
    expect(isAssertion(new chai.AssertionError('expected 1 to be 2'))).toBe(true);
    expect(isAssertion(new NotVerifiable('needs v2'))).toBe(false);
    expect(isAssertion(Object.assign(new Error('a namesake'), { name: 'CheckFailure' }))).toBe(false);
    expect(isAssertion(new TypeError('x is undefined'))).toBe(false);
  });
});
