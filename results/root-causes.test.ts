import { describe, expect, it } from 'vitest';
import { check } from '../test/support/results.js';
import type { CheckResult, Exchange } from './model.js';
import { normalizedFailure, rootCauseLine, rootCauses } from './root-causes.js';

function answered(method: string, path: string, status: number): Exchange {
  return { request: { method, url: `http://127.0.0.1:9/v4${path}`, headers: {} }, response: { status, headers: {} }, durationMs: 1, curl: '' };
}

function failed(id: string, message: string, clauses: string[], exchange?: Exchange): CheckResult {
  return check(id, 'failed', clauses, { failure: { message }, exchanges: exchange ? [exchange] : [] });
}

describe('rootCauses', () => {
  it('groups failures whose answers have one status and whose failure says the same once the request, ids and numbers are set aside', () => {
    const checks = [
      failed('auth/flat.getMe', 'v4 GET /me: the 401 body is not the flat shape (error is not a string)', ['auth.failure.flat-401'], answered('GET', '/me', 401)),
      check('auth/fine', 'passed', ['auth.failure.flat-401']),
      failed('numbers/quote', 'matched_count: expected 1, found 2', ['numbers.quote.top-level-counts'], answered('GET', '/channels/native/available', 200)),
      failed('auth/flat.getContact', 'v4 GET /contacts/ct_9fK2m0: the 401 body is not the flat shape (error is not a string)', ['auth.failure.flat-401'], answered('GET', '/contacts/ct_9fK2m0', 401)),
      failed('api-keys/stops', 'v4 GET /me: the 401 body is not the flat shape (error is not a string)', ['apikeys.delete.stops-authenticating'], answered('GET', '/me', 401)),
      // The same words with another status is another cause.
      failed('auth/flat.other', 'v4 GET /me: the 401 body is not the flat shape (error is not a string)', ['auth.failure.flat-401'], answered('GET', '/me', 403)),
    ];
    const groups = rootCauses(checks);
    expect(groups.map((g) => g.checks.map((c) => c.id))).toEqual([['auth/flat.getMe', 'auth/flat.getContact', 'api-keys/stops'], ['numbers/quote'], ['auth/flat.other']]);
    expect(groups[0]).toMatchObject({ status: '401', clauses: ['auth.failure.flat-401'], citedBy: 2, says: 'the 401 body is not the flat shape (error is not a string)' });
    expect(rootCauseLine(groups[0]!)).toBe('3 checks failed the same way (answered 401): the 401 body is not the flat shape (error is not a string) [clause auth.failure.flat-401, cited by 2 of them]');
  });

  it('sets ids, phone numbers and long numbers aside, but keeps field names and small counts', () => {
    expect(normalizedFailure('v2 POST /chats/%2B14155550102/messages: chat_lKBIrTlHKv1dkQwr005k answered at 1795826031848')).toBe('{id} answered at {n}');
    expect(normalizedFailure('matched_count: expected 1, found 2')).toBe('matched_count: expected 1, found 2');
    expect(normalizedFailure('sent to +14155550102 twice')).toBe('sent to {phone} twice');
  });

  it('keeps failures without an exchange apart from those with one', () => {
    const groups = rootCauses([failed('a/one', 'boom', ['x.y']), failed('a/two', 'boom', ['x.y'], answered('GET', '/me', 500))]);
    expect(groups.map((g) => g.status)).toEqual(['no request', '500']);
  });
});
