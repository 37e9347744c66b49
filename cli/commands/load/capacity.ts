// `mcs load capacity --profile send --slo 'p99<50ms'`: the open-model rate search (load/capacity.ts)
// over one profile state, each step run at least twice (until two runs agree within --tolerance), each
// run bounded; the report gives the capacity as an interval, its noise and what the generator or the
// machine could explain, and keeps every step's histogram for plots.
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_RUNS_PER_STEP, DEFAULT_TOLERANCE, formatCapacity, searchCapacity, type CapacityReport } from '../../../load/capacity.js';
import { exitCodes, type ExitCode } from '../../../results/exit-codes.js';
import { runLoad } from '../../../load/runner.js';
import { shardConnections } from '../../../load/schedule.js';
import { withProfile } from '../../../load/session.js';
import { checkRunId, LoadUsageError, number, runFlags, runSettings, type RunFlagValues } from './options.js';
import { defaultOutPath } from './out.js';
import { checkOutputPaths, holdOutputs, saveResult, writeLoadOutputs } from './outputs.js';
import { inert } from '../../../text/inert.js';
import { armFailsafe, DEFAULT_IN_FLIGHT, pickProfile } from './run.js';
import { resolveTarget, type StartEmbedded } from './target.js';
import { chooseWorkers, parseWorkers } from './workers.js';
import { flagProblem } from '../../flags.js';

export const capacityFlags = {
  ...runFlags,
  profile: { type: 'string' },
  'start-rate': { type: 'string' },
  'max-rate': { type: 'string' },
  factor: { type: 'string' },
  precision: { type: 'string' },
  'max-steps': { type: 'string' },
  tolerance: { type: 'string' },
  'max-runs': { type: 'string' },
} as const;

const DEFAULT_STEP_S = 5;
const DEFAULT_MAX_STEPS = 20;

export async function capacityCommand(argv: string[], startEmbedded: StartEmbedded): Promise<number> {
  let values: RunFlagValues & { profile?: string; 'start-rate'?: string; 'max-rate'?: string; factor?: string; precision?: string; 'max-steps'?: string; tolerance?: string; 'max-runs'?: string };
  try {
    const parsed = parseArgs({ args: argv, options: capacityFlags, allowPositionals: false, strict: true });
    values = parsed.values;
  } catch (error) {
    throw new LoadUsageError(flagProblem(error, capacityFlags));
  }
  if (values.help === true) {
    const { capacityHelp } = await import('./help.js');
    process.stdout.write(capacityHelp());
    return 0;
  }
  const profile = pickProfile(values.profile);
  if (values.slo === undefined) throw new LoadUsageError("capacity needs --slo, e.g. --slo 'p99<50ms,errors<0.1%'");
  if (values['start-at'] !== undefined) throw new LoadUsageError('capacity runs its steps one after another: --start-at applies to mcs load <profile>');
  if (values.samples !== undefined) throw new LoadUsageError('capacity keeps no raw samples: --samples applies to mcs load <profile>');
  if (values.rate !== undefined) throw new LoadUsageError('capacity chooses the rates itself: use --start-rate and --max-rate, not --rate');
  const settings = runSettings({ ...values, duration: values.duration ?? String(DEFAULT_STEP_S) });
  checkRunId(settings.runId);
  const slo = settings.slo;
  if (slo === undefined) throw new LoadUsageError('capacity needs --slo');
  const startRate = number('start-rate', values['start-rate'], (n) => n > 0, 'a rate > 0') ?? 50;
  const maxRate = number('max-rate', values['max-rate'], (n) => n >= startRate, 'a rate >= --start-rate') ?? 100_000;
  const factor = number('factor', values.factor, (n) => n > 1 && n <= 10, 'a factor in (1, 10]') ?? 2;
  const precision = number('precision', values.precision, (n) => n > 0 && n < 1, 'a fraction in (0, 1)') ?? 0.05;
  const maxSteps = number('max-steps', values['max-steps'], (n) => Number.isInteger(n) && n >= 1 && n <= 100, 'an integer in [1, 100]') ?? DEFAULT_MAX_STEPS;
  const tolerance = number('tolerance', values.tolerance, (n) => n > 0 && n <= 1, 'a fraction in (0, 1]') ?? DEFAULT_TOLERANCE;
  const maxRuns = number('max-runs', values['max-runs'], (n) => Number.isInteger(n) && n >= 2 && n <= 10, 'an integer in [2, 10]') ?? DEFAULT_MAX_RUNS_PER_STEP;
  const warmupMs = (number('warmup', values.warmup, (n) => n >= 0 && n <= 60, 'a number of seconds in [0, 60]') ?? 2) * 1000;
  const inFlight = shardConnections(settings.inFlight ?? settings.connections ?? DEFAULT_IN_FLIGHT, settings.shard);
  const outPath = values.out ?? defaultOutPath(`capacity-${profile.name}`);
  checkOutputPaths(values);
  const givenWorkers = parseWorkers(values.workers, profile.verify !== undefined, profile.name);

  const outputs = await holdOutputs([outPath, values.html, values.hgrm]);
  let resolved: Awaited<ReturnType<typeof resolveTarget>> | undefined;
  try {
    resolved = await resolveTarget(values, settings.timeoutMs, settings.allowRemote, startEmbedded, true);
    const timeoutMs = settings.timeoutMs ?? resolved.timeoutMs;
    // Every step's runs, and as many again for the neighbour check's measurements.
    armFailsafe(warmupMs + 2 * maxSteps * maxRuns * (settings.durationMs + timeoutMs + 3000) + 120_000);
    const { workers, why } = chooseWorkers(givenWorkers, resolved.target.v4Url, profile.verify !== undefined, profile.name);
    if (values.quiet !== true) process.stderr.write(`workers: ${workers} (${why})\n`);
    let nextIndex = 0;
    const context = { target: resolved.target, shard: settings.shard, runId: settings.runId, options: settings.profileOptions, log: (line: string) => process.stderr.write(`${inert(line)}\n`) };
    const report = await withProfile(profile, context, async (state) => {
      // A cold target (JIT, caches, connection set-up) would fail the first step for the wrong reason.
      if (warmupMs > 0) {
        const { result } = await runLoad({ profile, state, workers, model: { kind: 'open', rate: startRate, inFlight }, shard: settings.shard, runId: settings.runId, durationMs: warmupMs, maxRequests: settings.maxRequests, timeoutMs, verify: false });
        nextIndex += result.offered;
        await sleep(500);
      }
      return searchCapacity({
        slo: slo.clauses,
        sloText: slo.text,
        profile: profile.name,
        startRate,
        maxRate,
        factor,
        precision,
        maxSteps,
        tolerance,
        maxRunsPerStep: maxRuns,
        stepDurationMs: settings.durationMs,
        async runStep(rate) {
          const firstIndex = nextIndex;
          const { result } = await runLoad({
            firstIndex,
            workers,
            profile,
            state,
            model: { kind: 'open', rate, inFlight },
            shard: settings.shard,
            runId: settings.runId,
            durationMs: settings.durationMs,
            maxRequests: settings.maxRequests,
            timeoutMs,
            verify: false,
          });
          nextIndex += result.offered;
          await sleep(500); // let the target drain between steps
          return result;
        },
        onRun(rate, run, index) {
          if (values.quiet !== true) process.stderr.write(`${profile.name} ${rate}/s run ${index}: p99 ${run.latency.p99} ms, errors ${run.errorRatePercent.toFixed(2)}% -> ${run.pass ? 'held' : 'broke'}\n`);
        },
        onStep(step) {
          if (values.quiet !== true) process.stderr.write(`${profile.name} ${step.offeredRate}/s: ${step.reason}\n`);
        },
      });
    });
    process.stdout.write(inert(formatCapacity(report)));
    await saveResult(outPath, report);
    process.stdout.write(`capacity report written to ${outPath}\n`);
    for (const line of await writeLoadOutputs(values, report)) process.stdout.write(`${line}\n`);
    return capacityExit(report);
  } finally {
    await resolved?.close();
    await outputs.release();
  }
}

/**
 * 0 when some rate held; when not even the first did, 1 only if the search is sure the target is why, else 3:
 * a search whose runs disagreed (noisy) or whose diagnosis names another cause (the generator sending late, a
 * busy machine: unsure) has established no capacity, but found no fault of the target either.
 */
export function capacityExit(report: Pick<CapacityReport, 'highestPassingRate' | 'confidence'>): ExitCode {
  if (report.highestPassingRate !== null) return exitCodes.ok;
  return report.confidence === 'steady' ? exitCodes.failed : exitCodes.incomplete;
}
