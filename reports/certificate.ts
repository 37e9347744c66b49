// The certification record: a small JSON certificate and an SVG badge, derived from a run report and its
// judgement (results/verdict.ts: the verdict is decided there, never here).
//
// A certificate is ISSUED only by `mcs certify` for a complete run (no --only/--skip); a partial run writes
// one with `issued: false` and status partial-run, so that a stale green badge from an earlier run in the
// same folder is always replaced. It carries the SHA-256 of the report.json it was issued from, and with
// --sign-key an Ed25519 signature (reports/certificate-signature.ts): change a result and the digest or the
// signature no longer holds (`mcs verify-certificate`).
import { judge, type Judgement, type Verdict } from '../results/verdict.js';
import { countOutcomes, type Counts, type RunReport } from '../results/model.js';
import { groupByArea } from './areas.js';
import { escapeAttribute, escapeMarkup } from './escape.js';

export const CERTIFICATE_SCHEMA = 'mcs-certificate/3';

export type CertificateStatus = Verdict;

export interface Certificate {
  schema: typeof CERTIFICATE_SCHEMA;
  /** True only for a complete run certified by `mcs certify`; an unissued certificate certifies nothing. */
  issued: boolean;
  status: CertificateStatus;
  /** One sentence a reader can quote. */
  statement: string;
  implementation: { url: string; image?: string; embedded: boolean };
  suite: RunReport['suite'];
  api: { version: string };
  specHashes: Record<string, string>;
  /** When the run ended: the date of the certificate. */
  date: string;
  startedAt: string;
  seed: number;
  selection: RunReport['selection'];
  /** The features the target claimed (`all`: every feature). */
  claims: string[] | 'all';
  /** Clauses in the claimed scope (testable ones), how many were verified, and which were not. */
  scope: { clauses: number; verified: number; unverified: string[]; notClaimed: number };
  results: { total: Counts; byArea: Record<string, Counts> };
  /** The clauses a failed check broke, each with the checks that failed on it (empty unless not conformant). */
  failedClauses: Array<{ id: string; text: string; checks: string[] }>;
  /** Failures excused by the expected-failures file: never part of a conformant certificate. */
  expectedFailures: Array<{ check: string; entry: string; reason: string; link?: string }>;
  /** Entries of the expected-failures file whose checks pass now. */
  staleExpectations: Array<{ id: string; reason: string }>;
  /** SHA-256 (hex) of the exact report.json the certificate was issued from. */
  reportSha256: string;
  /** Ed25519 over the certificate without this field (canonical JSON), when issued with --sign-key. */
  signature?: { algorithm: 'Ed25519'; publicKeySha256: string; value: string };
}

/** Used when neither the report nor the spec files say which API version was checked. */
export const DEFAULT_API_VERSION = '4.0.0-beta';

export function buildCertificate(report: RunReport, options: { apiVersion?: string; reportSha256: string; judgement?: Judgement }): Certificate {
  const judgement = options.judgement ?? judge(report);
  const total = judgement.counts;
  const byArea: Record<string, Counts> = {};
  for (const [area, checks] of groupByArea(report.checks)) byArea[area] = countOutcomes(checks);
  const apiVersion = report.apiVersion ?? options.apiVersion ?? DEFAULT_API_VERSION;
  const url = report.target.image ?? report.target.baseUrl;
  const implementation: Certificate['implementation'] = { url: report.target.baseUrl, embedded: report.target.embedded };
  if (report.target.image !== undefined) implementation.image = report.target.image;
  return {
    schema: CERTIFICATE_SCHEMA,
    issued: judgement.verdict !== 'partial-run',
    status: judgement.verdict,
    statement: statement(judgement, url, apiVersion, report),
    implementation,
    suite: report.suite,
    api: { version: apiVersion },
    specHashes: report.specHashes,
    date: report.endedAt,
    startedAt: report.startedAt,
    seed: report.seed,
    selection: report.selection,
    claims: judgement.claims,
    scope: { clauses: judgement.inScope, verified: judgement.verified, unverified: judgement.unverified.map((clause) => clause.id), notClaimed: judgement.notClaimed.length },
    results: { total, byArea },
    failedClauses: failedClausesOf(report),
    expectedFailures: judgement.expectedFailures.map((check) => ({
      check: check.id,
      entry: check.expectation?.id ?? '',
      reason: check.expectation?.reason ?? '',
      ...(check.expectation?.link !== undefined ? { link: check.expectation.link } : {}),
    })),
    staleExpectations: judgement.expectations.stale.map((entry) => ({ id: entry.id, reason: entry.reason })),
    reportSha256: options.reportSha256,
  };
}

/** Clauses whose coverage is failed, in the order of clauses.yaml, with the failed checks citing each. */
function failedClausesOf(report: RunReport): Certificate['failedClauses'] {
  const failed = report.checks.filter((check) => check.outcome === 'failed');
  return report.coverage
    .filter((clause) => clause.result === 'failed')
    .map((clause) => ({ id: clause.id, text: clause.text, checks: failed.filter((check) => check.clauses.includes(clause.id)).map((check) => check.id) }));
}

function failedClauseIds(report: RunReport): string[] {
  return report.coverage.filter((clause) => clause.result === 'failed').map((clause) => clause.id);
}

/** `a, b and 3 more`: at most `count` ids in a sentence. */
function someOf(ids: readonly string[], count = 8): string {
  return ids.length <= count ? ids.join(', ') : `${ids.slice(0, count).join(', ')} and ${ids.length - count} more`;
}

function statement(judgement: Judgement, url: string, apiVersion: string, report: RunReport): string {
  const suite = `${report.suite.name} ${report.suite.version}`;
  const scope = judgement.claims === 'all' ? 'every feature' : `the claimed features (${judgement.claims.join(', ')})`;
  switch (judgement.verdict) {
    case 'partial-run': {
      const selection = [...report.selection.only.map((s) => `--only ${s}`), ...report.selection.skip.map((s) => `--skip ${s}`)].join(' ');
      return `No certificate issued: the run of ${suite} against ${url} was narrowed (${selection}).`;
    }
    case 'conformant':
      return `${url} is conformant to API v${apiVersion} for ${scope}: all ${judgement.inScope} clauses in scope verified by ${suite}, none failed.`;
    case 'incomplete':
      return `${url} is not certified for API v${apiVersion}: ${judgement.unverified.length} of ${judgement.inScope} clauses in scope (${scope}) were not verified by ${suite}; nothing failed.`;
    case 'not-conformant':
      return judgement.failed.length > 0
        ? `${url} is not conformant to API v${apiVersion}: ${judgement.failed.length} of ${judgement.counts.total} checks of ${suite} failed${failedClauseIds(report).length > 0 ? `, breaking ${failedClauseIds(report).length} clause(s): ${someOf(failedClauseIds(report))}` : ''}.`
        : `${url} is not conformant to API v${apiVersion}: ${judgement.expectedFailures.length} checks of ${suite} failed as the vendor expected.`;
  }
}

const colors = { green: '#1a7f37', red: '#cf222e', amber: '#9a6700', grey: '#6e7781' } as const;

/**
 * The badge's words, one unit each and named: clauses throughout (the certificate's scope is clauses):
 * `conformant v4.0.0-beta: 251/251 clauses`, `not conformant: 3 clauses failing`, `incomplete: 156 clauses
 * unverified`. A failure that cites no clause (a harness-level check) counts as a failing check, said so.
 */
export function badgeParts(certificate: Certificate): { label: string; message: string; color: string; text: string } {
  const version = `v${certificate.api.version}`;
  const parts = (label: string, message: string, color: string) => ({ label, message, color, text: `${label}: ${message}` });
  switch (certificate.status) {
    case 'partial-run':
      return parts(`mcs ${version}`, 'partial run', colors.grey);
    case 'incomplete':
      return parts(`mcs ${version}`, `incomplete: ${certificate.scope.unverified.length} ${plural(certificate.scope.unverified.length, 'clause')} unverified`, colors.amber);
    case 'conformant':
      return parts(`conformant ${version}`, `${certificate.scope.verified}/${certificate.scope.clauses} clauses`, colors.green);
    default: {
      const { failed, expectedFailure } = certificate.results.total;
      const clauses = (certificate.failedClauses ?? []).length;
      if (failed > 0) return parts('not conformant', clauses > 0 ? `${clauses} ${plural(clauses, 'clause')} failing` : `${failed} ${plural(failed, 'check')} failing`, colors.red);
      return parts('not conformant', `${expectedFailure} ${plural(expectedFailure, 'check')} failing as expected`, colors.red);
    }
  }
}

function plural(n: number, unit: string): string {
  return n === 1 ? unit : `${unit}s`;
}

/** Width of a text in the badge's 11px sans-serif, close enough for layout (no font metrics offline). */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[ilj.:,;'|!]/.test(char) ? 3.5 : /[mwMW]/.test(char) ? 9.5 : /[A-Z0-9/]/.test(char) ? 7.5 : 6.5;
  return Math.ceil(width);
}

export function renderBadge(certificate: Certificate): string {
  const { label, message, color, text } = badgeParts(certificate);
  const left = textWidth(label) + 12;
  const right = textWidth(message) + 12;
  const width = left + right;
  // An incomplete run's badge names what stays unverified in its tooltip (the list is in certificate.json).
  const unverified = certificate.status === 'incomplete' ? ` (unverified: ${certificate.scope.unverified.slice(0, 20).join(', ')}${certificate.scope.unverified.length > 20 ? ', …' : ''})` : '';
  const t = escapeMarkup(text + unverified);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${escapeAttribute(text)}">
  <title>${t}</title>
  <linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
  <clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>
  <g clip-path="url(#r)">
    <rect width="${left}" height="20" fill="#555"/>
    <rect x="${left}" width="${right}" height="20" fill="${color}"/>
    <rect width="${width}" height="20" fill="url(#s)"/>
  </g>
  <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
    <text x="${left / 2}" y="15" fill="#010101" fill-opacity=".3">${escapeMarkup(label)}</text>
    <text x="${left / 2}" y="14">${escapeMarkup(label)}</text>
    <text x="${left + right / 2}" y="15" fill="#010101" fill-opacity=".3">${escapeMarkup(message)}</text>
    <text x="${left + right / 2}" y="14">${escapeMarkup(message)}</text>
  </g>
</svg>
`;
}
