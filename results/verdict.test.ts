import { describe, expect, it } from 'vitest';
import { check, conformantChecks, reportOf } from '../test/support/results.js';
import { exitCodes, isVerdictExitCode, judge } from './verdict.js';

describe('exit codes', () => {
  it('are 0 conformant, 1 a clause failed, 2 bad input or an unusable target, 3 incomplete', () => {
    expect(exitCodes).toEqual({ ok: 0, failed: 1, usage: 2, incomplete: 3 });
    expect([0, 1, 2, 3, 130, null].map(isVerdictExitCode)).toEqual([true, true, false, true, false, false]);
  });
});

describe('judge: the verdict of a run', () => {
  it('is conformant, exit 0, when every in-scope testable clause passed', () => {
    const judgement = judge(reportOf(conformantChecks()));
    expect(judgement).toMatchObject({ verdict: 'conformant', exitCode: 0, inScope: 3, verified: 3, unverified: [] });
  });

  it('is not conformant, exit 1, when a check failed', () => {
    const checks = conformantChecks();
    checks[0] = check('contacts/merge-one', 'failed', ['contacts.merge.one'], { failure: { message: 'x' } });
    expect(judge(reportOf(checks))).toMatchObject({ verdict: 'not-conformant', exitCode: 1 });
  });

  it('is incomplete, exit 3, listing the clauses, when nothing failed but a clause was not verified', () => {
    const checks = conformantChecks();
    checks[1] = check('contacts/merge-two', 'not-verifiable', ['contacts.merge.two'], { reason: 'needs the control API' });
    const judgement = judge(reportOf(checks));
    expect(judgement).toMatchObject({ verdict: 'incomplete', exitCode: 3, inScope: 3, verified: 2 });
    expect(judgement.unverified).toEqual([{ id: 'contacts.merge.two', result: 'not-verifiable', reason: 'needs the control API' }]);
  });

  it('never calls a run that verified nothing conformant (every check a 401 check, the rest not verifiable)', () => {
    const checks = [check('auth/x', 'passed', ['contacts.merge.one']), check('contacts/y', 'not-verifiable', ['contacts.merge.two']), check('v2/z', 'not-verifiable', ['v2.send.three'])];
    expect(judge(reportOf(checks)).verdict).toBe('incomplete');
    expect(judge(reportOf([])).verdict).toBe('incomplete');
  });

  it.each(['error', 'not-run', 'skipped'] as const)('counts %s as not verified: never conformant', (outcome) => {
    const checks = [...conformantChecks(), check('contacts/extra', outcome, ['contacts.merge.one'])];
    expect(judge(reportOf(checks))).toMatchObject({ verdict: 'incomplete', exitCode: 3 });
  });

  it('is never changed by a warning', () => {
    const checks = conformantChecks();
    checks[0] = check('contacts/merge-one', 'warning', ['contacts.merge.one'], { warnings: ['a careful implementer would not'] });
    expect(judge(reportOf(checks))).toMatchObject({ verdict: 'conformant', exitCode: 0 });
  });

  it('leaves unclaimed features out of scope: conformant for what is claimed', () => {
    const checks = [...conformantChecks().slice(0, 2), check('v2/send', 'not-claimed', ['v2.send.three'], { reason: 'feature v2 not claimed' })];
    const judgement = judge(reportOf(checks, { claims: ['core'] }));
    expect(judgement).toMatchObject({ verdict: 'conformant', exitCode: 0, inScope: 2, claims: ['core'], notClaimed: ['v2.send.three'] });
    expect(judgement.notClaimedChecks).toEqual([{ reason: 'feature v2 not claimed', count: 1 }]);
  });

  it('is a partial run for --only/--skip: exit 0 when every selected check passed, 3 when one was not verified', () => {
    const selection = { only: ['contacts'], skip: [] };
    const excluded = check('v2/send', 'skipped', ['v2.send.three'], { reason: 'excluded by --only/--skip' });
    const passing = judge(reportOf([...conformantChecks().slice(0, 2), excluded], { selection }));
    expect(passing).toMatchObject({ verdict: 'partial-run', exitCode: 0 });
    const unverified = judge(reportOf([conformantChecks()[0]!, check('contacts/merge-two', 'not-verifiable', ['contacts.merge.two']), excluded], { selection }));
    expect(unverified).toMatchObject({ verdict: 'partial-run', exitCode: 3 });
    expect(judge(reportOf([excluded], { selection }))).toMatchObject({ verdict: 'partial-run', exitCode: 3 });
    const failing = judge(reportOf([check('contacts/merge-one', 'failed', ['contacts.merge.one'], { failure: { message: 'x' } }), excluded], { selection }));
    expect(failing).toMatchObject({ verdict: 'not-conformant', exitCode: 1 });
  });

  it('counts expected failures as known: exit 0, but never conformant', () => {
    const checks = conformantChecks();
    checks[0] = check('contacts/merge-one', 'expected-failure', ['contacts.merge.one'], { expectation: { id: 'contacts/merge-one', reason: 'bug 12' } });
    const judgement = judge(reportOf(checks));
    expect(judgement).toMatchObject({ verdict: 'not-conformant', exitCode: 0 });
    expect(judgement.expectedFailures.map((c) => c.id)).toEqual(['contacts/merge-one']);
  });

  it('flags a stale expectation, and exits 1 for it only when strict', () => {
    const entries = [{ id: 'contacts/merge-one', reason: 'fixed since' }];
    const lenient = judge(reportOf(conformantChecks(), { expectations: { file: 'x.yaml', strict: false, entries } }));
    expect(lenient).toMatchObject({ verdict: 'conformant', exitCode: 0 });
    expect(lenient.expectations.stale).toEqual(entries);
    expect(judge(reportOf(conformantChecks(), { expectations: { file: 'x.yaml', strict: true, entries } }))).toMatchObject({ verdict: 'conformant', exitCode: 1 });
  });
});
