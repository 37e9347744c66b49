// What a target must name for the suite where the description is silent, as the reference serves it: the
// webhook replay endpoint (section 4 names replay, not its path) and the dry-run switch (section 4 names a
// 200 preview, not how to ask for one). `mcs certify` sets these for the embedded reference, as a vendor
// would for their implementation; without them those checks are "not verifiable".
export const referenceTargetEnv: Readonly<Record<string, string>> = {
  MCS_WEBHOOK_REPLAY_PATH: '/webhooks/{webhookId}/deliveries/{deliveryId}/replay',
  MCS_DRY_RUN_FIELD: 'dry_run',
};
