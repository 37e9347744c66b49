// One certification run, from a resolved target to the RunReport: probe, run the suites, build the
// report. The CLI (cli/commands/certify.ts) adds flags, the embedded reference, printing and exit codes;
// the project's own tests call this directly.
// The run is bounded (harness/http/run-guard.ts): at its deadline, or when the circuit breaker of any worker
// trips, the suites are cancelled and what did not finish is reported `not-run` with the reason; if vitest
// has not wound down `stopGraceMs` later, the report is made of what was collected by then.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckResult, RunReport } from '../../results/model.js';
import { reportedTarget } from '../config/resolve.js';
import type { TargetConfig } from '../config/types.js';
import { installRunBounds, notRunReason, stopNotice, type StopNotice } from '../http/run-guard.js';
import { closeAgents } from '../http/transport.js';
import { probeTarget, type ProbeResult } from './probe.js';
import { buildRunReport, type ReportInput } from './report.js';
import type { RunListener } from '../../results/progress.js';
import { startSuites } from './run-suites.js';
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
  listener?: RunListener;
  /** Called once the suites run, with a function that stops them (Ctrl-C). */
  onStarted?(cancel: () => Promise<void>): void;
  /** When the run must end (epoch ms), and what set it (`--max-duration 900 s`). */
  deadlineEpochMs?: number;
  deadlineSource?: string;
}

export interface Certification {
  report: RunReport;
  interrupted: boolean;
  /** Set when the run stopped early: at its deadline, or because the target stopped answering. */
  stopped?: StopNotice;
}

/** How long vitest gets to wind down after a stop before the report is written without it. */
const stopGraceMs = 15_000;
const pollMs = 200;

export async function runCertification(options: CertificationOptions): Promise<Certification> {
  const startedAt = new Date();
  const { control, controlOperations, targetSettings } = options.probed ?? (await probeTarget(options.target));
  const stateDir = await mkdtemp(join(tmpdir(), 'mcs-run-'));
  const bounds = {
    stateDir,
    ...(options.deadlineEpochMs === undefined ? {} : { deadlineEpochMs: options.deadlineEpochMs }),
    ...(options.deadlineSource === undefined ? {} : { deadlineSource: options.deadlineSource }),
  };
  installRunBounds(bounds);
  let stopped: StopNotice | undefined;
  try {
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
        bounds,
      },
      ...(options.listener ? { listener: options.listener } : {}),
      stopReason: () => (stopped === undefined ? undefined : notRunReason(stopped)),
    });
    options.onStarted?.(() => run.cancel());
    let hardStop: NodeJS.Timeout | undefined;
    const windDown = new Promise<{ checks: CheckResult[]; interrupted: boolean }>((resolve) => {
      const watcher = setInterval(() => {
        const notice = stopNotice();
        if (notice === undefined || stopped !== undefined) return;
        stopped = notice;
        clearInterval(watcher);
        void run.cancel();
        hardStop = setTimeout(() => resolve({ checks: unfinishedAsNotRun(run.collected(), notRunReason(notice)), interrupted: true }), stopGraceMs);
      }, pollMs);
      watcher.unref();
      void run.done.finally(() => clearInterval(watcher));
    });
    const { checks, interrupted } = await Promise.race([run.done, windDown]);
    if (hardStop) clearTimeout(hardStop);
    await closeAgents();
    const report = buildRunReport({
      target: reportedTarget(options.target, options.embedded),
      startedAt,
      endedAt: new Date(),
      seed: options.seed,
      selection: options.selection,
      interrupted,
      checks,
      ...(options.claims === undefined ? {} : { claims: options.claims }),
      ...(options.expectations === undefined ? {} : { expectations: options.expectations }),
    });
    return { report, interrupted, ...(stopped === undefined ? {} : { stopped }) };
  } finally {
    installRunBounds({});
    await rm(stateDir, { recursive: true, force: true });
  }
}

function unfinishedAsNotRun(checks: CheckResult[], reason: string): CheckResult[] {
  return checks.map((check) => (check.outcome === 'skipped' && check.reason === 'interrupted before it finished' ? { ...check, outcome: 'not-run', reason } : check));
}
