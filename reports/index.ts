// Writes every report of a run into one folder. The reporters live beside this file; this module only
// decides file names and order. (Minimal for now: the JSON report. JUnit, HTML, certificate and badge
// join as the reporters land.)
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from './model.js';

export interface WrittenReports {
  dir: string;
  files: string[];
}

export async function writeReports(report: RunReport, dir: string): Promise<WrittenReports> {
  await mkdir(dir, { recursive: true });
  const json = join(dir, 'report.json');
  await writeFile(json, `${JSON.stringify(report, null, 2)}\n`);
  return { dir, files: [json] };
}
