// Writes every report of a run into one folder: report.json, junit.xml, report.html, certificate.json and
// badge.svg (the last two only when `mcs certify` issues them). The reporters live beside this file; this module only decides file names and order. The
// JSON report is written first, so that whatever happens to the renderers the record of the run exists.
import type { KeyObject } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadOpenApi } from '../spec/index.js';
import { buildCertificate, renderBadge } from './certificate.js';
import { sha256Hex, signCertificate } from './certificate-signature.js';
import { renderHtml } from './html/page.js';
import { renderJunit } from './junit.js';
import type { RunReport } from '../results/model.js';

export { renderHtml } from './html/page.js';
export { renderJunit } from './junit.js';
export { buildCertificate, renderBadge, type Certificate } from './certificate.js';
export { readReport, reportProblems } from './schema.js';
export { readPrivateKey, readPublicKey, SigningKeyError, verifyCertificate } from './certificate-signature.js';

export interface WrittenReports {
  dir: string;
  files: string[];
}

export const reportFiles = {
  json: 'report.json',
  junit: 'junit.xml',
  html: 'report.html',
  certificate: 'certificate.json',
  badge: 'badge.svg',
} as const;

/** The exact text of report.json for a report. */
export function reportJson(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** The API version of the spec files in this checkout, for reports that do not record it. */
function specApiVersion(): string | undefined {
  try {
    const info = loadOpenApi('v4')['info'] as { version?: unknown } | undefined;
    return typeof info?.version === 'string' ? info.version : undefined;
  } catch {
    return undefined;
  }
}

/** Renders the HTML report and the JUnit XML of a report into `dir` (what `mcs report --from` re-renders). */
export async function writeRenderings(report: RunReport, dir: string): Promise<WrittenReports> {
  return writeAll(dir, [
    [reportFiles.junit, renderJunit(report)],
    [reportFiles.html, renderHtml(report)],
  ]);
}

export interface IssueOptions {
  /** Signs certificate.json (Ed25519) when given. */
  signKey?: KeyObject;
}

/**
 * Issues the certificate of a run: renders JUnit, HTML, certificate.json and badge.svg into `dir`.
 * `reportText` is the exact report.json the certificate refers to (its SHA-256 goes into the certificate).
 * Only `mcs certify` issues: a re-rendering (`mcs report --from`) writes no certificate.
 */
export async function writeIssuedReports(report: RunReport, dir: string, reportText: string, options: IssueOptions = {}): Promise<WrittenReports> {
  const apiVersion = report.apiVersion ?? specApiVersion();
  let certificate = buildCertificate(report, { ...(apiVersion !== undefined ? { apiVersion } : {}), reportSha256: sha256Hex(reportText) });
  if (options.signKey !== undefined) certificate = signCertificate(certificate, options.signKey);
  return writeAll(dir, [
    [reportFiles.junit, renderJunit(report)],
    [reportFiles.html, renderHtml(report, { certificate })],
    [reportFiles.certificate, `${JSON.stringify(certificate, null, 2)}\n`],
    [reportFiles.badge, renderBadge(certificate)],
  ]);
}

async function writeAll(dir: string, outputs: ReadonlyArray<[string, string]>): Promise<WrittenReports> {
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const [name, text] of outputs) {
    const path = join(dir, name);
    await writeFile(path, text);
    files.push(path);
  }
  return { dir, files };
}

/** report.json first (the record of the run, whatever happens to the renderers), then the issued reports. */
export async function writeReports(report: RunReport, dir: string, options: IssueOptions = {}): Promise<WrittenReports> {
  await mkdir(dir, { recursive: true });
  const text = reportJson(report);
  const json = join(dir, reportFiles.json);
  await writeFile(json, text);
  const derived = await writeIssuedReports(report, dir, text, options);
  return { dir, files: [json, ...derived.files] };
}
