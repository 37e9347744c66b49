import { describe, expect, it } from 'vitest';
import { judge } from '../../results/verdict.js';
import { check, conformantChecks, reportOf } from '../../test/support/results.js';
import { areaTable, verdictLines } from './summary.js';

describe('the end of the console summary', () => {
  it('lists expected failures, stale entries, what is not claimed and the unverified clauses, then the verdict', () => {
    const checks = [
      check('contacts/merge-one', 'expected-failure', ['contacts.merge.one'], { failure: { message: 'tags lost' }, expectation: { id: 'contacts.merge.one', reason: 'bug 12', link: 'https://bugs/12' } }),
      check('contacts/merge-two', 'not-verifiable', ['contacts.merge.two'], { reason: 'needs the control API' }),
      check('v2/send', 'not-claimed', ['v2.send.three'], { reason: 'feature v2 not claimed' }),
      check('contacts/other', 'passed', ['contacts.merge.two']),
    ];
    const report = reportOf(checks, { claims: ['core'], expectations: { file: 'e.yaml', strict: false, entries: [{ id: 'contacts.merge.one', reason: 'bug 12' }, { id: 'contacts/other', reason: 'old' }] } });
    expect(verdictLines(judge(report), 7).split('\n')).toEqual([
      'EXPECTED FAILURE contacts/merge-one: tags lost (expected: bug 12, https://bugs/12)',
      'STALE expected failure contacts/other: its checks pass now; remove the entry (old)',
      'claims: core; 1 clause(s) and 1 check(s) not claimed',
      'not claimed (1): feature v2 not claimed',
      'unverified in-scope clauses (1 of 2):',
      '  contacts.merge.two: not-verifiable (needs the control API)',
      'verdict: incomplete: 1 of 2 in-scope clause(s) not verified (seed 7)',
    ]);
  });

  it('shows the columns of outcomes that occurred beside the usual four', () => {
    const table = areaTable([...conformantChecks(), check('v2/x', 'error', ['v2.send.three'])]);
    expect(table.split('\n')[0]).toMatch(/^area +passed +failed +error +not verifiable +skipped$/);
    expect(table).toMatch(/^total +3 +0 +1 +0 +0$/m);
  });
});
