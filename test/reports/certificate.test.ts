import { describe, expect, it } from 'vitest';
import { badgeParts, buildCertificate, renderBadge } from '../../reports/certificate.js';
import type { RunReport } from '../../reports/model.js';
import { sampleReport } from './sample.js';
import { checkXml } from './xml-wellformed.js';

const passing = (): RunReport => {
  const report = sampleReport();
  return { ...report, checks: report.checks.map((c) => (c.outcome === 'failed' ? { ...c, outcome: 'passed' as const, failure: undefined } : c)) };
};

describe('the certificate', () => {
  it('is issued for a complete run, with results per area, hashes and the verdict', () => {
    const report = sampleReport();
    const cert = buildCertificate(report, { reportSha256: 'ab'.repeat(32) });
    expect(cert.issued).toBe(true);
    expect(cert.status).toBe('not-conformant');
    expect(cert.verdict).toBe('fail');
    expect(cert.specHashes).toEqual(report.specHashes);
    expect(cert.implementation.url).toBe(report.target.baseUrl);
    expect(cert.results.total).toEqual({ passed: 10, failed: 3, notVerifiable: 3, skipped: 1, errors: 0, notRun: 0, total: 17 });
    expect(cert.results.byArea['contacts']).toEqual({ passed: 2, failed: 1, notVerifiable: 0, skipped: 0, errors: 0, notRun: 0, total: 3 });
    expect(cert.reportSha256).toBe('ab'.repeat(32));
    expect(cert.date).toBe(report.endedAt);
    expect(badgeParts(cert).text).toBe('not conformant: 3 failing');
  });

  it('says conformant with passed/total when every verifiable check passed', () => {
    const cert = buildCertificate(passing());
    expect(cert.status).toBe('conformant');
    expect(badgeParts(cert).text).toBe('conformant v4.0.0-beta: 13/17');
    expect(cert.statement).toContain('3 not verifiable');
  });

  it('is not issued for an incomplete run, and the badge says so in grey', () => {
    const cert = buildCertificate({ ...passing(), complete: false, selection: { only: ['auth'], skip: [] } });
    expect(cert.issued).toBe(false);
    expect(cert.status).toBe('incomplete');
    expect(cert.statement).toContain('--only auth');
    const badge = badgeParts(cert);
    expect(badge.text).toBe('mcs v4.0.0-beta: incomplete run');
    expect(badge.color).toBe('#6e7781');
  });

  it('takes the API version from the report, then the option, then the default', () => {
    const { apiVersion: _v, ...noVersion } = sampleReport();
    expect(buildCertificate(noVersion, { apiVersion: '4.1.0' }).api.version).toBe('4.1.0');
    expect(buildCertificate(noVersion).api.version).toBe('4.0.0-beta');
    expect(buildCertificate({ ...noVersion, apiVersion: '9' }, { apiVersion: '4.1.0' }).api.version).toBe('9');
  });

  it('names the image when the target was a container', () => {
    const report = sampleReport();
    const cert = buildCertificate({ ...report, target: { ...report.target, image: 'vendor/mcs:1.2' } });
    expect(cert.implementation.image).toBe('vendor/mcs:1.2');
    expect(cert.statement).toContain('vendor/mcs:1.2');
  });

  it('renders a well-formed SVG badge that reads as its text, escaping data', () => {
    const cert = buildCertificate(passing());
    const svg = renderBadge({ ...cert, api: { version: '4<&>"' } });
    expect(checkXml(svg).problems).toEqual([]);
    expect(svg).toContain('aria-label="conformant v4&lt;&amp;&gt;&quot;: 13/17"');
    expect(renderBadge(cert)).toContain('<title>conformant v4.0.0-beta: 13/17</title>');
  });
});
