// What the description leaves to the target and the suite needs named (spec/control.openapi.yaml
// TargetSettings): the user's MCS_* environment variable wins, what the control API announced fills the rest.
import type { TargetSettings } from './fixtures/control-client.js';

export const targetSettingEnv = {
  webhook_replay_path: 'MCS_WEBHOOK_REPLAY_PATH',
  dry_run_field: 'MCS_DRY_RUN_FIELD',
  amb_invitation_field: 'MCS_AMB_INVITATION_FIELD',
} as const satisfies Record<keyof Required<TargetSettings>, string>;

/** The target's value of `name`, or undefined when neither the environment nor the control API names it. */
export function targetSetting(name: keyof typeof targetSettingEnv, announced: TargetSettings | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const set = env[targetSettingEnv[name]]?.trim();
  if (set !== undefined && set !== '') return set;
  const given = announced?.[name]?.trim();
  return given === undefined || given === '' ? undefined : given;
}
