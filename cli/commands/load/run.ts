// `mcs load <profile>`: one bounded run of a profile, its result saved as JSON, an SLO as the exit code.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startWebhookReceiver } from '../../../harness/webhooks/receiver.js';
import { profiles, profileNames } from '../../../load/profiles/index.js';
import { progressSink } from '../../../load/progress.js';
import { calibrateCeiling, ceilingLine } from '../../../load/ceiling.js';
import { BEYOND, formatResult } from '../../../load/result.js';
import type { ModelSpec } from '../../../load/result.js';
import { runLoad } from '../../../load/runner.js';
import { shardConnections } from '../../../load/schedule.js';
import { withProfile } from '../../../load/session.js';
import { evaluateSlo } from '../../../load/slo.js';
import type { Profile, ProfileState, Target } from '../../../load/types.js';
import { checkRunId, LoadUsageError, number, runFlags, runSettings, type RunFlagValues, type RunSettings } from './options.js';
import { defaultOutPath } from './out.js';
import { checkOutputPaths, holdOutputs, saveResult, writeLoadOutputs } from './outputs.js';
import { writeFileWhole } from '../../../reports/whole-files.js';
import { inert } from '../../../text/inert.js';
import { resolveTarget, type StartEmbedded } from './target.js';
import { chooseWorkers, parseWorkers } from './workers.js';
import { flagProblem } from '../../flags.js';

export const DEFAULT_CONNECTIONS = 10;
export const DEFAULT_IN_FLIGHT = 256;

export function pickProfile(name: string | undefined): Profile<ProfileState> {
  if (name === undefined) throw new LoadUsageError(`name a profile: ${profileNames().join(', ')} (or capacity, merge, k8s)`);
  const profile = Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  if (profile === undefined) throw new LoadUsageError(`unknown profile '${name}' (profiles: ${profileNames().join(', ')})`);
  return profile;
}

export function modelOf(s: RunSettings): ModelSpec {
  if (s.rate !== undefined) return { kind: 'open', rate: s.rate, inFlight: shardConnections(s.inFlight ?? s.connections ?? DEFAULT_IN_FLIGHT, s.shard) };
  if (s.inFlight !== undefined) throw new LoadUsageError('--in-flight only applies to the open model (--rate)');
  return { kind: 'closed', connections: shardConnections(s.connections ?? DEFAULT_CONNECTIONS, s.shard) };
}

export async function runCommand(argv: string[], startEmbedded: StartEmbedded): Promise<number> {
  const { values, positionals } = parseFlags(argv);
  if (values.help === true) {
    const { loadHelp } = await import('./help.js');
    process.stdout.write(loadHelp());
    return 0;
  }
  if (positionals.length > 1) throw new LoadUsageError(`one profile at a time (got ${positionals.join(' ')})`);
  const profile = pickProfile(positionals[0]);
  const settings = runSettings(values);
  checkRunId(settings.runId);
  const model = modelOf(settings);
  const givenWorkers = parseWorkers(values.workers, profile.verify !== undefined, profile.name);
  const warmupMs = (number('warmup', values.warmup, (n) => n >= 0 && n <= 60, 'a number of seconds in [0, 60]') ?? 0) * 1000;
  const outPath = values.out ?? defaultOutPath(`${profile.name}${settings.shard.count > 1 ? `-shard${settings.shard.index}of${settings.shard.count}` : ''}`);
  checkOutputPaths(values);
  const outputs = await holdOutputs([outPath, values.html, values.hgrm, values.samples]);

  let resolved: Awaited<ReturnType<typeof resolveTarget>> | undefined;
  let local: { close(): Promise<void> } | undefined;
  try {
    resolved = await resolveTarget(values, settings.timeoutMs, settings.allowRemote, startEmbedded, profile.name !== 'webhook-receiver' || values['receiver-url'] === undefined);
    local = profile.name === 'webhook-receiver' && resolved.target.receiverUrl === undefined ? await localReceiver(resolved.target) : undefined;
    const timeoutMs = settings.timeoutMs ?? resolved.timeoutMs;
    // The wait for --start-at is part of the bound (at most an hour ahead, load/start-at.ts).
    const waitMs = Math.max(0, (settings.startAtEpochMs ?? 0) - Date.now());
    const failsafe = armFailsafe(waitMs + warmupMs + settings.durationMs + 2 * (timeoutMs + 2000) + 120_000);
    const context = { target: resolved.target, shard: settings.shard, runId: settings.runId, options: settings.profileOptions, log: (line: string) => process.stderr.write(`${inert(line)}\n`) };
    const progress = values.quiet === true ? undefined : progressSink(process.stderr, `${profile.name} `);
    const { workers, why } = chooseWorkers(givenWorkers, resolved.target.v4Url, profile.verify !== undefined, profile.name);
    if (values.quiet !== true) process.stderr.write(`workers: ${workers} (${why})\n`);
    const { result, samples } = await withProfile(profile, context, async (state) => {
      // The open model's ceiling before the run (after it, the result says it from the run itself).
      if (model.kind === 'open' && values.quiet !== true) {
        const ceiling = await calibrateCeiling({ profile, state, workers }).catch(() => undefined);
        if (ceiling !== undefined) process.stderr.write(`${ceilingLine(ceiling, workers, model.rate / settings.shard.count, BEYOND)}\n`);
      }
      // Optional warm-up at the same load, not measured (a cold target's JIT and caches).
      const firstIndex = warmupMs > 0 ? (await runLoad({ profile, state, model, workers, shard: settings.shard, runId: settings.runId, durationMs: warmupMs, maxRequests: settings.maxRequests, timeoutMs, verify: false })).result.offered : 0;
      return runLoad({
        firstIndex,
        ...(settings.startAtEpochMs === undefined ? {} : { startAtEpochMs: settings.startAtEpochMs }),
        workers,
        profile,
        state,
        model,
        shard: settings.shard,
        runId: settings.runId,
        durationMs: settings.durationMs,
        maxRequests: settings.maxRequests,
        timeoutMs,
        keepSamples: values.samples === undefined ? 0 : settings.maxRequests,
        ...(progress === undefined ? {} : { onTick: (r, ms) => progress.tick(r, ms) }),
      });
    });
    progress?.end();
    clearTimeout(failsafe);
    if (resolved.embedded) result.target = { baseUrl: 'embedded reference' };
    if (settings.slo !== undefined) result.slo = { expression: settings.slo.text, ...evaluateSlo(settings.slo.clauses, result) };
    // The figures and the verdict first: a file that cannot be written then costs one line and exit 2, not them.
    process.stdout.write(formatResult(result));
    await saveResult(outPath, result);
    if (values.samples !== undefined && samples !== undefined) await writeFileWhole(values.samples, samples.join('\n'));
    process.stdout.write(`result written to ${outPath}\n`);
    for (const line of await writeLoadOutputs(values, result)) process.stdout.write(`${line}\n`);
    // Without an SLO a run is still a failure when nothing at all succeeded (a wrong URL or key).
    const nothingWorked = result.counts.completed > 0 && result.counts.ok === 0;
    if (nothingWorked) process.stdout.write('no request succeeded\n');
    return (result.slo?.pass ?? !nothingWorked) && (result.verify?.ok ?? true) ? 0 : 1;
  } finally {
    await local?.close();
    await resolved?.close();
    await outputs.release();
  }
}

export function parseFlags(argv: string[]): { values: RunFlagValues; positionals: string[] } {
  try {
    const parsed = parseArgs({ args: argv, options: runFlags, allowPositionals: true, strict: true });
    return { values: parsed.values as RunFlagValues, positionals: parsed.positionals };
  } catch (error) {
    throw new LoadUsageError(flagProblem(error, runFlags));
  }
}

/** The webhook-receiver profile without --receiver-url sizes the suite's own receiver, with a fresh secret. */
async function localReceiver(target: Target): Promise<{ close(): Promise<void> }> {
  const receiver = await startWebhookReceiver({ maxDeliveries: 10_000 });
  target.receiverUrl = receiver.endpoint('load');
  target.receiverSecret = randomBytes(24).toString('hex');
  return receiver;
}

/** The hard kill: whatever happens, the process does not outlive its bounded run. */
export function armFailsafe(ms: number): NodeJS.Timeout {
  const timer = setTimeout(() => {
    process.stderr.write(`mcs load: run exceeded its hard time limit (${Math.round(ms / 1000)} s); stopping\n`);
    process.exit(2);
  }, ms);
  timer.unref();
  return timer;
}
