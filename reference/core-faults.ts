// CORE's fault switches. Each is checked at the one place it changes behaviour (grep its name).
import type { FaultDecl } from './faults.js';

const fault = (name: string, description: string, ...clauses: string[]): FaultDecl => ({ name, description, clauses });

export const coreFaults: FaultDecl[] = [
  // authentication and scopes
  fault('auth.401-standard-shape', 'Authentication failures answer 401 with the v4 standard body instead of the flat one.', 'auth.failure.flat-401', 'errors.401.flat-credentials'),
  fault('auth.ignore-scopes', 'App tokens are not checked for the scope an endpoint needs.', 'auth.scope.apikeys-read', 'auth.scope.apikeys-manage', 'auth.scope.numbers-read', 'auth.scope.numbers-manage'),
  fault('auth.read-scope-needs-manage', 'Read operations also require the manage scope of their area: a token holding only apikeys:read or numbers:read is refused.', 'auth.scope.apikeys-read', 'auth.scope.numbers-read'),
  fault('auth.scope-refusal-400', 'A token lacking the scope gets 400 bad_request instead of 403 insufficient_scope.', 'auth.scope.apikeys-read', 'auth.scope.apikeys-manage', 'auth.scope.numbers-read', 'auth.scope.numbers-manage'),
  fault('apikeys.accept-api-key', 'API-key management accepts an API key instead of answering 403 oauth_token_required.', 'auth.apikeys.app-token-only', 'auth.apikeys.key-cannot-create-keys', 'errors.403.oauth-token-required'),
  // API keys
  fault('apikeys.deprecated-still-authenticates', 'A deprecated API key keeps authenticating.', 'apikeys.delete.stops-authenticating'),
  fault('apikeys.deprecate-keeps-channels', 'Deprecating a key does not release the channels it owns.', 'apikeys.delete.releases-channels'),
  fault('apikeys.delete-not-idempotent', 'Deleting an already deprecated key answers 404.', 'apikeys.delete.repeatable'),
  fault('apikeys.ceiling-off-by-one', 'One key more than the active-key ceiling can be created.', 'limits.apikeys.active-ceiling', 'errors.409.api-key-limit-reached'),
  fault('apikeys.list-shows-full-key', 'The key list shows full keys.', 'apikeys.create.full-key-once'),
  fault('apikeys.create.key-without-prefix', 'Keys created through the API begin with key_ instead of api_.', 'auth.credentials.api-key-prefix'),
  fault('apikeys.create.fields-missing', 'The create response lacks blocked and deprecated.', 'apikeys.create.response-shape'),
  fault('apikeys.create.masked-key', 'The create response shows the key masked instead of in full.', 'apikeys.create.data-with-full-key', 'apikeys.create.full-key-once'),
  fault('apikeys.get-shows-full-key', 'GET /api-keys/{apiKey} shows the full key.', 'apikeys.create.full-key-once', 'apikeys.get.one'),
  fault('apikeys.delete.reported-active', 'GET /api-keys/{apiKey} reads deprecated false for a deprecated key.', 'apikeys.delete.deprecates'),
  fault('apikeys.channels.lists-unowned', 'A key\'s channel list shows every numbered line of the organization.', 'apikeys.channels.list-owned'),
  // channel ownership
  fault('ownership.assign-non-numbered', 'Non-numbered channels (whatsapp, rcs, amb) can be assigned to a key.', 'apikeys.assign.only-numbered-channels', 'errors.422.channel-not-assignable'),
  fault('ownership.no-line-limit', 'A key on a plan without number pools can own a second line.', 'limits.assignment.one-line-without-pools', 'errors.400.second-line-without-pools'),
  fault('ownership.reassign-keeps-previous', 'Reassigning a line leaves it with the previous owner too and reports reassigned false.', 'ownership.assign.sole-owner-reassigned'),
  fault('ownership.result-echoes-selector', 'The assignment result echoes the selector as channel_id instead of the resolved ch_ id.', 'apikeys.assignment.result-shape', 'apikeys.assign.selector-forms'),
  fault('ownership.unassign-ignored', 'Unassigning answers success but the key keeps the line.', 'apikeys.unassign.delete', 'ownership.unassign.delete-key-channel'),
  fault('ownership.malformed-selector-404', 'A malformed channel selector answers 404 instead of 400.', 'errors.400.malformed-channel-selector'),
  fault('ownership.unchanged-reported-reassigned', 'Re-assigning to the current owner reports reassigned true and unchanged false.', 'ownership.assign.same-owner-unchanged', 'apikeys.assign.idempotent'),
  // channels
  fault('envelope.item-unwrapped', 'GET /channels/{channel} answers the channel without the {data} wrapper.', 'envelope.item.data-wrapped', 'channels.get.item'),
  fault('time.channels.created-at-seconds', 'Channel created_at is in seconds, not milliseconds.', 'time.v4.epoch-milliseconds', 'channels.object.fields'),
  fault('channels.remove.no-event', 'Removing a number does not emit number.removed.', 'channels.delete.result-and-event'),
  fault('channels.settings.mark-read-anywhere', 'auto_mark_read can be enabled on shared lines.', 'channels.settings.auto-mark-read-dedicated-inbound', 'errors.403.auto-mark-read-not-allowed'),
  fault('channels.settings.share-without-card', 'auto_share_contact can be enabled on a dedicated line without a contact card.', 'channels.settings.auto-share-contact-dedicated-with-card', 'errors.403.contact-card-not-set-up'),
  fault('channels.settings.empty-accepted', 'An empty settings update answers 200 instead of 422 no_settings_provided.', 'errors.422.no-settings-provided'),
  fault('channels.settings.generic-forbidden-code', 'Refusing auto_mark_read answers code forbidden instead of auto_mark_read_not_allowed.', 'errors.403.auto-mark-read-not-allowed'),
  fault('channels.profile.accept-unknown-keys', 'Unknown profile keys are accepted.', 'channels.profile.unknown-keys-rejected'),
  // numbers
  fault('numbers.feature-check-skipped', 'Number browsing and purchase work although the feature is off.', 'channels.available.feature-required'),
  fault('numbers.inventory.full-number', 'Browse mode returns the full number in masked_national.', 'numbers.inventory.never-full-number', 'numbers.inventory.row-shape'),
  fault('numbers.quote.counts-wrong', 'matched_count counts one more than the matched lines.', 'numbers.quote.top-level-counts'),
  fault('numbers.purchase.key-optional', 'A purchase without Idempotency-Key is accepted.', 'purchases.create.idempotency-key-required', 'idempotency.purchase.key-required'),
  fault('numbers.purchase.charge-per-request', 'Every purchase request charges and creates a purchase, whatever its key.', 'purchases.state.charge-once-per-key', 'purchases.create.replay-same-purchase'),
  fault('numbers.purchase.no-line-cap', 'Orders above the line cap are accepted.', 'limits.purchase.lines-per-order-10', 'errors.400.line-limit-exceeded'),
  fault('numbers.purchase.shared-limit-unchecked', 'A second shared line can be ordered.', 'limits.purchase.shared-plan-one-line', 'errors.409.shared-number-limit'),
  fault('numbers.purchase.created-201', 'A purchase paid by a valid card answers 201 instead of 202.', 'purchases.create.accepted-202'),
  fault('numbers.purchase.poll-unwrapped', 'GET /channels/native/purchases/{id} answers the bare purchase instead of {data: {...}}.', 'purchases.get.shape'),
  fault('numbers.purchase.sca-no-action-url', 'A purchase needing 3DS answers action_url null.', 'purchases.object.action-url-when-action-required', 'purchases.state.sca-action-required'),
  // priorities
  fault('priorities.first-not-default', 'The first priority of a key does not become its default.', 'priorities.default.first-created'),
  fault('priorities.patch-merges-channels', 'PATCH merges the channels into the old set instead of replacing it.', 'priorities.patch.replaces-channels'),
  fault('priorities.list-all-keys', 'GET /priorities lists the priorities of every key of the organization.', 'priorities.list.owned-by-key'),
  // contacts
  fault('contacts.list.identifier-ignored', 'The identifier filter is ignored: every contact is listed.', 'contacts.list.identifier-filter'),
  fault('contacts.list.q-case-sensitive', 'q matches case-sensitively.', 'contacts.list.q-case-insensitive'),
  fault('contacts.list.no-pagination-block', 'Offset mode omits the pagination block.', 'contacts.list.offset-mode'),
  fault('contacts.list.offset-with-cursor-allowed', 'offset combined with cursor is accepted.', 'contacts.list.offset-excludes-cursor'),
  fault('contacts.list.cursor-stops-early', 'Cursor mode says has_more false and next_cursor null on a full page.', 'contacts.list.cursor-default', 'envelope.list.cursor-page'),
  fault('contacts.create.duplicate-allowed', 'A contact with an existing identity is created instead of 409.', 'errors.409.duplicate-contact-or-identity'),
  fault('numbers.purchase.outcome-not-emitted', 'A confirmed or failed purchase emits neither number.purchase.completed nor number.purchase.failed.', 'events.number-purchase-completed.emitted', 'events.number-purchase-failed.emitted'),
  fault('contacts.identity.duplicate-allowed', 'Attaching an identity another contact holds is accepted instead of 409.', 'errors.409.duplicate-contact-or-identity'),
  fault('contacts.delete.identities-kept', 'Soft delete keeps the identities (they still conflict and match).', 'contacts.delete.soft-removes-identities'),
  fault('errors.validation-as-400', 'A PATCH /contacts without name answers 400 instead of 422.', 'contacts.patch.name-required', 'errors.422.validation'),
  fault('contacts.merge.no-tombstone', 'The merge source does not get merged_into.', 'contacts.merge.source-tombstoned'),
  fault('contacts.merge.no-tag-union', 'The survivor does not take the source\'s tags.', 'contacts.merge.tags-unioned'),
  fault('contacts.merge.identities-stay', 'The source\'s identities are not re-parented.', 'contacts.merge.identities-reparented', 'contacts.merge.returns-survivor'),
  fault('contacts.merge.no-name-fallback', 'An unnamed survivor does not take the source\'s name.', 'contacts.merge.survivor-keeps-name'),
  fault('contacts.merge.repeat-conflicts', 'Merging the same pair again answers 409 instead of 200.', 'contacts.merge.repeat-unchanged-200', 'contacts.merge.idempotent-same-pair'),
  fault('contacts.merge.no-event', 'Merging does not emit contact.merged.', 'events.contact-merged.emitted', 'contacts.merge.source-tombstoned'),
  // account
  fault('account.call-forwarding.any-country', 'forward_to accepts non-US numbers.', 'me.call-forwarding.forward-to-pattern', 'limits.call-forwarding.us-only'),
  fault('account.call-forwarding.any-source', 'Shared lines and non-native lines may forward calls.', 'me.call-forwarding.owned-dedicated-or-inbound'),
];
