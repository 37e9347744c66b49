// What a target must name for the suite where the description is silent, as the reference serves it: the
// webhook replay endpoint (section 4 names replay, not its path), the dry-run switch (section 4 names a
// 200 preview, not how to ask for one) and the field that names an approved business-chat invitation
// (section 1 names the invitation, not how a send carries one). The control API announces them (GET /__control, `target_settings`);
// `mcs serve` prints them as the environment variables that name them for a target without a control API.
import type { components } from '../spec/types/control.js';

export const referenceTargetSettings: Required<components['schemas']['TargetSettings']> = {
  webhook_replay_path: '/webhooks/{webhookId}/deliveries/{deliveryId}/replay',
  dry_run_field: 'dry_run',
  amb_invitation_field: 'invitation_id',
};

export const referenceTargetEnv: Readonly<Record<string, string>> = {
  MCS_WEBHOOK_REPLAY_PATH: referenceTargetSettings.webhook_replay_path,
  MCS_DRY_RUN_FIELD: referenceTargetSettings.dry_run_field,
  MCS_AMB_INVITATION_FIELD: referenceTargetSettings.amb_invitation_field,
};
