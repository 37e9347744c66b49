// One certification run, from a resolved target to the RunReport: probe, run the suites, build the
// report. The CLI (cli/commands/certify.ts) adds flags, the embedded reference, printing and exit codes;
// the project's own tests call this directly.
import type { RunReport, Target } from '../../results/model.js';
import type { TargetConfig } from '../config/types.js';
import { closeAgents } from '../http/transport.js';
import { probeTarget, type ProbeResult } from './probe.js';
import { buildRunReport, type ReportInput } from './report.js';
import { startSuites, type ProgressListener } from './run-suites.js';
import type { Selection } from './selection.js';

export interface CertificationOptions {
  target: TargetConfig;
  embedded: boolean;
  seed: number;
  runs?: number;
  replayPath?: string;
  selection: Selection;
  /** The claimed features (results/claims.ts resolveClaims); undefined: every feature. */
  claims?: string[];
  /** The expected-failures file of the run, read and checked already. */
  expectations?: ReportInput['expectations'];
  /** The probe's result when the caller probed already (the CLI does, before loading vitest). */
  probed?: ProbeResult;
  listener?: ProgressListener;
  /** Called once the suites run, with a function that stops them (Ctrl-C). */
  onStarted?(cancel: () => Promise<void>): void;
}

export async function runCertification(options: CertificationOptions): Promise<{ report: RunReport; interrupted: boolean }> {
  const startedAt = new Date();
  const { control, controlOperations, targetSettings } = options.probed ?? (await probeTarget(options.target));
  const run = await startSuites({
    context: {
      target: options.target,
      control,
      ...(controlOperations === undefined ? {} : { controlOperations }),
      ...(targetSettings === undefined ? {} : { targetSettings }),
      seed: options.seed,
      selection: options.selection,
      ...(options.claims === undefined ? {} : { claims: options.claims }),
      ...(options.runs === undefined ? {} : { runs: options.runs }),
      ...(options.replayPath === undefined ? {} : { replayPath: options.replayPath }),
    },
    ...(options.listener ? { listener: options.listener } : {}),
  });
  options.onStarted?.(() => run.cancel());
  const { checks, interrupted } = await run.done;
  await closeAgents();
  const report = buildRunReport({
    target: reportTarget(options.target, options.embedded),
    startedAt,
    endedAt: new Date(),
    seed: options.seed,
    selection: options.selection,
    interrupted,
    checks,
    ...(options.claims === undefined ? {} : { claims: options.claims }),
    ...(options.expectations === undefined ? {} : { expectations: options.expectations }),
  });
  return { report, interrupted };
}

function reportTarget(target: TargetConfig, embedded: boolean): Target {
  const reported: Target = { baseUrl: target.baseUrl, embedded };
  if (target.v2Url !== undefined) reported.v2BaseUrl = target.v2Url;
  if (target.controlUrl !== undefined) reported.controlUrl = target.controlUrl;
  return reported;
}
