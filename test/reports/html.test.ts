import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { escapeAttribute, escapeMarkup, jsonForScript } from '../../reports/escape.js';
import { EMBEDDED_EXCHANGES_LIMIT, renderHtml } from '../../reports/html/page.js';
import { niceTicks } from '../../reports/html/plots.js';
import type { CheckResult, RunReport } from '../../results/model.js';
import { sampleReport } from './sample.js';
import { multiStep, uiSampleReport } from './ui-sample.js';
import { check, conformantChecks, reportOf } from '../support/results.js';

const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)><!--';

function hostileReport(): RunReport {
  const report = sampleReport();
  const [first, ...rest] = report.checks;
  if (first === undefined) throw new Error('sample has no checks');
  return {
    ...report,
    target: { ...report.target, baseUrl: `http://127.0.0.1/${hostile}` },
    checks: [{ ...first, title: hostile, outcome: 'failed', failure: { message: hostile, expected: hostile, actual: hostile }, reason: hostile }, ...rest],
    coverage: report.coverage.map((c, i) => (i === 0 ? { ...c, text: hostile } : c)),
    containerLogs: hostile,
  };
}

function embeddedJson(page: string): unknown {
  const start = page.indexOf('<script type="application/json" id="report-data">');
  const end = page.indexOf('</script>', start);
  return JSON.parse(page.slice(start + '<script type="application/json" id="report-data">'.length, end));
}

describe('renderHtml', () => {
  it('escapes every piece of data: only the page\'s own two scripts exist, no element comes from data', () => {
    const page = renderHtml(hostileReport());
    expect(page.match(/<script/g)).toHaveLength(2);
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<!--');
    expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('embeds the report as JSON that parses back to the same report, with no raw <', () => {
    const report = hostileReport();
    const page = renderHtml(report);
    expect(embeddedJson(page)).toEqual(report);
    const start = page.indexOf('id="report-data">');
    expect(page.slice(start + 'id="report-data">'.length, page.indexOf('</script>', start))).not.toContain('<');
  });

  it('embeds a report whose exchanges would make it large without them, says so, and still shows them', () => {
    const report = sampleReport();
    const big = 'x'.repeat(16_384);
    const withBodies: RunReport = {
      ...report,
      checks: report.checks.map((c) => ({ ...c, exchanges: Array.from({ length: 3 }, () => ({ request: { method: 'GET', url: 'http://t/v4/me', headers: {} }, response: { status: 200, headers: {}, body: big }, durationMs: 1, curl: 'curl' })) })),
    };
    expect(jsonForScript(withBodies).length).toBeGreaterThan(EMBEDDED_EXCHANGES_LIMIT);
    const page = renderHtml(withBodies);
    const embedded = embeddedJson(page) as RunReport;
    expect(embedded.checks.every((c) => c.exchanges.length === 0 && c.failedExchange === undefined)).toBe(true);
    expect(embedded.coverage).toEqual(withBodies.coverage);
    expect(page).toContain(`HTTP exchanges: ${withBodies.checks.length * 3} of them would have made the page`);
    expect(page.length).toBeLessThan(jsonForScript(withBodies).length * 2);
    // The small sample keeps everything.
    expect(embeddedJson(renderHtml(report))).toEqual(report);
  });

  it('allows only its own script by hash and no network', () => {
    const page = renderHtml(sampleReport());
    const csp = (/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1] ?? '').replace(/&#39;/g, "'");
    expect(csp).toContain("default-src 'none'");
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0] ?? '').digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(page).not.toMatch(/\s(src|href)="(https?:)?\/\//);
    expect(page).not.toContain('<link');
  });

  it('shows the verdict, the matrix, each failure with its clause sentence and curl, and flags uncovered clauses', () => {
    const page = renderHtml(sampleReport());
    expect(page).toContain('<p class="verdict-title">Not conformant</p>');
    expect(page).toContain('data-set-area="contacts" data-set-result="failed"');
    expect(page).toContain('<blockquote>Merge is idempotent for the same pair.</blockquote>');
    expect(page).toContain('mcs certify --only contacts/merge-is-idempotent --seed 1234567 --replay-path &#39;13:2:0&#39;');
    expect(page).toContain('curl -sS -X POST');
    expect(page).toContain('No check cites this clause.');
    expect(page).toContain('id="load"');
    expect(page).toContain('Latency vs offered rate: send');
  });

  it('renders without load results, and with load entries it does not recognise', () => {
    const { load: _load, ...noLoad } = sampleReport();
    expect(renderHtml(noLoad)).not.toContain('id="load"');
    const odd = renderHtml({ ...sampleReport(), load: [null, 5, { schema: 'mcs-load-result/1', latency: { p50: 'x' } }, { steps: [{ offeredRate: 'fast' }, 3] }, { histogram: 'not base64!', latency: {} }] });
    expect(odd).toContain('Unrecognised load entry');
    expect(odd).toContain('No data to plot.');
  });

  it('shows the verdict of results/verdict.ts: partial run, and incomplete with the unverified clauses', () => {
    expect(renderHtml(reportOf(conformantChecks().slice(0, 2), { selection: { only: ['contacts'], skip: [] } }))).toContain('<p class="verdict-title">Partial run</p>');
    const incomplete = renderHtml(reportOf([...conformantChecks().slice(0, 2), check('v2/send', 'not-verifiable', ['v2.send.three'])]));
    expect(incomplete).toContain('<div class="verdict v-incomplete"');
    expect(incomplete).toContain('1 unverified in-scope clause</summary><p><code>v2.send.three</code>');
    expect(renderHtml(reportOf(conformantChecks()))).toContain('<p class="verdict-title">Conformant</p>');
  });
});

describe('escaping helpers', () => {
  it('make control characters and lone surrogates visible instead of dropping them', () => {
    expect(escapeMarkup('a\u0000b\u001bc\ud800d\t\n')).toBe('a\\x00b\\x1bc\\ud800d\t\n');
    expect(escapeMarkup(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeAttribute('a\nb\tc')).toBe('a&#10;b&#9;c');
    expect(jsonForScript({ s: '</script><!--\u2028' })).toBe('{"s":"\\u003c/script\\u003e\\u003c!--\\u2028"}');
  });

  it('picks round ticks that cover the range', () => {
    expect(niceTicks(0, 9.3)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0, 222)).toEqual([0, 50, 100, 150, 200, 250]);
  });
});

/** The failures section of a page (failure cards only). */
const failuresOf = (page: string): string => page.slice(page.indexOf('<section id="failures"'), page.indexOf('<section id="matrix"'));

describe('failures with many exchanges', () => {
  it('show at most twelve of them, the failing one (here the last) open', () => {
    const report = sampleReport();
    const exchange = (i: number) => ({ request: { method: 'GET', url: `http://127.0.0.1/v4/x/${i}`, headers: {} }, durationMs: 1, curl: `curl ${i}` });
    const failing = { ...report.checks[0]!, outcome: 'failed' as const, failure: { message: 'm' }, exchanges: Array.from({ length: 30 }, (_, i) => exchange(i)) };
    const section = failuresOf(renderHtml({ ...report, checks: [failing] }));
    expect(section.match(/<details class="exchange"/g)).toHaveLength(12);
    expect(section.match(/<details class="exchange" open>/g)).toHaveLength(1);
    expect(section).toContain('30 of 30');
    expect(section).toContain('18 more exchanges are in report.json.');
    expect(section).toContain('<code>curl 29</code>');
  });
});

describe('failures of one root cause', () => {
  it('are shown once under the cause, the first open with "and N more checks", each still listed', () => {
    const report = sampleReport();
    const answer = (path: string) => ({ request: { method: 'GET', url: `http://127.0.0.1/v4${path}`, headers: {} }, response: { status: 401, headers: {}, body: '{}' }, durationMs: 1, curl: `curl ${path}` });
    const flat = (id: string, path: string): CheckResult => ({ ...report.checks[0]!, id, outcome: 'failed', clauses: ['auth.failure.flat-401'], failure: { message: `v4 GET ${path}: the 401 body is not the flat shape` }, exchanges: [answer(path)] });
    const checks = [flat('auth/flat.a', '/me'), flat('auth/flat.b', '/contacts'), flat('auth/flat.c', '/channels')];
    const section = failuresOf(renderHtml({ ...report, checks }));
    expect(section.match(/<h3 class="root-cause"/g)).toHaveLength(1);
    expect(section).toContain('Root cause: 3 checks failed the same way (answered 401): the 401 body is not the flat shape [clause auth.failure.flat-401]');
    expect(section).toContain('And 2 more checks with the same root cause: <a href="#fail-auth_flat.b">');
    for (const check of checks) expect(section).toContain(`id="fail-${check.id.replace('/', '_')}"`);
    expect(section.match(/<details class="failure" open/g)).toHaveLength(1);
  });
});

describe('the reproduction of a failure', () => {
  it('is the request the failure judged, with a replay script of every step', () => {
    const section = failuresOf(renderHtml(uiSampleReport()));
    const card = section.slice(section.indexOf('id="fail-contacts_identity-read-back"'));
    expect(card).toContain('Reproduce the failing request (request 3 of 4)');
    const curl = /id="fail-contacts_identity-read-back-curl"[^>]*><code>([^<]*)<\/code>/.exec(card)?.[1] ?? '';
    expect(curl).toContain('/v4/contacts/ct_9f3k2m');
    expect(curl).not.toContain('/control/');
    expect(card).toContain('Replay all 4 steps');
    expect(card).toContain('MCS_V1_DATA_ID=$(printf');
    expect(card).toContain('the request that failed the check');
  });

  it('without a recorded index, is the last request that is not to the control API', () => {
    const { failedExchange: _dropped, ...unindexed } = multiStep;
    const section = failuresOf(renderHtml({ ...uiSampleReport(), checks: [unindexed] }));
    expect(section).toContain('Reproduce the failing request (request 3 of 4)');
  });

  it('says what was expected and found instead of a raw matcher text', () => {
    const page = renderHtml(uiSampleReport());
    expect(page).not.toMatch(/Object\.is equality<|expected false to be true</);
    expect(failuresOf(page)).toContain('Not as the clause says: expected true, found false');
  });
});

describe('outcomes', () => {
  it('renders outcomes it does not know by their name, and counts them', () => {
    const report = sampleReport();
    const odd = (outcome: string, i: number) => ({ ...report.checks[1]!, id: `auth/odd-${i}`, outcome, reason: `because ${outcome}` }) as unknown as CheckResult;
    const page = renderHtml({ ...report, checks: [...report.checks, ...['error', 'not-run', 'not-claimed', 'expected-failure', 'warning', 'brand-new', 'constructor'].map(odd)] });
    for (const label of ['Error', 'Not run', 'Not claimed', 'Expected failure', 'Passed with warning', 'brand-new', 'constructor']) expect(page).toContain(`<span class="stat-l">${label}</span>`);
    expect(failuresOf(page)).toContain('because error');
    expect(page).toContain('data-set-result="brand-new"');
  });
});

describe('a transport failure instead of a response', () => {
  it('shows the error where the response would be', () => {
    const report = sampleReport();
    const failing = {
      ...report.checks[0]!,
      outcome: 'failed' as const,
      failure: { message: 'no answer' },
      exchanges: [{ request: { method: 'GET', url: 'http://127.0.0.1/v4/me', headers: {} }, error: 'headers timeout after 10000 ms', durationMs: 10000, curl: 'curl http://127.0.0.1/v4/me' }],
    };
    const page = renderHtml({ ...report, checks: [failing] });
    expect(page).toContain('<span class="status st-err">no response</span>');
    expect(page).toContain('<h5>Response</h5><pre>headers timeout after 10000 ms</pre>');
  });
});
