// A check that judges without the control API where the public API serves must still catch its faults there:
// each is run on the reference as a vendor target (config fixtures, no control URL) with the fault switched on.
// The checks and their faults, shared by the files that run them side by side in the vendor gate (its project
// vendor-moved): moved-checks-on-config-fixtures.e2e.ts and moved-checks-numbers-and-keys.e2e.ts (config fixtures
// alone), and moved-checks-through-adapters.e2e.ts.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { RunReport } from '../../results/model.js';
import { targetTimeoutMs, timeLimit } from '../support/pace.js';
import { certifyVendor, type VendorTarget } from '../support/vendor-target.js';

/**
 * How a run with a fault waits: as long as a quiet machine's sandbox needs (15 s), not this machine's pace times
 * that. A fault that keeps an event from being sent makes its check wait the whole delivery wait, and fail
 * whether the wait is long or short; the runs without the fault keep the wait a busy machine needs.
 */
export const withFault = (fault: string) => ({ faults: [fault], timeoutMs: targetTimeoutMs(1) });

export const moved = [
  // The v2 signature check judges the public merge's delivery when nothing else can be triggered.
  { check: 'webhooks/v2-deliveries-verify-with-their-secret', fault: 'events.signing.wrong-secret' },
  { check: 'webhooks/v2-deliveries-verify-with-their-secret', fault: 'events.signing.body-changed-after-signing' },
  // ... and judges on it the flat body and the routing of contact events.
  { check: 'webhooks/v2-bodies-follow-the-registration', fault: 'events.v2.gets-v4-envelope' },
  { check: 'webhooks/v2-contact-events-reach-all-only', fault: 'events.v2.filter-ignored' },
  // A replay of the merge's delivery to a v4 subscription (the replay endpoint named as a vendor would).
  { check: 'webhooks/replay-carries-the-replay-headers', fault: 'events.replay.no-replay-header' },
  { check: 'webhooks/replay-carries-the-replay-headers', fault: 'events.replay.no-original-event-id' },
  // Call forwarding from the configured line the primary key owns, where no control API makes a fresh one.
  { check: 'account/forward-to-is-accepted-exactly-for-us-numbers', fault: 'account.call-forwarding.any-country' },
  { check: 'account/forward-to-must-be-a-well-formed-number', fault: 'account.call-forwarding.forward-to-unchecked' },
  // ... and from lines of each kind a key of its own owns (leased spare lines).
  { check: 'account/only-dedicated-and-inbound-native-lines-forward', fault: 'account.call-forwarding.any-source' },
  // A key of the check's own through POST /api-keys (a configured apikeys:manage token), deprecated afterwards.
  { check: 'priorities/first-priority-becomes-default', fault: 'priorities.first-not-default' },
  { check: 'priorities/first-priority-with-is-default-false-is-not-default', fault: 'priorities.is-default-false-ignored' },
  { check: 'priorities/me-priority-is-null-without-priorities', fault: 'account.me-priority.empty-object' },
  { check: 'api-keys/malformed-selector-is-400', fault: 'ownership.malformed-selector-404' },
  { check: 'pagination/priority-walk-yields-each-priority-once', fault: 'pagination.priorities-skip' },
  // A refusal judged by its answer where no sent log shows what went out.
  { check: 'messages/attachment-first-message-is-refused', fault: 'messaging.attachment-first-allowed' },
  // ... and a fan-out's limit by its answers, from a leased SMS line of a key of its own.
  { check: 'messages/fan-out-of-100-is-accepted', fault: 'messaging.fanout.limit-off-by-one' },
  { check: 'messages/fan-out-of-101-is-refused', fault: 'messaging.fanout.no-limit' },
  { check: 'messages/fan-out-of-101-is-refused', fault: 'messaging.fanout.limit-as-403' },
  // Purchases in the configured organization, whose stated plan lets it buy.
  { check: 'numbers/purchase-with-other-plan-gets-invalid-plan', fault: 'numbers.purchase.tier-name-accepted' },
  { check: 'numbers/purchase-accepted-202-provisioning', fault: 'numbers.purchase.created-201' },
  { check: 'numbers/numbers-manage-token-can-buy', fault: 'numbers.purchase.needs-read-scope' },
  { check: 'numbers/numbers-read-token-cannot-buy', fault: 'auth.ignore-scopes' },
  { check: 'numbers/numbers-manage-token-cannot-poll', fault: 'auth.ignore-scopes' },
  { check: 'numbers/purchase-can-be-polled', fault: 'numbers.purchase.poll-unwrapped' },
  { check: 'numbers/purchase-above-line-cap-gets-line-limit-exceeded', fault: 'numbers.purchase.line-cap-off-by-one' },
  { check: 'numbers/default-line-cap-is-10', fault: 'numbers.purchase.no-line-cap' },
  { check: 'numbers/purchase-without-idempotency-key-is-refused', fault: 'numbers.purchase.key-optional' },
  { check: 'numbers/replayed-key-returns-the-same-purchase', fault: 'numbers.purchase.charge-per-request' },
  // ... whose own payment provider completes them (the sandbox moves on by itself).
  { check: 'numbers/confirmed-purchase-completes-with-allocations', fault: 'numbers.purchase.outcome-not-emitted' },
  { check: 'numbers/concurrent-replays-make-one-purchase', fault: 'numbers.purchase.charge-per-request' },
  { check: 'numbers/purchase-without-idempotency-key-is-refused', fault: 'numbers.purchase.missing-key-409' },
  // ... which holds its shared line (a native-shared line the config names).
  { check: 'numbers/second-shared-line-gets-shared-number-limit', fault: 'numbers.purchase.shared-limit-unchecked' },
  // Browsing the configured organization's own stock.
  { check: 'numbers/browse-masks-all-but-the-area-code', fault: 'numbers.inventory.exchange-revealed' },
  { check: 'numbers/browse-type-defaults-to-shared', fault: 'numbers.available.default-not-shared' },
  { check: 'numbers/quote-area-code-forms-agree', fault: 'numbers.quote.area-codes-ignored' },
  { check: 'pagination/available-number-walk-yields-each-row-once', fault: 'pagination.available-skip' },
  // The stock the config states, looked for in browse answers.
  { check: 'numbers/browse-never-returns-the-full-number', fault: 'numbers.inventory.full-number' },
  // ... and a dedicated number's area code, still listed by a walk of the stock, quoted beside one no row shows.
  { check: 'numbers/quote-reports-matched-lines-and-counts', fault: 'numbers.quote.counts-wrong' },
  // Keys of the check's own and spare lines leased from the config.
  { check: 'api-keys/non-numbered-channel-not-assignable', fault: 'ownership.assign-non-numbered' },
  { check: 'api-keys/assign-by-each-selector-form', fault: 'ownership.result-echoes-selector' },
  { check: 'api-keys/reassign-to-owner-is-unchanged', fault: 'ownership.unchanged-reported-reassigned' },
  { check: 'api-keys/assign-takes-line-from-previous-owner', fault: 'ownership.reassign-keeps-previous' },
  { check: 'api-keys/unassign-releases-the-line', fault: 'ownership.unassign-ignored' },
  { check: 'api-keys/key-lists-only-its-own-channels', fault: 'apikeys.channels.lists-unowned' },
  { check: 'api-keys/deprecation-releases-channels', fault: 'apikeys.deprecate-keeps-channels' },
  // The ownership model over keys of its own and leased spare lines, in the configured organization (number pools stated).
  { check: 'api-keys/ownership-model', fault: 'ownership.reassign-keeps-previous' },
  { check: 'api-keys/ownership-model', fault: 'ownership.unchanged-reported-reassigned' },
  { check: 'api-keys/ownership-model', fault: 'ownership.unassign-ignored' },
  // Routing over a key of its own with leased spare lines (native and SMS), the carrier as the send's answer names it.
  { check: 'priorities/tiers-are-walked-in-ascending-order', fault: 'messaging.routing.descending-tiers' },
  { check: 'priorities/same-tier-same-type-pool-is-sticky', fault: 'messaging.routing.not-sticky' },
  { check: 'priorities/no-priority-uses-owned-native-numbers', fault: 'messaging.routing.ignores-priority' },
  { check: 'priorities/from-pins-the-sender.e164', fault: 'messaging.from.ignored' },
  { check: 'priorities/from-pins-the-sender.alias', fault: 'messaging.from.ignored' },
  { check: 'priorities/from-pins-the-sender.channel-id', fault: 'messaging.from.ignored' },
  // Removing the config's removable lines; number.removed through a v4 subscription of the check's own.
  { check: 'numbers/removal-by-id-answers-removal-and-emits-number-removed', fault: 'channels.remove.no-event' },
  { check: 'numbers/removal-by-e164-number', fault: 'channels.remove.e164-not-accepted' },
  { check: 'numbers/removal-without-reasons-gets-400', fault: 'channels.remove.reasons-optional' },
  { check: 'numbers/removal-needs-numbers-manage', fault: 'auth.ignore-scopes' },
  // The friends sharing their location the config names.
  { check: 'location/contacts-list-the-friends-sharing', fault: 'location.list.empty' },
  { check: 'location/contact-of-a-friend-answers-data', fault: 'location.contact.phone-not-decoded' },
  // Further organizations the config describes (fixtures.other_organizations).
  { check: 'numbers/feature-disabled-gets-403', fault: 'numbers.feature-check-skipped' },
  { check: 'numbers/purchase-without-payment-method-gets-402', fault: 'numbers.purchase.no-card-accepted' },
  { check: 'numbers/declined-card-gets-402-payment-failed', fault: 'numbers.purchase.declined-accepted' },
  { check: 'v2/no-active-number-503', fault: 'v2.no-active-number.ignored' },
  { check: 'api-keys/one-line-per-key-without-pools', fault: 'ownership.no-line-limit' },
  { check: 'numbers/purchase-needing-3ds-is-action-required', fault: 'numbers.purchase.sca-no-action-url' },
  { check: 'account/foreign-lines-do-not-forward', fault: 'account.call-forwarding.foreign-source' },
  { check: 'contacts/ids-are-unique-across-organizations', fault: 'ids.priorities.per-organization' },
  { check: 'api-keys/active-key-ceiling', fault: 'apikeys.ceiling-off-by-one' },
  // ... one whose card is accepted and then fails: its own provider fails the purchase; number.purchase.failed through a v4 subscription of its own.
  { check: 'numbers/failed-provisioning-fails-the-purchase', fault: 'numbers.purchase.outcome-not-emitted' },
  // ... and a ceiling one early, seen where the listing tells which keys are deprecated.
  { check: 'api-keys/active-key-ceiling', fault: 'apikeys.ceiling-one-early' },
  // A key of its own with a leased SMS line behind amb and RCS, the carrier as the send's answer names it.
  { check: 'messages/amb-falls-back-to-rcs-first', fault: 'messaging.amb.business-first-allowed' },
  { check: 'messages/amb-falls-back-to-rcs-first', fault: 'messaging.routing.descending-tiers' },
  { check: 'messages/amb-falls-back-to-sms-without-rcs', fault: 'messaging.amb.business-first-allowed' },
  // ... and a business-first message judged by its refusal, where no sent log shows what went out.
  { check: 'messages/amb-business-first-message-is-refused', fault: 'messaging.amb.business-first-allowed' },
  // What went out, as the sandbox's carrier reports it (message.sent to a v2 subscription of the check's own).
  { check: 'messages/idempotency-key-replayed-makes-one-message', fault: 'messaging.idempotency.ignored' },
  { check: 'messages/channel-send-replayed-with-one-key-makes-one-message', fault: 'messaging.idempotency.race' },
  { check: 'messages/same-key-with-another-body-is-not-answered-with-the-first-message', fault: 'messaging.idempotency.reuse-sends-and-replays' },
  { check: 'messages/channel-send-dry-run-answers-200', fault: 'messaging.dry-run.sends' },
  { check: 'messages/several-recipients-form-one-thread.native-dedicated', fault: 'messaging.group.fans-out' },
  { check: 'messages/several-recipients-form-one-thread.whatsapp', fault: 'messaging.group.fans-out' },
  { check: 'messages/several-recipients-fan-out-elsewhere', fault: 'messaging.fanout.as-group' },
  // Valid generated writes in an organization the config says anything may be written to.
  { check: 'robustness/valid-input-gets-documented-status.v4.createContact', fault: 'server.500-on-write-operations' },
  { check: 'robustness/valid-input-gets-documented-status.v4.updateChannelSettings', fault: 'server.500-on-write-operations' },
  { check: 'robustness/valid-input-gets-documented-status.v2.createGroup', fault: 'server.500-on-write-operations' },
  { check: 'robustness/valid-input-gets-documented-status.v4.sendMessage', fault: 'server.500-on-astral-text' },
  // A v2 `all` subscription of the check's own, and a merge through the public API.
  { check: 'webhooks/contact-merged-reaches-a-v2-all-subscription', fault: 'events.v2.contact-merged-not-delivered' },
  // ... and a v4 one of its own for the merge's contact.merged.
  { check: 'contacts/merge-emits-contact-merged', fault: 'contacts.merge.no-event' },
  // A delivery made by a public merge, where no customer can be made to write in.
  { check: 'webhooks/deliveries-list-the-delivery', fault: 'events.deliveries.list-empty' },
  { check: 'webhooks/logs-of-a-v2-webhook', fault: 'events.logs.list-empty' },
  // The statuses of a message the business writes first, as the sandbox's own carrier reports them.
  { check: 'webhooks/flat-message-sent-shape', fault: 'events.v2.extra-fields-missing' },
  { check: 'webhooks/flat-message-sent-fields-follow-the-action', fault: 'events.fields.sent-text-not-sent' },
  { check: 'webhooks/flat-message-delivered-shape', fault: 'events.v2.extra-fields-missing' },
  { check: 'webhooks/flat-times-are-epoch-ms-of-the-event', fault: 'events.v2.delivered-at-seconds' },
  { check: 'webhooks/flat-times-are-epoch-ms-of-the-event', fault: 'events.v2.timestamp-seconds' },
  { check: 'webhooks/flat-base-fields', fault: 'events.v2.no-base-fields' },
  { check: 'webhooks/v2-subscriptions-receive-the-flat-body', fault: 'events.v2.gets-v4-envelope' },
  { check: 'webhooks/v2-message-events-reach-message-and-all-only', fault: 'events.v2.filter-ignored' },
  { check: 'webhooks/message-id-header-names-the-message', fault: 'events.header.no-message-id' },
  { check: 'webhooks/v2-deliveries-carry-the-service-headers', fault: 'events.header.v2-no-message-id' },
  // ... and a failure, written first to the sandbox's failing test recipient, whose code the config states.
  { check: 'webhooks/flat-message-failed-shape', fault: 'events.v2.extra-fields-missing' },
  { check: 'webhooks/flat-message-failed-fields-follow-the-action', fault: 'events.fields.failed-code-generic' },
  // ... and, where no organization of its own can be made either, the next delivery around a rotation.
  { check: 'webhooks/rotation-invalidates-the-old-secret-at-once', fault: 'events.rotation.old-secret-still-used' },
  { check: 'webhooks/rotation-signs-with-the-new-secret', fault: 'events.rotation.secret-unchanged' },
];

/** Checks that judge with an adapter offering only simulateInboundMessage and advanceClock (test/control-adapter). */
export const movedWithInbound = [
  // The reply's chat as its answer names it, where no sent log shows it.
  { check: 'messages/chat-reply-stays-in-the-thread', fault: 'messaging.chat-reply.new-thread' },
  // The amb customer's event through a v4 subscription of its own; the reply's chat and channel as its answer names them.
  { check: 'messages/amb-inbound-sender-is-opaque-and-reply-goes-to-chat', fault: 'messaging.chat-reply.new-thread' },
  // A refusal judged by its answer where no sent log shows what went out; the inbound line leased for a key of its own.
  { check: 'messages/inbound-only-number-needs-prior-inbound', fault: 'messaging.inbound-only.not-enforced' },
  // Status events the sandbox's own carrier emits, where no control operation drives them.
  { check: 'webhooks/flat-message-sent-shape', fault: 'events.v2.extra-fields-missing' },
  { check: 'webhooks/flat-message-delivered-shape', fault: 'events.v2.extra-fields-missing' },
  { check: 'webhooks/message-delivered-never-for-group-chats', fault: 'events.delivered-for-groups' },
  // The reaction a business sends (v2) is reported as message.reaction, outbound: its flat body is judged.
  { check: 'webhooks/flat-message-reaction-shape', fault: 'events.v2.extra-fields-missing' },
  // A quick reply's limit judged by its answers, where no sent log shows what went out.
  { check: 'messages/quick-reply-offers-2-to-5-choices', fault: 'messaging.interactive.quick-reply-count-unchecked' },
  // Interactive sends in a chat the customer started, judged by their answers.
  { check: 'messages/interactive-send-carries-no-text', fault: 'messaging.interactive.text-allowed' },
  { check: 'messages/interactive-kinds-are-handled', fault: 'messaging.interactive.kinds-unsupported' },
  // A reply retried with one key, counted in the sandbox carrier's message.sent reports.
  { check: 'messages/chat-send-replayed-with-one-key-makes-one-message', fault: 'messaging.idempotency.thread-sends-ignored' },
  // A failure and a read from the sandbox's test recipients (fixtures.test_recipients), which fail and read every message.
  { check: 'webhooks/flat-message-failed-shape', fault: 'events.v2.extra-fields-missing' },
  { check: 'webhooks/flat-message-failed-fields-follow-the-action', fault: 'events.fields.failed-code-generic' },
  { check: 'webhooks/flat-message-read-shape', fault: 'events.read.not-emitted' },
  { check: 'webhooks/read-state-is-reported-by-message-read', fault: 'events.read.not-emitted' },
  { check: 'webhooks/v2-message-events-reach-message-and-all-only', fault: 'events.read.not-emitted' },
  // Send caps the config states for organizations of their own, their windows emptied by a day of their clock.
  { check: 'messages/organization-new-contact-cap-answers-429', fault: 'messaging.caps.body-fields-missing' },
  { check: 'messages/new-contact-cap-spares-known-contacts', fault: 'messaging.caps.counts-every-send' },
  { check: 'messages/new-contact-cap-window-rolls-after-24-hours', fault: 'messaging.caps.outbound-not-enforced' },
  { check: 'messages/new-contact-cap-holds-for-the-whole-24-hours', fault: 'messaging.caps.window-too-short' },
  { check: 'messages/per-number-new-contact-cap-answers-429', fault: 'messaging.caps.outbound-not-enforced' },
  { check: 'messages/new-conversation-cap-answers-429', fault: 'messaging.caps.403-instead-of-429' },
  { check: 'messages/new-conversation-cap-spares-existing-conversations', fault: 'messaging.caps.blocks-existing-conversations' },
  { check: 'messages/new-conversation-cap-frees-the-next-day', fault: 'messaging.caps.new-conversation-never-resets' },
  { check: 'messages/fan-out-with-mixed-results-answers-207', fault: 'messaging.caps.outbound-not-enforced' },
  // A group's first message needs only simulateInboundMessage.
  { check: 'webhooks/flat-group-message-received-carries-the-group', fault: 'events.v2.group-fields-missing' },
];

/** Checks that judge where an adapter makes organizations (createOrganization and setPlanFacts only). */
export const movedWithOrganizations = [
  // A delivery of its own without a customer's message: a merge in an organization of its own.
  { check: 'webhooks/rotation-invalidates-the-old-secret-at-once', fault: 'events.rotation.old-secret-still-used' },
  { check: 'webhooks/rotation-signs-with-the-new-secret', fault: 'events.rotation.secret-unchanged' },
  // ... and a walk of its deliveries, which holds still there.
  { check: 'webhooks/deliveries-walk-yields-each-delivery-once', fault: 'events.deliveries.page-skips' },
  // Send caps set low in organizations of their own, their lines given to the primary key through the public API.
  { check: 'messages/organization-new-contact-cap-answers-429', fault: 'messaging.caps.body-fields-missing' },
  { check: 'messages/per-number-new-contact-cap-answers-429', fault: 'messaging.caps.outbound-not-enforced' },
  { check: 'messages/new-conversation-cap-answers-429', fault: 'messaging.caps.403-instead-of-429' },
  // Purchases that need an action, in an organization of its own whose card needs 3DS.
  { check: 'numbers/purchase-needing-3ds-is-action-required', fault: 'numbers.purchase.sca-no-action-url' },
];

/**
 * Checks that stand on fixtures found through the public API (issue 31): the config gives keys, tokens and plan
 * facts only; its channels, spare lines and friends are discovered before the run, as `mcs certify` does, and the
 * removal checks buy the line they remove (no removable_lines). A fault of what discovery reads hides what it
 * would show (channels.list.key-owned-omitted leaves the owned line unfound): its check is then not verifiable,
 * never passed, and is caught where the config states the line (the list above).
 */
export const onDiscovered = [
  { check: 'account/forward-to-is-accepted-exactly-for-us-numbers', fault: 'account.call-forwarding.any-country' },
  { check: 'account/only-dedicated-and-inbound-native-lines-forward', fault: 'account.call-forwarding.any-source' },
  { check: 'channels/capabilities-name-the-channel', fault: 'channels.capabilities.type-native' },
  { check: 'api-keys/malformed-selector-is-400', fault: 'ownership.malformed-selector-404' },
  { check: 'messages/fan-out-of-101-is-refused', fault: 'messaging.fanout.no-limit' },
  { check: 'numbers/removal-by-e164-number', fault: 'channels.remove.e164-not-accepted' },
  { check: 'numbers/removal-without-reasons-gets-400', fault: 'channels.remove.reasons-optional' },
];

/** The config as `mcs init` would leave it plus plan facts: what the public API shows is left out, to be found. */
export const toBeDiscovered = (fixtures: Record<string, unknown>) => {
  for (const field of ['channels', 'spare_lines', 'removable_lines', 'location_friends', 'organization_id']) delete fixtures[field];
};

/** The config with no organization described beyond the vendor's own: the adapter makes them. */
export const withoutOtherOrganizations = (fixtures: Record<string, unknown>) => {
  delete fixtures.other_organizations;
};

/** Each of `checks` as it ended in `report` (with its reason, where it has one). */
export function outcomesOf(report: RunReport, checks: readonly string[]): Record<string, string> {
  return Object.fromEntries(report.checks.filter((c) => checks.includes(c.id)).map((c) => [c.id, c.reason === undefined ? c.outcome : `${c.outcome}: ${c.reason}`]));
}

export const allPassed = (checks: readonly string[]) => Object.fromEntries(checks.map((id) => [id, 'passed']));

/**
 * Registers, for `rows` of `moved`, each check failing with its fault on a vendor target whose config gives its
 * fixtures, and then all of them passing without their faults in one run that leaves no key of its own active.
 */
export function describeMovedOnConfigFixtures(what: string, rows: typeof moved): void {
  describe(`checks that judge without the control API, ${what}, on a vendor target with their fault`, () => {
    it.each(rows)('$check fails with $fault', async ({ check, fault }) => {
      const report = await certifyVendor('full', { ...withFault(fault), only: [check] });
      expect(report.checks.find((c) => c.id === check)?.outcome).toBe('failed');
    }, timeLimit({ quietMs: 24_000 })); // a narrowed run

    it('and passes without it, leaving no key it made active in the vendor\'s organization', async () => {
      let active: unknown[] = [];
      const afterRun = async (vendor: VendorTarget) => {
        const config = parse(await readFile(vendor.configPath, 'utf8')) as { fixtures: { app_tokens: { token: string; scopes: string[] }[] } };
        const reader = config.fixtures.app_tokens.find((t) => t.scopes.includes('apikeys:read'));
        const listed = await fetch(`${vendor.baseUrl}/v4/api-keys?limit=100`, { headers: { authorization: `Bearer ${reader?.token ?? ''}` } });
        active = ((await listed.json()) as { data: { deprecated?: boolean; name?: string }[] }).data.filter((key) => key.deprecated !== true).map((key) => key.name);
      };
      const checks = [...new Set(rows.map((m) => m.check))];
      const report = await certifyVendor('full', { only: checks, afterRun });
      expect(active).toEqual(['primary', 'secondary']); // the keys of the organization set up out of band
      expect(outcomesOf(report, checks)).toEqual(allPassed(checks));
    }, timeLimit({ quietMs: 24_000 })); // a narrowed run
  });
}

/** The areas of `moved` that moved-checks-numbers-and-keys.e2e.ts runs; moved-checks-on-config-fixtures.e2e.ts runs the rest. */
export const numbersAndKeys = (row: { check: string }) => ['numbers', 'api-keys', 'pagination'].includes(row.check.split('/')[0] ?? '');
