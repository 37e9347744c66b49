// Reports for the HTML report's reading tests, built on the shared sample (test/fixtures/sample-report.json)
// without changing it: a multi-step failure judged on an earlier request than the last, a control-API
// read after it, a raw matcher message, outcomes newer than this renderer, a load run with a per-second
// series, and a large passing run the size of the real suite.
import { encodeHistogram, newHistogram, recordMicros } from '../../load/histogram.js';
import type { CheckResult, Exchange, RunReport } from '../../results/model.js';
import { sampleReport } from './sample.js';

export const controlUrl = 'http://127.0.0.1:41234/control';
const base = 'http://127.0.0.1:41234/v4';
const auth = { authorization: 'Bearer api_Zx…(masked)', 'content-type': 'application/json' };

function exchange(method: string, url: string, status: number, body: string, requestBody?: string): Exchange {
  const request = { method, url, headers: { ...auth }, ...(requestBody ? { body: requestBody } : {}) };
  return { request, response: { status, headers: { 'content-type': 'application/json' }, body }, durationMs: 4, curl: `curl -sS -X ${method} '${url}' -H 'authorization: Bearer api_Zx…(masked)'` };
}

/** Judged on its third request; a control-API read follows it. */
export const multiStep: CheckResult = {
  id: 'contacts/identity-read-back',
  area: 'contacts',
  title: 'an identity added to a contact is listed when the contact is read back',
  clauses: ['identities.create.201'],
  outcome: 'failed',
  durationMs: 40,
  failure: { message: 'expected false to be true // Object.is equality', expected: 'true', actual: 'false' },
  failedExchange: 2,
  exchanges: [
    exchange('POST', `${base}/contacts`, 201, '{"data":{"id":"ct_9f3k2m","name":"Ada","identities":[]}}', '{"name":"Ada"}'),
    exchange('POST', `${base}/contacts/ct_9f3k2m/identities`, 201, '{"data":{"id":"cid_77ab","kind":"email","value":"ada@example.com"}}', '{"kind":"email","value":"ada@example.com"}'),
    exchange('GET', `${base}/contacts/ct_9f3k2m`, 200, '{"data":{"id":"ct_9f3k2m","name":"Ada","identities":[]}}'),
    exchange('GET', `${controlUrl}/organizations/org_1/events?contact=ct_9f3k2m`, 200, '{"data":[]}'),
  ],
};

function histogramOf(count: number, scale: number): string {
  const h = newHistogram();
  for (let i = 0; i < count; i++) recordMicros(h, scale * (2000 + (i % 10) * 300 + (i % 97 === 0 ? 40_000 : 0)));
  return encodeHistogram(h);
}

/** The per-second series of load/result.ts (contracts.md): second 6 stalls, fewer complete and slower. */
export function sampleSeries(seconds = 10, startEpochMs = Date.parse('2026-11-23T10:10:00.000Z')) {
  return {
    startEpochMs,
    intervalMs: 1000 as const,
    points: Array.from({ length: seconds }, (_, second) => {
      const completed = second === 6 ? 380 : second === 7 ? 620 : 500;
      return { sent: 500, completed, errors: second === 6 ? 4 : 0, histogram: histogramOf(completed, second === 6 ? 6 : 1) };
    }),
  };
}

/** A failure whose message is one long unbroken path, as real ids make them. */
const longPath: CheckResult = {
  id: 'contacts/merge-of-source-merged-elsewhere-gets-409',
  area: 'contacts',
  title: 'merging a source already merged elsewhere answers 409',
  clauses: ['contacts.merge.idempotent-same-pair'],
  outcome: 'failed',
  durationMs: 30,
  failure: { message: 'v4 POST /contacts/ct_gUJj2btJmGxdmSfp002mAAAAAAAAAAAAAAAAAAAAAAAA/merge answered 200', expected: 'status 409', actual: '200 {}' },
  exchanges: [exchange('POST', `${base}/contacts/ct_gUJj2btJmGxdmSfp002mAAAAAAAAAAAAAAAAAAAAAAAA/merge`, 200, '{}', '{}')],
};

export function uiSampleReport(): RunReport {
  const report = sampleReport();
  const load = (report.load ?? []).map((entry, i) => (i === 0 && typeof entry === 'object' && entry !== null ? { ...entry, series: sampleSeries() } : entry));
  return { ...report, target: { ...report.target, controlUrl }, checks: [...report.checks, multiStep, longPath], load };
}

/** A run of `count` checks over 16 areas, each with two exchanges (the size of the real suite), the first
 * `failing` of them failed. */
export function largeReport(count = 592, failing = 0): RunReport {
  const report = sampleReport();
  const areas = ['account', 'api-keys', 'auth', 'channels', 'contacts', 'errors', 'location', 'messages', 'numbers', 'pagination', 'priorities', 'robustness', 'v2', 'versioning', 'webhooks', 'events'];
  const checks: CheckResult[] = Array.from({ length: count }, (_, i) => {
    const area = areas[i % areas.length] as string;
    return {
      id: `${area}/check-${i}`,
      area,
      title: `behaviour number ${i} of ${area} holds`,
      clauses: [report.coverage[i % report.coverage.length]?.id ?? 'x'],
      outcome: i < failing ? 'failed' : 'passed',
      durationMs: 20,
      exchanges: [exchange('GET', `${base}/${area}/${i}`, 200, `{"data":{"id":"x_${i}"}}`), exchange('GET', `${base}/${area}`, 200, '{"data":[]}')],
      ...(i < failing ? { failure: { message: `GET /${area}/${i} answered 200, not 404`, expected: 'status 404', actual: '200 {"data":{}}' }, failedExchange: 0 } : {}),
    };
  });
  return { ...report, checks, coverage: report.coverage.map((c) => ({ ...c, result: failing > 0 ? ('failed' as const) : ('passed' as const) })), load: [] };
}
