// The verdicts of the self-verification, the known-gaps gate and the pool, on hand-made runs.
import { describe, expect, it } from 'vitest';
import { checksCiting, checksNoFaultFails, classifyFault, classifyVariant, fileBatches, listSome, mergeRuns, type CertifyRun, type ReportCheck } from './classify.js';
import { faultProblem, gateProblems, staleNames, uncheckedProblems, variantProblem } from './known-gaps.js';
import type { FaultResult, VariantResult } from './mutants.js';
import { runPool } from './pool.js';

const check = (id: string, outcome: ReportCheck['outcome'], ...clauses: string[]): ReportCheck => ({ id, outcome, clauses, ...(outcome === 'failed' ? { failure: { message: `${id} broke` } } : {}) });
const run = (code: number | null, checks?: ReportCheck[]): CertifyRun => ({ code, ...(checks ? { checks } : {}), outputTail: 'last line', ms: 5 });

describe('classifyFault', () => {
  const clauses = ['a.b.c', 'a.b.d'];

  it('CAUGHT: exit 1 with a failed check citing one of the clauses', () => {
    const verdict = classifyFault(run(1, [check('x/one', 'failed', 'z.z.z', 'a.b.d'), check('x/two', 'passed', 'a.b.c')]), clauses);
    expect(verdict.verdict).toBe('CAUGHT');
    expect(verdict.detail).toContain('x/one');
  });

  it('CAUGHT-ELSEWHERE: the failures cite none of the clauses', () => {
    expect(classifyFault(run(1, [check('x/one', 'failed', 'z.z.z'), check('x/two', 'passed', 'a.b.c')]), clauses).verdict).toBe('CAUGHT-ELSEWHERE');
  });

  it('MISSED: exit 0, or exit 1 only because nothing verifiable ran', () => {
    expect(classifyFault(run(0, [check('x/two', 'passed', 'a.b.c')]), clauses)).toMatchObject({ verdict: 'MISSED', detail: '1 check(s) ran and passed' });
    expect(classifyFault(run(1, [check('x/two', 'not-verifiable', 'a.b.c')]), clauses)).toMatchObject({ verdict: 'MISSED', detail: expect.stringMatching(/not verifiable/) });
  });

  it('a check that fails on the clean reference too proves nothing', () => {
    const verdict = classifyFault(run(1, [check('x/one', 'failed', 'a.b.c')]), clauses, new Set(['x/one']));
    expect(verdict.verdict).toBe('MISSED');
  });

  it('ERROR: no report, a usage exit or a killed run', () => {
    expect(classifyFault(run(2, []), clauses).verdict).toBe('ERROR');
    expect(classifyFault(run(1), clauses)).toMatchObject({ verdict: 'ERROR', detail: 'certify exited 1 without a report: last line' });
    expect(classifyFault(run(null, []), clauses).detail).toMatch(/by a signal/);
  });
});

describe('classifyVariant', () => {
  it('PASS only on exit 0 with no failed check', () => {
    expect(classifyVariant(run(0, [check('x/one', 'passed', 'a.b.c')])).verdict).toBe('PASS');
    expect(classifyVariant(run(1, [check('x/one', 'failed', 'a.b.c')]))).toMatchObject({ verdict: 'FAIL', detail: 'false failure(s): x/one (x/one broke)' });
    expect(classifyVariant(run(1, [check('x/one', 'skipped', 'a.b.c')])).verdict).toBe('FAIL');
    expect(classifyVariant(run(130, [])).verdict).toBe('ERROR');
  });

  it('a pass with warnings is a pass, and its detail names the checks that warned', () => {
    const verdict = classifyVariant(run(0, [check('x/one', 'warning', 'a.b.c'), check('x/two', 'passed', 'a.b.c')]));
    expect(verdict).toMatchObject({ verdict: 'PASS', detail: '2 check(s) passed, 1 with warnings: x/one' });
    expect(classifyFault(run(0, [check('x/one', 'warning', 'a.b.c')]), ['a.b.c'])).toMatchObject({ verdict: 'MISSED', detail: '1 check(s) ran and passed' });
  });
});

describe('helpers', () => {
  it('checksCiting matches exact clause ids', () => {
    const checks = [check('x/one', 'passed', 'a.b.c'), check('x/two', 'passed', 'a.b.cd'), check('x/three', 'failed', 'q.q.q', 'a.b.d')];
    expect(checksCiting(checks, ['a.b.c', 'a.b.d']).map((c) => c.id)).toEqual(['x/one', 'x/three']);
  });

  it('fileBatches runs the files of the most specific clause first, then the rest together', () => {
    const files = { 'a/1': 'suites/a.test.ts', 'a/2': 'suites/a.test.ts', 'b/1': 'suites/b.test.ts', 'c/1': 'suites/c.test.ts' };
    const citing = [check('a/1', 'passed', 'gen.x.y'), check('a/2', 'passed', 'gen.x.y'), check('b/1', 'passed', 'gen.x.y', 'spec.x.y'), check('c/1', 'passed', 'gen.x.y')];
    expect(fileBatches(citing, ['gen.x.y', 'spec.x.y', 'uncited.x.y'], files)).toEqual([['suites/b.test.ts'], ['suites/a.test.ts', 'suites/c.test.ts']]);
    expect(fileBatches(citing.slice(0, 2), ['gen.x.y'], files)).toEqual([['suites/a.test.ts']]);
    expect(fileBatches([...citing, check('x/unplaced', 'passed', 'gen.x.y')], ['gen.x.y'], files)).toBeUndefined();
  });

  it('mergeRuns gives the exit code certify would give both runs together', () => {
    expect(mergeRuns(run(0, [check('a/1', 'passed', 'a.b.c')]), run(1, [check('b/1', 'failed', 'a.b.c')]))).toMatchObject({ code: 1, ms: 10 });
    expect(mergeRuns(run(1, [check('a/1', 'not-verifiable', 'a.b.c')]), run(0, [check('b/1', 'passed', 'a.b.c')])).code).toBe(0);
    expect(mergeRuns(run(0, [check('a/1', 'passed', 'a.b.c')]), run(null)).code).toBeNull();
  });

  it('listSome shortens long lists', () => {
    expect(listSome(['a', 'b'])).toBe('a, b');
    expect(listSome(['a', 'b', 'c', 'd', 'e'], 2)).toBe('a, b and 3 more');
  });

  it('runPool keeps input order and never runs more than one item per lane at once', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: string[] = [];
    const out = await runPool([30, 10, 20, 5, 1], ['L1', 'L2'], async (ms, lane) => {
      inFlight++;
      most = Math.max(most, inFlight);
      seen.push(lane);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight--;
      return ms * 2;
    });
    expect(out).toEqual([60, 20, 40, 10, 2]);
    expect(most).toBe(2);
    expect(new Set(seen)).toEqual(new Set(['L1', 'L2']));
    await expect(runPool([1], [], async () => 1)).rejects.toThrow(/lane/);
  });
});

describe('the known-gaps gate', () => {
  const fault = (name: string, verdict: FaultResult['verdict']): FaultResult => ({ kind: 'fault', name, verdict, clauses: ['a.b.c'], selected: [], failed: [], detail: 'why', ms: 1 });
  const variant = (name: string, verdict: VariantResult['verdict']): VariantResult => ({ kind: 'variant', name, verdict, failed: [], detail: 'why', ms: 1 });

  it('accepts caught unlisted faults and missed listed ones', () => {
    expect(faultProblem(fault('f.a', 'CAUGHT'), false)).toBeUndefined();
    expect(faultProblem(fault('f.b', 'MISSED'), true)).toBeUndefined();
    expect(faultProblem(fault('f.c', 'CAUGHT-ELSEWHERE'), true)).toBeUndefined();
  });

  it('refuses a missed unlisted fault, a caught listed one (the list only shrinks) and an errored run', () => {
    expect(faultProblem(fault('f.a', 'MISSED'), false)).toMatch(/not listed/);
    expect(faultProblem(fault('f.a', 'CAUGHT-ELSEWHERE'), false)).toMatch(/not listed/);
    expect(faultProblem(fault('f.b', 'CAUGHT'), true)).toMatch(/remove it/);
    expect(faultProblem(fault('f.c', 'ERROR'), true)).toMatch(/errored/);
  });

  it('refuses a benign variant that did not pass unless listed, a listed one that passes, and stale names', () => {
    expect(variantProblem(variant('v', 'PASS'), false)).toBeUndefined();
    expect(variantProblem(variant('v', 'FAIL'), true)).toBeUndefined();
    expect(variantProblem(variant('v', 'FAIL'), false)).toMatch(/did not pass/);
    expect(variantProblem(variant('v', 'PASS'), true)).toMatch(/passes now/);
    expect(variantProblem(variant('v', 'ERROR'), true)).toMatch(/errored/);
    const gaps = { faults: new Map([['f.gone', 'old'], ['f.b', 'not checked']]), variants: new Map([['v.gone', 'old']]), checks: new Map<string, string>() };
    expect(staleNames(gaps.faults, ['f.a', 'f.b'])).toEqual(['f.gone']);
    expect(gateProblems({ faults: [fault('f.a', 'CAUGHT'), fault('f.b', 'MISSED')], variants: [variant('v', 'PASS')] }, gaps, { faults: ['f.a', 'f.b'], variants: ['v'] })).toEqual([
      'known-gaps.yaml lists f.gone, which is not a fault of the reference',
      'known-gaps.yaml lists v.gone, which is not a benign variant',
    ]);
  });

  it('refuses a check no fault fails unless listed, a listed check a fault fails now, and listed ids that are no check', () => {
    const listed = new Map([['c.listed', 'why'], ['c.fixed', 'why'], ['c.gone', 'why']]);
    expect(uncheckedProblems(['c.listed', 'c.new'], listed, ['c.listed', 'c.new', 'c.fixed'])).toEqual([
      'no fault of the reference fails c.new, and known-gaps.yaml does not list it: add a fault that breaks what it checks',
      'c.fixed is failed by a fault now: remove it from known-gaps.yaml unproven-checks',
      'known-gaps.yaml lists c.gone, which is not a check',
    ]);
  });

  it('names the checks that pass on the clean reference and that no fault fails', () => {
    const clean = [
      { id: 'a', outcome: 'passed' as const },
      { id: 'b', outcome: 'passed' as const },
      { id: 'c', outcome: 'not-verifiable' as const },
    ];
    expect(checksNoFaultFails(clean, [{ failed: [{ id: 'a' }] }, { failed: [] }])).toEqual(['b']);
  });
});
