import { describe, expect, it } from 'vitest';
import { judge } from '../../results/verdict.js';
import { check, conformantChecks, reportOf } from '../../test/support/results.js';
import type { Clause } from '../../spec/index.js';
import type { CheckResult } from '../../results/model.js';
import { areaTable } from './area-table.js';
import { itemsShown } from './cut.js';
import { describeFailures } from './failures.js';
import { closingLines, judgementLines, verdictLines } from './judgement.js';
import { describeWarnings, notVerifiableReasons } from './reasons.js';
import { plain } from './style.js';

function result(id: string, outcome: CheckResult['outcome'], clauses: string[], extra: Partial<CheckResult> = {}): CheckResult {
  return { id, area: id.split('/')[0] ?? id, title: id, clauses, outcome, durationMs: 1, exchanges: [], ...extra };
}

const clauses: Clause[] = [{ id: 'a.b.one', section: '1 X', kind: 'behaviour', text: 'One.', needs_control: false }];

const marked = (tone: string, text: string) => `<${tone}>${text}</${tone}>`;


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

  it('shows failures of one root cause once, in full for the first, then "and N more checks", each listed with its request', () => {
    const exchange = (path: string) => ({ request: { method: 'GET', url: `http://127.0.0.1:9/v4${path}`, headers: {} }, response: { status: 401, headers: {}, body: '{}' }, durationMs: 1, curl: `curl ${path}` });
    const flat = (id: string, path: string) => check(id, 'failed', ['contacts.merge.one'], { failure: { message: `v4 GET ${path}: the 401 body is not flat` }, exchanges: [exchange(path)] });
    const text = describeFailures([flat('auth/one', '/me'), flat('auth/two', '/contacts'), flat('auth/three', '/channels')], [], 1);
    expect(text).toContain('  reproduce: curl /me');
    expect(text.split('\n').filter((line) => !line.startsWith('  ') || line.startsWith('  and') || /^ {4}\S/.test(line))).toEqual([
      'ROOT CAUSE: 3 checks failed the same way (answered 401): the 401 body is not flat [clause contacts.merge.one]',
      'FAIL auth/one - auth/one',
      '  and 2 more checks with the same root cause:',
      '    auth/two (GET /v4/contacts -> 401)',
      '    auth/three (GET /v4/channels -> 401)',
    ]);
  });

  it('cuts a root-cause group of many checks to a few, then the count and where the rest are (all of them with --verbose)', () => {
    const exchange = (path: string) => ({ request: { method: 'GET', url: `http://127.0.0.1:9/v4${path}`, headers: {} }, response: { status: 401, headers: {}, body: '{}' }, durationMs: 1, curl: `curl ${path}` });
    const checks = Array.from({ length: 192 }, (_, n) => check(`auth/flat-${n}`, 'failed', ['contacts.merge.one'], { failure: { message: 'v4 GET /me: the 401 body is not flat' }, exchanges: [exchange(`/p${n}`)] }));
    const lines = describeFailures(checks, [], 1).split('\n');
    expect(lines).toContain('  and 191 more checks with the same root cause:');
    expect(lines.filter((line) => /^ {4}auth\/flat-/.test(line))).toHaveLength(itemsShown);
    expect(lines.at(-1)).toBe(`    … and ${191 - itemsShown} more (report.html lists every one; --verbose prints them here)`);
    expect(describeFailures(checks, [], 1, undefined, { verbose: true }).split('\n').filter((line) => /^ {4}auth\/flat-/.test(line))).toHaveLength(191);
  });

  it('cuts the unverified clauses to a few and the count; a narrowed run says them in one line', () => {
    const checks = Array.from({ length: 40 }, (_, n) => check(`contacts/c${n}`, 'not-verifiable', [`contacts.merge.c${n}`], { reason: 'needs the control API' }));
    const clauses = [...checks.map((c) => ({ id: c.clauses[0] ?? '', section: '4 Contacts', kind: 'behaviour' as const, text: '', needs_control: false })), { id: 'auth.x.y', section: '5', kind: 'auth' as const, text: '', needs_control: false }];
    const of = (list: typeof checks, selection?: { only: string[]; skip: string[] }) => judge(reportOf(list, { clauses, ...(selection === undefined ? {} : { selection }) }));
    const lines = judgementLines(of(checks));
    expect(lines[0]).toBe('unverified in-scope clauses (41 of 41):');
    expect(lines).toHaveLength(itemsShown + 2);
    expect(lines.at(-1)).toBe(`  … and ${41 - itemsShown} more (report.html lists every one; --verbose prints them here)`);
    expect(judgementLines(of(checks), { verbose: true })).toHaveLength(42);
    const failed = [check('auth/x', 'failed', ['auth.x.y'], { failure: { message: 'x' } }), ...checks.map((c) => ({ ...c, outcome: 'skipped' as const, reason: 'excluded by --only/--skip' }))];
    expect(judgementLines(of(failed, { only: ['auth'], skip: [] }), { narrowed: true })).toEqual([
      'unverified in-scope clauses: 40 of 41 (a run narrowed by --only/--skip verifies only what it selects; report.html lists them)',
    ]);
  });
});

describe('summary', () => {
  it('tabulates outcomes by area with a total', () => {
    const table = areaTable([result('auth/a', 'passed', []), result('auth/b', 'failed', []), result('errors/c', 'not-verifiable', [])]);
    expect(table.split('\n')).toEqual([
      'area    passed  failed  not verifiable  skipped',
      'auth         1       1               0        0',
      'errors       0       0               1        0',
      'total        1       1               1        0',
    ]);
  });

  it('lists each check that passed with warnings, with what it saw; a warning counts as a pass', () => {
    const warned = result('a/w', 'warning', [], { warnings: ['flat v4 error', 'stale signature'] });
    expect(describeWarnings([warned, result('a/p', 'passed', [])]).split('\n')).toEqual([`WARN a/w - ${warned.title}`, '  flat v4 error', '  stale signature']);
    expect(describeWarnings([result('a/p', 'passed', [])])).toBe('');
    expect(areaTable([warned]).split('\n')[1]).toMatch(/^a\s+1\s+0/);
  });

  it('counts the reasons checks were not verifiable, most frequent first', () => {
    const checks = [
      result('a/1', 'not-verifiable', [], { reason: 'needs the v2 API' }),
      result('a/2', 'not-verifiable', [], { reason: 'needs the control API' }),
      result('a/3', 'not-verifiable', [], { reason: 'needs the control API' }),
      result('a/4', 'passed', []),
    ];
    expect(notVerifiableReasons(checks).split('\n')).toEqual(['not verifiable (2): needs the control API', 'not verifiable (1): needs the v2 API']);
    expect(notVerifiableReasons([])).toBe('');
  });

  it('shows each failure with clause text, expected vs actual, exchange, curl and replay', () => {
    const failed = result('a/y', 'failed', ['a.b.one'], {
      failure: { message: 'property failed', expected: '200', actual: '500 {}', replay: { seed: 42, path: '3:1' } },
      exchanges: [{ request: { method: 'GET', url: 'http://h/v4/x', headers: {} }, response: { status: 500, headers: {}, body: '{}' }, durationMs: 3, curl: "curl -sS -X GET 'http://h/v4/x'" }],
    });
    const text = describeFailures([failed, result('a/x', 'passed', ['a.b.one'])], clauses, 7);
    const judged = { ...failed.exchanges[0]!, request: { ...failed.exchanges[0]!.request, url: 'http://h/v4/judged' } };
    const later = describeFailures([{ ...failed, id: 'a/z', exchanges: [judged, ...failed.exchanges], failedExchange: 0 }], clauses, 7);
    expect(later).toContain('exchange: GET http://h/v4/judged -> 500');
    expect(later).not.toContain('exchange: GET http://h/v4/x ');
    expect(text).toContain('FAIL a/y');
    expect(text).toContain('clause a.b.one: One.');
    expect(text).toContain('expected: 200');
    expect(text).toContain('actual:   500 {}');
    expect(text).toContain('exchange: GET http://h/v4/x -> 500 (3 ms)');
    expect(text).toContain("reproduce: curl -sS -X GET 'http://h/v4/x'");
    expect(text).toContain("replay: mcs certify --only a/y --seed 42 --replay-path '3:1'");
    expect(text).not.toContain('a/x');
  });
});

describe('the last lines of a run', () => {
  it('are the time taken and the verdict, coloured by whether the run passed, was incomplete or failed', () => {
    expect(closingLines({ verdict: 'pass', passed: true, seed: 7, elapsedMs: 83_000, style: plain })).toBe('time taken: 1 min 23 s\nverdict: pass (seed 7)\n');
    expect(closingLines({ verdict: 'fail', passed: false, seed: 7, elapsedMs: 900, style: marked })).toBe('time taken: 900 ms\n<strong><fail>verdict: fail</fail></strong> (seed 7)\n');
    expect(closingLines({ verdict: 'incomplete', passed: false, incomplete: true, seed: 7, elapsedMs: 900, style: marked })).toContain('<strong><warn>verdict: incomplete</warn></strong>');
  });

  it('print whatever the verdict says', () => {
    expect(closingLines({ verdict: 'not conformant (2 errors)', passed: false, seed: 1, elapsedMs: 1, style: plain })).toContain('verdict: not conformant (2 errors) (seed 1)');
  });
});
