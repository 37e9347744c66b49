import { describe, expect, it } from 'vitest';
import { check } from '../test/support/results.js';
import { applyExpectations, entryMatches, expectationStatus, ExpectationsError, parseExpectations } from './expectations.js';

const at = new Date('2026-11-26T12:00:00Z');

describe('expected failures', () => {
  it('reads id, reason, link and until (a YAML date too)', () => {
    const text = `- id: contacts/merge-is-idempotent\n  reason: bug 12\n  link: https://bugs.example/12\n  until: 2027-01-31\n- id: errors.404.not-found\n  reason: "known"\n  until: "2026-12-01"\n`;
    expect(parseExpectations(text, 'x.yaml')).toEqual([
      { id: 'contacts/merge-is-idempotent', reason: 'bug 12', link: 'https://bugs.example/12', until: '2027-01-31' },
      { id: 'errors.404.not-found', reason: 'known', until: '2026-12-01' },
    ]);
    expect(parseExpectations('', 'x.yaml')).toEqual([]);
  });

  it.each([
    ['id: x', /must be a list/],
    ['- reason: r', /entry 1: id must name/],
    ['- id: a/b', /entry 1 \(a\/b\): reason is required/],
    ['- id: a/b\n  reason: r\n  until: next week', /until must be a date/],
    ['- id: a/b\n  reason: r\n  until: 2026-02-30', /until must be a date/],
    ['- id: a/b\n  reason: r\n  owner: me', /unknown field 'owner'/],
    ['- [', /not valid YAML/],
  ])('refuses %j in one line', (text, message) => {
    expect(() => parseExpectations(text, 'x.yaml')).toThrow(ExpectationsError);
    expect(() => parseExpectations(text, 'x.yaml')).toThrow(message);
  });

  it('match a check by id, id prefix or a clause it cites', () => {
    const c = check('contacts/merge-is-idempotent', 'failed', ['contacts.merge.one']);
    expect(entryMatches({ id: 'contacts/merge-is-idempotent' }, c)).toBe(true);
    expect(entryMatches({ id: 'contacts/merge' }, c)).toBe(true);
    expect(entryMatches({ id: 'contacts.merge.one' }, c)).toBe(true);
    expect(entryMatches({ id: 'contacts.merge' }, c)).toBe(false);
    expect(entryMatches({ id: 'auth/x' }, c)).toBe(false);
  });

  it('turn matching failures into expected failures, and nothing else', () => {
    const checks = [check('a/fails', 'failed', ['x.y.z'], { failure: { message: 'boom' } }), check('a/passes', 'passed', ['x.y.z']), check('b/fails', 'failed', ['q.r.s'])];
    const applied = applyExpectations(checks, [{ id: 'a/', reason: 'bug 1', link: 'L' }], at);
    expect(applied.map((c) => c.outcome)).toEqual(['expected-failure', 'passed', 'failed']);
    expect(applied[0]).toMatchObject({ failure: { message: 'boom' }, expectation: { id: 'a/', reason: 'bug 1', link: 'L' } });
  });

  it('let an entry past its until date lapse: the failure counts again, and the entry is listed expired', () => {
    const entries = [{ id: 'a/fails', reason: 'bug 1', until: '2026-11-25' }];
    const checks = applyExpectations([check('a/fails', 'failed', [])], entries, at);
    expect(checks[0]?.outcome).toBe('failed');
    expect(expectationStatus(checks, entries, at)).toEqual({ stale: [], expired: entries });
    expect(applyExpectations([check('a/fails', 'failed', [])], [{ ...entries[0]!, until: '2026-11-26' }], at)[0]?.outcome).toBe('expected-failure');
  });

  it('call an entry stale when the checks it names ran and passed, not when they did not run', () => {
    const entries = [
      { id: 'a/passes', reason: 'fixed' },
      { id: 'a/fails', reason: 'bug' },
      { id: 'b/not-run', reason: 'unknown' },
    ];
    const checks = applyExpectations([check('a/passes', 'passed', []), check('a/fails', 'failed', []), check('b/not-run', 'skipped', [])], entries, at);
    expect(expectationStatus(checks, entries, at).stale).toEqual([entries[0]]);
  });
});
