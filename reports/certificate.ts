// The certification record: a small JSON certificate and an SVG badge, derived from a run report.
//
// Decision (the issue leaves the form open): a certificate is ISSUED only for a complete run (no
// --only/--skip). For an incomplete run certificate.json is still written, with `issued: false`, status
// `incomplete` and the selection that made it so, and badge.svg is a grey "incomplete run" badge. Writing
// both every time means a stale green badge from an earlier complete run in the same folder is always
// replaced, and nobody can present a partial run as conformance.
import { countOutcomes, verdict, type Counts, type RunReport } from './model.js';
import { groupByArea } from './areas.js';
import { escapeAttribute, escapeMarkup } from './escape.js';

export const CERTIFICATE_SCHEMA = 'mcs-certificate/1';

export type CertificateStatus = 'conformant' | 'not-conformant' | 'incomplete';

export interface Certificate {
  schema: typeof CERTIFICATE_SCHEMA;
  /** True only when the run was complete; an unissued certificate certifies nothing. */
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
  verdict: 'pass' | 'fail';
  results: { total: Counts; byArea: Record<string, Counts> };
  /** SHA-256 of report.json as written beside this certificate, when known. */
  reportSha256?: string;
}

/** Used when neither the report nor the spec files say which API version was checked. */
export const DEFAULT_API_VERSION = '4.0.0-beta';

export function buildCertificate(report: RunReport, options: { apiVersion?: string; reportSha256?: string } = {}): Certificate {
  const total = countOutcomes(report.checks);
  const byArea: Record<string, Counts> = {};
  for (const [area, checks] of groupByArea(report.checks)) byArea[area] = countOutcomes(checks);
  const runVerdict = verdict(report.checks);
  const status: CertificateStatus = !report.complete ? 'incomplete' : runVerdict === 'pass' ? 'conformant' : 'not-conformant';
  const apiVersion = report.apiVersion ?? options.apiVersion ?? DEFAULT_API_VERSION;
  const url = report.target.image ?? report.target.baseUrl;
  const implementation: Certificate['implementation'] = { url: report.target.baseUrl, embedded: report.target.embedded };
  if (report.target.image !== undefined) implementation.image = report.target.image;
  const certificate: Certificate = {
    schema: CERTIFICATE_SCHEMA,
    issued: report.complete,
    status,
    statement: statement(status, url, apiVersion, total, report),
    implementation,
    suite: report.suite,
    api: { version: apiVersion },
    specHashes: report.specHashes,
    date: report.endedAt,
    startedAt: report.startedAt,
    seed: report.seed,
    selection: report.selection,
    verdict: runVerdict,
    results: { total, byArea },
  };
  if (options.reportSha256 !== undefined) certificate.reportSha256 = options.reportSha256;
  return certificate;
}

function statement(status: CertificateStatus, url: string, apiVersion: string, counts: Counts, report: RunReport): string {
  const suite = `${report.suite.name} ${report.suite.version}`;
  const notVerifiable = counts.notVerifiable > 0 ? ` (${counts.notVerifiable} not verifiable against this target)` : '';
  if (status === 'incomplete') {
    const selection = [...report.selection.only.map((s) => `--only ${s}`), ...report.selection.skip.map((s) => `--skip ${s}`)].join(' ');
    return `No certificate issued: the run of ${suite} against ${url} was incomplete${selection ? ` (${selection})` : ''}.`;
  }
  if (status === 'conformant') return `${url} passed ${counts.passed} of ${counts.total} checks of ${suite} for API v${apiVersion}${notVerifiable}, none failed.`;
  if (counts.failed === 0 && counts.errors > 0) return `${url} is not conformant to API v${apiVersion}: ${counts.errors} of ${counts.total} checks of ${suite} could not judge the target (error).`;
  return counts.failed > 0
    ? `${url} is not conformant to API v${apiVersion}: ${counts.failed} of ${counts.total} checks of ${suite} failed.`
    : `${url} is not conformant to API v${apiVersion}: no check of ${suite} could be verified.`;
}

/** The badge's words: `conformant v4.0.0-beta: 412/412`, `not conformant: 3 failing`, `incomplete run`. */
export function badgeParts(certificate: Certificate): { label: string; message: string; color: string; text: string } {
  const { total } = certificate.results;
  const version = `v${certificate.api.version}`;
  if (certificate.status === 'incomplete') return { label: `mcs ${version}`, message: 'incomplete run', color: '#6e7781', text: `mcs ${version}: incomplete run` };
  if (certificate.status === 'conformant') {
    const message = `${total.passed}/${total.total}`;
    return { label: `conformant ${version}`, message, color: '#1a7f37', text: `conformant ${version}: ${message}` };
  }
  const message = total.failed > 0 ? `${total.failed} failing` : 'nothing verified';
  return { label: 'not conformant', message, color: '#cf222e', text: `not conformant: ${message}` };
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
  const t = escapeMarkup(text);
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
