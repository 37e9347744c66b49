// Writes every report of a run into one folder: report.json, junit.xml, report.html, certificate.json and
// badge.svg. The reporters live beside this file; this module only decides file names and order. The
// JSON report is written first, so that whatever happens to the renderers the record of the run exists.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadOpenApi } from '../spec/index.js';
import { buildCertificate, renderBadge } from './certificate.js';
import { renderHtml } from './html/page.js';
import { renderJunit } from './junit.js';
import type { RunReport } from './model.js';

export { renderHtml } from './html/page.js';
export { renderJunit } from './junit.js';
export { buildCertificate, renderBadge, type Certificate } from './certificate.js';
export { readReport, reportProblems } from './schema.js';

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

/**
 * Renders the derived reports (JUnit, HTML, certificate, badge) of a report into `dir`. `reportText` is the
 * exact report.json the certificate refers to (its SHA-256 goes into the certificate).
 */
export async function writeDerivedReports(report: RunReport, dir: string, reportText: string): Promise<WrittenReports> {
  await mkdir(dir, { recursive: true });
  const apiVersion = report.apiVersion ?? specApiVersion();
  const certificate = buildCertificate(report, {
    ...(apiVersion !== undefined ? { apiVersion } : {}),
    reportSha256: createHash('sha256').update(reportText).digest('hex'),
  });
  const outputs: Array<[string, string]> = [
    [reportFiles.junit, renderJunit(report)],
    [reportFiles.html, renderHtml(report, { certificate })],
    [reportFiles.certificate, `${JSON.stringify(certificate, null, 2)}\n`],
    [reportFiles.badge, renderBadge(certificate)],
  ];
  const files: string[] = [];
  for (const [name, text] of outputs) {
    const path = join(dir, name);
    await writeFile(path, text);
    files.push(path);
  }
  return { dir, files };
}

export async function writeReports(report: RunReport, dir: string): Promise<WrittenReports> {
  await mkdir(dir, { recursive: true });
  const text = reportJson(report);
  const json = join(dir, reportFiles.json);
  await writeFile(json, text);
  const derived = await writeDerivedReports(report, dir, text);
  return { dir, files: [json, ...derived.files] };
}
