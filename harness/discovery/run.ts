// What `mcs certify` does between the probe and the first check (one call in cli/commands/certify.ts): the
// fixtures found and checked (prepare.ts), each problem printed in one line, and where the files' organization
// comes from. A control API or adapter that makes organizations, for a config that describes the vendor's own,
// serves the checks that need an organization unlike it; the files keep standing on the configured one.
import type { TargetConfig } from '../config/types.js';
import type { ProbeResult } from '../runner/probe.js';
import { isTargetError } from '../target-error.js';
import { secrets } from '../http/mask.js';
import { prepareTarget } from './prepare.js';

export interface PreparedRun {
  target: TargetConfig;
  probed: ProbeResult;
  problems: string[];
}

export async function prepareRun(target: TargetConfig, probed: ProbeResult, embedded: boolean, say: (line: string) => void): Promise<PreparedRun> {
  if (embedded) return { target, probed, problems: [] };
  registerFixtureSecrets(target);
  // A target that stops answering here is left to the run's own bounds (its breaker names it): the run then
  // stands on the config as written.
  const prepared = await prepareTarget(target).catch((error: unknown) => {
    if (!isTargetError(error)) throw error;
    say(secrets.maskText(`fixtures: not found nor checked (${(error.message.split('\n')[0] ?? '').replace(/^[A-Z]+ \S+: /, '')}): the run stands on the config as written`));
    return { target, problems: [] as string[] };
  });
  if ('found' in prepared && prepared.found !== undefined) say(`fixtures: ${prepared.found}`);
  for (const problem of prepared.problems) say(secrets.maskText(`fixture check: ${problem}`));
  return { target: prepared.target, probed: withConfiguredSettings(prepared.target, filesOrganization(prepared.target, probed)), problems: prepared.problems };
}

/** The config's target_settings over what a control API announced (the MCS_* variables still win, harness/target-settings.ts). */
function withConfiguredSettings(target: TargetConfig, probed: ProbeResult): ProbeResult {
  return target.targetSettings === undefined ? probed : { ...probed, targetSettings: { ...probed.targetSettings, ...target.targetSettings } };
}

/** The probe's result, with `control` (a fresh organization per file) off where the config describes the organization to stand on. */
export function filesOrganization(target: TargetConfig, probed: ProbeResult): ProbeResult {
  return probed.control && target.fixtures.api_keys?.primary !== undefined ? { ...probed, control: false } : probed;
}

/** The keys and tokens the config gives are masked in everything printed. */
function registerFixtureSecrets(target: TargetConfig): void {
  const { fixtures } = target;
  for (const key of [...Object.values(fixtures.api_keys ?? {}), ...(fixtures.other_organizations ?? []).map((other) => other.api_key)]) if (key !== undefined) secrets.add(key);
  for (const { token } of [...(fixtures.app_tokens ?? []), ...(fixtures.other_organizations ?? []).flatMap((other) => other.app_tokens ?? [])]) secrets.add(token);
}
