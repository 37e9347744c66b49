// `mcs coverage --needs --config FILE`: what the set-up of FILE can verify and what each step would add, by the
// run's own needs logic (harness/check/needs.ts unmetNeed, reports/next-steps.ts), on the fixtures a run would
// stand on: the target is probed, what the config leaves out found, and what it states checked, as
// `mcs certify` does before its first check. A target that does not answer is judged on the config as written.
import { ConfigError } from '../harness/config/errors.js';
import { resolveRunSettings } from '../harness/config/resolve.js';
import type { TargetConfig } from '../harness/config/types.js';
import { prepareRun } from '../harness/discovery/run.js';
import { secrets } from '../harness/http/mask.js';
import { probeTarget, type ProbeResult } from '../harness/runner/probe.js';
import { forecastScope, type DeclaredNeeds } from '../harness/discovery/forecast.js';
import { setUpOf, stepGains, stepLine } from '../harness/discovery/next-steps.js';
import { UsageError } from './errors.js';
import { inertJson } from '../text/inert.js';

export async function printNeedsForConfig(checks: readonly DeclaredNeeds[], configPath: string, json: boolean): Promise<number> {
  let target: TargetConfig | undefined;
  try {
    target = (await resolveRunSettings({ flags: {}, env: process.env, configPath })).target;
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  if (target === undefined) throw new UsageError(`${configPath} names no base_url`);
  const notes: string[] = [];
  let probed: ProbeResult = { control: false };
  try {
    ({ target, probed } = await prepareRun(target, await probeTarget(target), false, (line) => notes.push(line)));
  } catch (error) {
    notes.push(`the target could not be asked (${(error as Error).message.split('\n')[0] ?? ''}): judged on the config as written, without its control operations`);
  }
  const setUp = setUpOf(target, probed);
  const { inScope, verifiable, unmet } = forecastScope(checks, setUp);
  const gains = stepGains(checks, setUp).filter((gain) => gain.clauses.length > 0);
  if (json) {
    process.stdout.write(`${inertJson({ verifiable: verifiable.size, clauses: inScope.size, unmet: Object.fromEntries(unmet), steps: gains.map(({ step, clauses }) => ({ step: step.name, what: step.what, clauses })), notes }, 2)}\n`);
    return 0;
  }
  const lines = [...notes, `With ${configPath}: ${verifiable.size} of ${inScope.size} in-scope clauses verifiable by the checks' declared needs (a run may find less: what a check lacks only as it runs).`, ''];
  const reasons = new Map<string, number>();
  for (const reason of unmet.values()) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1])) lines.push(`not verifiable (${count} check(s)): ${reason}`);
  lines.push('', 'Steps, most unlocked first:');
  for (const gain of gains) lines.push(`  ${stepLine(gain)}`);
  process.stdout.write(`${secrets.maskText(lines.join('\n'))}\n`);
  return 0;
}
