// Writes every report of a run into one folder: report.json, junit.xml, report.html, certificate.json and
// badge.svg (the last two only when `mcs certify` issues them). The reporters live beside this file; this
// module only decides file names and order, and writes them whole (reports/whole-files.ts): all are staged
// before any replaces its old self, so a write that fails leaves the previous reports as they were. The JSON
// report goes first, so that whatever happens to the renderers the record of the run exists.
import type { KeyObject } from 'node:crypto';
import { inertJson } from '../text/inert.js';
import { loadOpenApi } from '../spec/index.js';
import { buildCertificate, renderBadge } from './certificate.js';
import { sha256Hex, signCertificate } from './certificate-signature.js';
import { renderHtml } from './html/page.js';
import { renderJunit } from './junit.js';
import type { RunReport } from '../results/model.js';
import { writeFilesWhole } from './whole-files.js';

export { renderHtml } from './html/page.js';
export { renderJunit } from './junit.js';
export { buildCertificate, renderBadge, type Certificate } from './certificate.js';
export { readReport, reportProblems } from './schema.js';
export { readPrivateKey, readPublicKey, SigningKeyError, verifyCertificate } from './certificate-signature.js';
export { lockOutputFile, lockReportsFolder, OutputInUseError, type OutputLock } from './output-lock.js';
export { ReportWriteError, writeFileWhole } from './whole-files.js';

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

/** The exact text of report.json for a report: what a target sent is kept, every invisible character as an escape. */
export function reportJson(report: RunReport): string {
  return `${inertJson(report, 2)}\n`;
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

/** Renders the HTML report and the JUnit XML of a report into `dir` (what `mcs report --from` re-renders), with report.json when asked. */
export async function writeRenderings(report: RunReport, dir: string, withJson = false): Promise<WrittenReports> {
  return writeAll(dir, [...(withJson ? [[reportFiles.json, reportJson(report)] as const] : []), [reportFiles.junit, renderJunit(report)], [reportFiles.html, renderHtml(report)]]);
}

export interface IssueOptions {
  /** Signs certificate.json (Ed25519) when given. */
  signKey?: KeyObject;
}

/**
 * The issued reports of a run: JUnit, HTML, certificate.json and badge.svg. `reportText` is the exact
 * report.json the certificate refers to (its SHA-256 goes into the certificate). Only `mcs certify` issues: a
 * re-rendering (`mcs report --from`) writes no certificate.
 */
function issuedReports(report: RunReport, reportText: string, options: IssueOptions): Array<[string, string]> {
  const apiVersion = report.apiVersion ?? specApiVersion();
  let certificate = buildCertificate(report, { ...(apiVersion !== undefined ? { apiVersion } : {}), reportSha256: sha256Hex(reportText) });
  if (options.signKey !== undefined) certificate = signCertificate(certificate, options.signKey);
  return [
    [reportFiles.junit, renderJunit(report)],
    [reportFiles.html, renderHtml(report, { certificate })],
    [reportFiles.certificate, `${inertJson(certificate, 2)}\n`],
    [reportFiles.badge, renderBadge(certificate)],
  ];
}

async function writeAll(dir: string, outputs: ReadonlyArray<readonly [string, string]>): Promise<WrittenReports> {
  return { dir, files: await writeFilesWhole(dir, outputs) };
}

/**
 * report.json and the issued reports, together. Should a renderer fail, report.json (the record of the run) is
 * still written, alone, before the renderer's error is thrown.
 */
export async function writeReports(report: RunReport, dir: string, options: IssueOptions = {}): Promise<WrittenReports> {
  const text = reportJson(report);
  let issued: Array<[string, string]>;
  try {
    issued = issuedReports(report, text, options);
  } catch (error) {
    await writeAll(dir, [[reportFiles.json, text]]);
    throw error;
  }
  return writeAll(dir, [[reportFiles.json, text], ...issued]);
}
