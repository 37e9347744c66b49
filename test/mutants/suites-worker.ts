// A child process that certifies many references in sequence: for each job it receives (IPC), it starts a
// reference with the job's faults or variant, runs the conformance suites against it through the same runner
// `mcs certify` uses (harness/runner: same checks, same --only selection, same verdict), and sends back the
// checks and the exit code certify would have given. Restricting a run to the suite files that hold the
// selected checks (`files`) is what makes one fault's run take about a second instead of several: the other
// files would only contribute checks excluded by the selection. Started by suites-lane.ts.
import { resolveRunSettings } from '../../harness/config/resolve.js';
import { closeAgents } from '../../harness/http/transport.js';
import { probeTarget } from '../../harness/runner/probe.js';
import { projectRoot } from '../../harness/runner/paths.js';
import { startSuites } from '../../harness/runner/run-suites.js';
import { startReference } from '../../reference/index.js';
import type { Variant } from '../../reference/variants.js';
import { exitCodeOfChecks } from './classify.js';
import type { CertifyRun, ReportCheck } from './classify.js';

export interface SuitesJob {
  faults: string[];
  variant: Partial<Variant>;
  /** --only entries; empty: every check. */
  only: string[];
  /** Suite files to load (paths relative to the project root); absent: every file. */
  files?: string[];
  seed: number;
  /** The features the target claims (a variant implementing fewer than all); absent: every feature. */
  claims?: string[];
}

export interface SuitesJobResult extends CertifyRun {
  /** Check id -> suite file (relative), for the baseline's map of where each check lives. */
  files: Record<string, string>;
}

async function runJob(job: SuitesJob): Promise<SuitesJobResult> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const reference = await startReference({ faults: job.faults, variant: job.variant, log: () => undefined });
  try {
    const { urls } = reference;
    const { target } = await resolveRunSettings({ flags: { 'base-url': urls.base, 'v2-base-url': urls.v2, 'control-url': urls.control }, env: {} });
    if (!target) throw new Error('no target');
    const { control, controlOperations } = await probeTarget(target);
    const files: Record<string, string> = {};
    const run = await startSuites({
      context: { target, control, ...(controlOperations === undefined ? {} : { controlOperations }), seed: job.seed, selection: { only: job.only, skip: [] }, ...(job.claims === undefined ? {} : { claims: job.claims }) },
      ...(job.files ? { files: job.files } : {}),
      listener: { fileDone: (file, results) => results.forEach((r) => (files[r.id] = file.startsWith(projectRoot) ? file.slice(projectRoot.length) : file)) },
    });
    const { checks, interrupted } = await run.done;
    await closeAgents();
    const code = interrupted ? 130 : exitCodeOfChecks(checks);
    const slim: ReportCheck[] = checks.map(({ id, clauses, outcome, failure, warnings }) => ({ id, clauses, outcome, ...(failure ? { failure: { message: failure.message, ...(failure.brokenClause ? { brokenClause: failure.brokenClause } : {}) } } : {}), ...(warnings ? { warnings } : {}) }));
    const cpu = process.cpuUsage(cpuBefore);
    return { code, checks: slim, files, outputTail: '', ms: Math.round(performance.now() - started), cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
  } finally {
    await reference.close();
  }
}

process.on('message', (job: SuitesJob) => {
  runJob(job).then(
    (result) => process.send?.({ ok: true, result }),
    (error: unknown) => process.send?.({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The parent owns this process: when it goes, so do we.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
