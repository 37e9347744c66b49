// Runs `mcs certify` against a hostile target with short bounds and gathers everything it wrote (stdout,
// stderr, every report file), so that a test can assert the exit code, the outcomes and that no secret
// appears anywhere.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunReport } from '../../results/model.js';
import { runMcs, type CliRun } from '../support/run-mcs.js';

/** The API key the hostile runs give: it must never appear in full in any output. */
export const apiKey = 'api_hostilesecret0123456789';

/** Per-phase timeout of the hostile runs (ms): short, so that each run takes seconds. */
export const timeoutMs = 300;

export interface HostileRun extends CliRun {
  report: RunReport | undefined;
  /** stdout, stderr and the text of every report file. */
  outputs: Record<string, string>;
}

/** Runs certify with `args`; the run must end before `boundMs` (runMcs kills it and fails the test if not). */
export async function certify(args: string[], boundMs: number, measureRss = false): Promise<HostileRun> {
  const dir = await mkdtemp(join(tmpdir(), 'mcs-hostile-'));
  const run = await runMcs(['certify', '--timeout', String(timeoutMs), '--reports-dir', dir, ...args], { timeoutMs: boundMs, measureRss });
  const outputs: Record<string, string> = { stdout: run.stdout, stderr: run.stderr };
  const files = await readdir(dir).catch(() => [] as string[]);
  for (const file of files) outputs[file] = await readFile(join(dir, file), 'utf8');
  const report = outputs['report.json'] === undefined ? undefined : (JSON.parse(outputs['report.json']) as RunReport);
  return { ...run, report, outputs };
}

/** Which outputs contain `secret` (none, when all is well). */
export function leaks(run: HostileRun, secrets: readonly string[]): string[] {
  return Object.entries(run.outputs).flatMap(([name, text]) => secrets.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${name}`));
}

export function outcomesOf(report: RunReport | undefined): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const check of report?.checks ?? []) counts[check.outcome] = (counts[check.outcome] ?? 0) + 1;
  return counts;
}
