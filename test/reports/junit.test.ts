import { describe, expect, it } from 'vitest';
import { renderJunit, testcaseName } from '../../reports/junit.js';
import type { CheckResult, RunReport } from '../../results/model.js';
import { sampleReport } from './sample.js';
import { checkXml } from './xml-wellformed.js';

function only(checks: CheckResult[], base: RunReport = sampleReport()): RunReport {
  return { ...base, checks };
}

function attribute(xml: string, element: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${element}\\b[^>]*\\s${name}="([^"]*)"`, 'g'))].map((m) => m[1] ?? '');
}

describe('the well-formedness checker itself', () => {
  it('rejects what is not XML', () => {
    expect(checkXml('<a><b></a></b>').problems).not.toEqual([]);
    expect(checkXml('<a x="1" x="2"/>').problems).not.toEqual([]);
    expect(checkXml('<a>&nbsp;</a>').problems).not.toEqual([]);
    expect(checkXml('<a>\u0001</a>').problems).not.toEqual([]);
    expect(checkXml('<a b="<"/>').problems).not.toEqual([]);
    expect(checkXml('<a/><b/>').problems).not.toEqual([]);
    expect(checkXml('<?xml version="1.0"?>\n<a x="&amp;&#10;">t &lt; u</a>\n').problems).toEqual([]);
  });
});

describe('renderJunit', () => {
  const report = sampleReport();
  const xml = renderJunit(report);

  it('is well-formed XML even with hostile bodies and control characters in the report', () => {
    expect(checkXml(xml).problems).toEqual([]);
    expect(xml).not.toContain('<script>');
    expect(xml).toContain('\\x1b[31m');
  });

  it('has a testsuite per area and a testcase per check, with the clause ids in the name', () => {
    const areas = [...new Set(report.checks.map((c) => c.area))];
    expect(attribute(xml, 'testsuite', 'name')).toEqual(areas);
    expect(checkXml(xml).elements.filter((e) => e === 'testcase')).toHaveLength(report.checks.length);
    expect(xml).toContain('name="merge-is-idempotent [contacts.merge.idempotent-same-pair, contacts.merge.repeat-unchanged-200]"');
    expect(attribute(xml, 'testsuites', 'tests')).toEqual([String(report.checks.length)]);
    expect(attribute(xml, 'testsuites', 'failures')).toEqual([String(report.checks.filter((c) => c.outcome === 'failed').length)]);
  });

  it('writes a failure with its message, the clause sentence, expected/actual, replay and the masked exchange', () => {
    const check = report.checks.find((c) => c.id === 'contacts/merge-is-idempotent');
    expect(check).toBeDefined();
    const one = renderJunit(only([check as CheckResult]));
    expect(checkXml(one).problems).toEqual([]);
    expect(one).toContain('<failure message="property failed after 14 runs: the second merge answered 409 contact_already_merged"');
    expect(one).toContain('clause contacts.merge.idempotent-same-pair: Merge is idempotent for the same pair.');
    expect(one).toContain('expected: status 200 and the same survivor');
    expect(one).toContain('actual:   status 409, code contact_already_merged');
    expect(one).toContain("replay:   mcs certify --only contacts/merge-is-idempotent --seed 1234567 --replay-path '13:2:0'");
    expect(one).toContain('&gt; POST http://127.0.0.1:41234/v4/contacts/ct_a1/merge');
    expect(one).toContain('reproduce: curl -sS -X POST');
  });

  it('reports not-verifiable and skipped checks as skipped with their outcome and reason', () => {
    const checks = report.checks.filter((c) => c.outcome === 'not-verifiable' || c.outcome === 'skipped');
    const out = renderJunit(only(checks));
    expect(out.match(/<skipped>/g)).toHaveLength(checks.length);
    expect(out).toContain('<skipped>not verifiable: needs two API keys and a numbered channel: the config file provides one key</skipped>');
    expect(out).toContain('<skipped>skipped: not implemented in this suite version</skipped>');
    expect(out).toContain('status="not-verifiable"');
  });

  it('masks an Authorization header that reached the report unmasked', () => {
    const check: CheckResult = {
      id: 'auth/x',
      area: 'auth',
      title: 't',
      clauses: [],
      outcome: 'failed',
      durationMs: 1,
      failure: { message: 'm' },
      exchanges: [{ request: { method: 'GET', url: 'http://127.0.0.1/v4/me', headers: { Authorization: 'Bearer api_supersecretvalue123' } }, durationMs: 1, curl: "curl -H 'Authorization: Bearer api_supersecretvalue123' http://127.0.0.1/v4/me" }],
    };
    const out = renderJunit(only([check]));
    expect(out).not.toContain('supersecretvalue');
    expect(out).toContain('(masked)');
  });

  it('writes a multi-line message on one line in its attribute and whole in the text', () => {
    const check: CheckResult = { id: 'a/b', area: 'a', title: 't', clauses: ['x.y.z'], outcome: 'failed', durationMs: 1, failure: { message: 'line one\nline "two" <&>\u0007' }, exchanges: [] };
    const out = renderJunit(only([check]));
    expect(checkXml(out).problems).toEqual([]);
    expect(out).toContain('message="line one line &quot;two&quot; &lt;&amp;&gt;\\x07"');
    expect(out).toContain('line one\nline "two" &lt;&amp;&gt;\\x07');
  });

  it('names a test case by its check name and clause ids', () => {
    expect(testcaseName({ id: 'errors/unknown-resource-404', area: 'errors', clauses: ['errors.404.not-found'] })).toBe('unknown-resource-404 [errors.404.not-found]');
    expect(testcaseName({ id: 'other', area: 'errors', clauses: [] })).toBe('other');
  });
});

describe('long exchange lists', () => {
  it('show the first two and the last exchanges, saying how many were left out', () => {
    const exchange = (i: number) => ({ request: { method: 'GET', url: `http://127.0.0.1/v4/x/${i}`, headers: {} }, durationMs: 1, curl: `curl ${i}` });
    const check: CheckResult = { id: 'a/long', area: 'a', title: 't', clauses: [], outcome: 'failed', durationMs: 1, failure: { message: 'm' }, exchanges: Array.from({ length: 40 }, (_, i) => exchange(i)) };
    const out = renderJunit(only([check]));
    expect(out).toContain('exchange 1 of 40:');
    expect(out).toContain('exchange 2 of 40:');
    expect(out).not.toContain('exchange 3 of 40:');
    expect(out).toContain('(28 more exchanges: see report.json)');
    expect(out).toContain('exchange 31 of 40:');
    expect(out).toContain('exchange 40 of 40:');
  });
});
