import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { badgeParts, buildCertificate, renderBadge } from '../../reports/certificate.js';
import { canonicalJson, sha256Hex, signCertificate, verifyCertificate } from '../../reports/certificate-signature.js';
import type { RunReport } from '../../results/model.js';
import { check, conformantChecks, reportOf } from '../support/results.js';
import { sampleReport } from './sample.js';
import { checkXml } from './xml-wellformed.js';

const sha = 'ab'.repeat(32);
const incomplete = (): RunReport => reportOf([...conformantChecks().slice(0, 2), check('v2/send', 'not-verifiable', ['v2.send.three'], { reason: 'no v2 base URL' })]);

describe('the certificate', () => {
  it('is issued for a complete run, with results per area, hashes, the verdict and the report digest', () => {
    const report = sampleReport();
    const cert = buildCertificate(report, { reportSha256: sha });
    expect(cert.issued).toBe(true);
    expect(cert.status).toBe('not-conformant');
    expect(cert.specHashes).toEqual(report.specHashes);
    expect(cert.implementation.url).toBe(report.target.baseUrl);
    expect(cert.results.total).toMatchObject({ passed: 10, failed: 3, notVerifiable: 3, skipped: 1, total: 17 });
    expect(cert.results.byArea['contacts']).toMatchObject({ passed: 2, failed: 1, notVerifiable: 0, skipped: 0, total: 3 });
    expect(cert.reportSha256).toBe(sha);
    expect(cert.date).toBe(report.endedAt);
    // One unit on the badge, named: the clauses the failed checks broke (the certificate lists them).
    expect(cert.failedClauses.map((c) => c.id)).toHaveLength(5);
    expect(cert.failedClauses.every((c) => c.checks.length > 0 && c.text !== '')).toBe(true);
    expect(cert.statement).toMatch(/3 of 17 checks of .* failed, breaking 5 clause\(s\): /);
    for (const clause of cert.failedClauses) expect(cert.statement).toContain(clause.id);
    expect(badgeParts(cert).text).toBe('not conformant: 5 clauses failing');
  });

  it('says conformant only when every clause in scope was verified, and counts clauses on the badge', () => {
    const cert = buildCertificate(reportOf(conformantChecks()), { reportSha256: sha });
    expect(cert.status).toBe('conformant');
    expect(cert.scope).toEqual({ clauses: 3, verified: 3, unverified: [], notClaimed: 0 });
    expect(badgeParts(cert)).toMatchObject({ text: 'conformant v4.0.0-beta: 3/3 clauses', color: '#1a7f37' });
  });

  it('says incomplete in amber, with the count and the list of unverified clauses', () => {
    const cert = buildCertificate(incomplete(), { reportSha256: sha });
    expect(cert.status).toBe('incomplete');
    expect(cert.issued).toBe(true);
    expect(cert.scope.unverified).toEqual(['v2.send.three']);
    expect(cert.statement).toContain('1 of 3 clauses in scope');
    expect(badgeParts(cert)).toMatchObject({ text: 'mcs v4.0.0-beta: incomplete: 1 clause unverified', color: '#9a6700' });
    expect(renderBadge(cert)).toContain('unverified: v2.send.three');
  });

  it('names the claims and leaves unclaimed clauses out of scope', () => {
    const report = reportOf([...conformantChecks().slice(0, 2), check('v2/send', 'not-claimed', ['v2.send.three'])], { claims: ['core'] });
    const cert = buildCertificate(report, { reportSha256: sha });
    expect(cert).toMatchObject({ status: 'conformant', claims: ['core'], scope: { clauses: 2, verified: 2, notClaimed: 1 } });
    expect(cert.statement).toContain('the claimed features (core)');
  });

  it('lists expected failures and stale entries, and is never conformant with one', () => {
    const checks = conformantChecks();
    checks[0] = check('contacts/merge-one', 'expected-failure', ['contacts.merge.one'], { expectation: { id: 'contacts/merge-one', reason: 'bug 12', link: 'https://bugs/12' } });
    const report = reportOf(checks, { expectations: { file: 'e.yaml', strict: false, entries: [{ id: 'contacts/merge-one', reason: 'bug 12' }, { id: 'contacts/merge-two', reason: 'fixed' }] } });
    const cert = buildCertificate(report, { reportSha256: sha });
    expect(cert.status).toBe('not-conformant');
    expect(cert.expectedFailures).toEqual([{ check: 'contacts/merge-one', entry: 'contacts/merge-one', reason: 'bug 12', link: 'https://bugs/12' }]);
    expect(cert.staleExpectations).toEqual([{ id: 'contacts/merge-two', reason: 'fixed' }]);
    expect(badgeParts(cert).text).toBe('not conformant: 1 check failing as expected');
  });

  it('is not issued for a partial run, and the badge says so in grey', () => {
    const cert = buildCertificate(reportOf(conformantChecks().slice(0, 2), { selection: { only: ['contacts'], skip: [] } }), { reportSha256: sha });
    expect(cert.issued).toBe(false);
    expect(cert.status).toBe('partial-run');
    expect(cert.statement).toContain('--only contacts');
    expect(badgeParts(cert)).toMatchObject({ text: 'mcs v4.0.0-beta: partial run', color: '#6e7781' });
  });

  it('takes the API version from the report, then the option, then the default', () => {
    const { apiVersion: _v, ...noVersion } = sampleReport();
    expect(buildCertificate(noVersion, { apiVersion: '4.1.0', reportSha256: sha }).api.version).toBe('4.1.0');
    expect(buildCertificate(noVersion, { reportSha256: sha }).api.version).toBe('4.0.0-beta');
    expect(buildCertificate({ ...noVersion, apiVersion: '9' }, { apiVersion: '4.1.0', reportSha256: sha }).api.version).toBe('9');
  });

  it('names the image when the target was a container', () => {
    const report = sampleReport();
    const cert = buildCertificate({ ...report, target: { ...report.target, image: 'vendor/mcs:1.2' } }, { reportSha256: sha });
    expect(cert.implementation.image).toBe('vendor/mcs:1.2');
    expect(cert.statement).toContain('vendor/mcs:1.2');
  });

  it('renders a well-formed SVG badge that reads as its text, escaping data', () => {
    const cert = buildCertificate(reportOf(conformantChecks()), { reportSha256: sha });
    const svg = renderBadge({ ...cert, api: { version: '4<&>"' } });
    expect(checkXml(svg).problems).toEqual([]);
    expect(svg).toContain('aria-label="conformant v4&lt;&amp;&gt;&quot;: 3/3 clauses"');
  });
});

describe('signed certificates', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const other = generateKeyPairSync('ed25519');
  const reportText = '{"a":1}\n';
  const signed = () => signCertificate(buildCertificate(reportOf(conformantChecks()), { reportSha256: sha256Hex(reportText) }), privateKey);

  it('verify with the public key and the report they were issued from', () => {
    expect(verifyCertificate(signed(), publicKey, reportText)).toMatchObject({ valid: true });
    expect(verifyCertificate(signed(), publicKey)).toMatchObject({ valid: true });
  });

  it('fail for a changed certificate, a changed report, another key, or no signature', () => {
    expect(verifyCertificate({ ...signed(), status: 'conformant', statement: 'edited' }, publicKey)).toMatchObject({ valid: false, reason: expect.stringContaining('changed after it was signed') });
    expect(verifyCertificate(signed(), publicKey, '{"a":2}\n')).toMatchObject({ valid: false, reason: expect.stringContaining('report does not match') });
    expect(verifyCertificate(signed(), other.publicKey)).toMatchObject({ valid: false, reason: expect.stringContaining('another key') });
    const { signature: _s, ...unsigned } = signed();
    expect(verifyCertificate(unsigned, publicKey)).toMatchObject({ valid: false, reason: 'the certificate is not signed' });
  });

  it('sign the canonical form: key order does not matter', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    const cert = signed();
    const reordered = Object.fromEntries(Object.entries(cert).reverse()) as typeof cert;
    expect(verifyCertificate(reordered, publicKey)).toMatchObject({ valid: true });
  });
});
