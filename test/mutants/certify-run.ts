// One certify run against one reference: starts the reference in this process (its own port, its own
// faults or variant), runs the real `mcs certify` in a child process against its URLs, and reads back the
// JSON report. The reference is closed and the reports folder removed whatever happens.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReference, type ReferenceOptions } from '../../reference/index.js';
import type { RunReport } from '../../results/model.js';
import { runMcs } from '../support/run-mcs.js';
import { referenceTargetEnv } from './catalog.js';
import type { CertifyRun, ReportCheck } from './classify.js';

export interface CertifyRunOptions {
  reference: Pick<ReferenceOptions, 'faults' | 'variant'>;
  /** --only entries; empty: a full run. */
  only: readonly string[];
  seed: number;
  timeoutMs: number;
  /** The features the target claims (certify --claim); absent: every feature. */
  claims?: readonly string[];
}

const TAIL_CHARS = 2_000;

export async function certifyAgainstReference(options: CertifyRunOptions): Promise<CertifyRun> {
  const started = performance.now();
  // The reference's own log lines (a fault's 500s, say) are not the run's output; keep them quiet.
  const reference = await startReference({ ...options.reference, log: () => undefined });
  const reportsDir = await mkdtemp(join(tmpdir(), 'mcs-mutant-'));
  try {
    const { urls } = reference;
    const args = ['certify', '--base-url', urls.base, '--v2-base-url', urls.v2, '--control-url', urls.control];
    args.push('--reports-dir', reportsDir, '--seed', String(options.seed), ...options.only.flatMap((entry) => ['--only', entry]), ...(options.claims ?? []).flatMap((feature) => ['--claim', feature]));
    let code: number | null;
    let output: string;
    try {
      const run = await runMcs(args, { timeoutMs: options.timeoutMs, env: referenceTargetEnv });
      code = run.code;
      output = `${run.stdout}\n${run.stderr}`;
    } catch (error) {
      code = null;
      output = error instanceof Error ? error.message : String(error);
    }
    const checks = await readChecks(join(reportsDir, 'report.json'));
    return { code, ...(checks ? { checks } : {}), outputTail: output.slice(-TAIL_CHARS), ms: Math.round(performance.now() - started) };
  } finally {
    await Promise.allSettled([reference.close(), rm(reportsDir, { recursive: true, force: true })]);
  }
}

async function readChecks(file: string): Promise<ReportCheck[] | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const report = JSON.parse(text) as Pick<RunReport, 'checks'>;
  return report.checks.map(({ id, clauses, outcome, failure }) => ({ id, clauses, outcome, ...(failure ? { failure: { message: failure.message, ...(failure.brokenClause ? { brokenClause: failure.brokenClause } : {}) } } : {}) }));
}
