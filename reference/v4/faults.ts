// Fault switches of the v4 routes beyond CORE's list (reference/core-faults.ts): location, call-forwarding
// ownership, id uniqueness, error-body details and the /v4 prefix. Each is checked at the one place it
// changes behaviour (grep its name).
import type { FaultDecl } from '../faults.js';

const fault = (name: string, description: string, ...clauses: string[]): FaultDecl => ({ name, description, clauses });

export const faults: FaultDecl[] = [
  fault('apikeys.ceiling-one-early', 'Key creation is refused one key below the active-key ceiling.', 'limits.apikeys.active-ceiling', 'errors.409.api-key-limit-reached'),
  // text and request refusals (issue 20)
  fault('contacts.name.non-ascii-mangled', 'Contact names are stored from their UTF-8 bytes read as Latin-1 (mojibake for every non-ASCII character).', 'contacts.object.fields'),
  fault('contacts.merge.non-object-body-422', 'A merge of a real survivor refuses a JSON body that is not an object with 422 instead of 400.', 'errors.400.non-object-body'),
  fault('contacts.merge.unknown-source-200', 'A merge naming a well-formed ct_ id that no contact has answers 200 with the survivor unchanged, not 404.', 'contacts.merge.request', 'errors.404.not-found'),
  fault('contacts.merge.tags-concatenated', 'A merge appends the source tags to the survivor tags: a tag both carry appears twice.', 'contacts.merge.tags-unioned'),
  fault('pagination.offset-block-untrue', 'Offset mode of GET /contacts says has_more false on every page and a pagination.limit that is not the page size used.', 'contacts.list.offset-mode'),
  fault('auth.purchase-poll-unscoped', 'GET /channels/native/purchases/{purchaseId} is answered to an app token without numbers:read (an unknown purchase still gets 404).', 'auth.scope.numbers-read'),
  fault('contacts.list.sort-per-page', 'sort=name_asc orders each page on its own: across pages the names are not in order.', 'contacts.list.sort-values'),
  fault('contacts.list.offset-with-cursor-422', 'offset combined with cursor is refused with 422, a status GET /contacts does not list (400 is its request error).', 'contacts.list.offset-excludes-cursor'),
  fault('numbers.purchase.missing-key-409', 'A purchase without Idempotency-Key is refused with 409 instead of the 400 request error.', 'idempotency.purchase.key-required'),
  fault('account.avatar.too-large-413', 'An avatar over 10 MB is refused with 413, which the upload does not list (400, 401).', 'limits.avatar.upload-10mb'),
  // device location sharing
  fault('location.list.unwrapped', 'GET /location/contacts answers the bare array instead of {data: [...]}.', 'location.contacts.list'),
  fault('location.list.empty', 'GET /location/contacts lists nobody, whoever shares their location.', 'location.contacts.list'),
  fault('location.refresh.post-missing', 'POST /location/contacts/refresh answers 404; only the GET form exists.', 'location.refresh.post-same-as-get'),
  fault('location.contact.unknown-200', 'GET /location/contacts/{handle} of an unknown handle answers 200 {data: null} instead of 404.', 'location.contact.unknown-handle-404'),
  fault('location.contact.phone-not-decoded', 'A handle given as an E.164 phone (`%2B` in the path) is looked up still encoded, so it is never found.', 'location.contact.unknown-handle-404'),
  fault('location.contact.no-details', 'The 404 of an unknown location handle is {error: {code, message}} without details.', 'errors.shape.v4-standard', 'location.contact.unknown-handle-404'),
  // channels
  fault('channels.list.empty-unfiltered', 'GET /channels without a filter lists no channel (each filter still lists its channels).', 'channels.list.page-of-channels'),
  fault('channels.list.filters-ignored', 'GET /channels accepts type and status but lists every channel.', 'channels.list.page-of-channels'),
  fault('channels.list.status-filter-native-only', 'GET /channels?status=S leaves out every non-native channel with status S.', 'channels.list.page-of-channels'),
  // contacts, identities, priorities
  fault('contacts.create.200', 'POST /contacts answers 200 instead of 201.', 'contacts.create.201'),
  fault('contacts.identities.list-empty', 'GET /contacts/{id}/identities answers an empty page whatever the contact holds.', 'identities.list.page'),
  fault('priorities.create.200', 'POST /priorities answers 200 instead of 201.', 'priorities.create.201'),
  fault('priorities.patch.name-ignored', 'PATCH /priorities/{id} ignores a new name.', 'priorities.patch.replaces-channels'),
  fault('account.me-priority.empty-object', 'GET /me/priority answers {data: {}} instead of {data: null} for a key with no priority.', 'me.priority.null-means-implicit-pool'),
  fault('channels.list.key-owned-omitted', 'GET /channels leaves out the channels assigned to an API key: only unassigned channels are listed.', 'channels.list.page-of-channels'),
  fault('channels.capabilities.type-native', 'GET /channels/{channel}/capabilities says type native whatever the channel\'s type.', 'channels.capabilities.shape'),
  fault('channels.get.unknown-200', 'GET /channels/{channel} and its capabilities answer 200 {data: null} for an unknown channel.', 'errors.404.not-found', 'channels.get.item', 'channels.capabilities.shape'),
  fault('channels.profile.answers-old-profile', 'PUT profile stores the update but answers the channel with its profile as it was before.', 'channels.profile.returns-channel-with-profile'),
  fault('channels.profile.null-ignored', 'PUT profile ignores null and "" for a field instead of clearing it.', 'channels.profile.partial-clear'),
  fault('channels.profile.replaces-whole', 'PUT profile replaces the whole profile: fields not sent are cleared.', 'channels.profile.partial-clear'),
  fault('channels.remove.e164-not-accepted', 'DELETE /channels/{channel} takes only ch_ ids: an E.164 number answers 404.', 'channels.delete.result-and-event'),
  fault('channels.remove.reasons-optional', 'DELETE /channels/{channel} without reasons removes the line instead of 400.', 'channels.delete.reasons-required'),
  // API-key scopes
  fault('apikeys.any-area-scope', 'Either API-key scope opens every API-key endpoint: apikeys:read may create, deprecate and assign; apikeys:manage may list and read.', 'auth.scope.apikeys-read', 'auth.scope.apikeys-manage'),
  fault('apikeys.manage-needs-read', 'The API-key manage endpoints also ask for apikeys:read: a token holding only apikeys:manage cannot create keys.', 'auth.scope.apikeys-manage'),
  // numbers
  fault('numbers.inventory.exchange-revealed', 'Browse mode masks only the last four digits: masked_national shows the exchange as well as the area code, as (415) 555-XXXX.', 'numbers.inventory.row-shape'),
  fault('numbers.available.default-not-shared', 'GET /channels/native/available without type browses dedicated numbers, not shared ones.', 'channels.available.type-default-shared'),
  fault('numbers.quote.area-codes-ignored', 'The comma-separated area_codes form is ignored (only repeated area_code counts).', 'channels.available.area-code-forms'),
  fault('numbers.purchase.needs-read-scope', 'POST /channels/native/purchases asks app tokens for numbers:read instead of numbers:manage.', 'auth.scope.numbers-manage'),
  fault('numbers.purchase.no-card-accepted', 'A purchase by an organization without a saved payment method goes through instead of 402 no_payment_method.', 'errors.402.no-payment-method'),
  fault('numbers.purchase.declined-accepted', 'A purchase paid by a declined card goes through instead of 402 payment_failed.', 'errors.402.payment-failed'),
  fault('numbers.purchase.tier-name-accepted', 'A tier name (shared, dedicated, inbound) is accepted as a plan instead of 400 invalid_plan.', 'purchases.create.plan-ids', 'errors.400.invalid-plan'),
  fault('numbers.purchase.line-cap-off-by-one', 'An order may hold one line more than the per-order cap.', 'limits.purchase.lines-per-order-10', 'errors.400.line-limit-exceeded'),
  // channel settings
  fault('channels.settings.any-type', 'Settings of non-native channels are read and written like native ones instead of 403 settings_unsupported_for_channel_type.', 'errors.403.settings-unsupported-for-channel-type'),
  fault('channels.settings.mark-read-refused-everywhere', 'auto_mark_read is refused on dedicated and inbound lines too.', 'channels.settings.auto-mark-read-dedicated-inbound'),
  fault('channels.settings.share-on-any-line', 'auto_share_contact can be enabled on shared and inbound lines.', 'channels.settings.auto-share-contact-dedicated-with-card', 'errors.403.auto-share-contact-not-allowed'),
  fault('channels.settings.share-refused-with-card', 'auto_share_contact is refused with contact_card_not_set_up even when the line has a contact card.', 'channels.settings.auto-share-contact-dedicated-with-card'),
  fault('channels.settings.unknown-keys-ignored', 'Unknown settings keys are ignored instead of 422 invalid_settings.', 'errors.422.invalid-settings'),
  fault('channels.settings.false-omitted', 'Settings answers (GET and PATCH) leave out the keys that are off instead of showing them false.', 'channels.settings.native-keys', 'channels.settings.patch-returns-updated'),
  fault('channels.settings.available-inverted', 'The available map says the opposite of the rules: what the line may turn on is false, what it may not is true.', 'channels.settings.available-map'),
  fault('channels.settings.truthy-values-accepted', 'Non-boolean settings values are read as truthy or falsy instead of 422 invalid_settings.', 'errors.422.invalid-settings'),
  // account
  fault('account.me.unwrapped', 'GET /me answers the account object without the {data} wrapper.', 'me.get.data-object', 'envelope.item.data-wrapped'),
  fault('account.me-numbers.empty', 'GET /me/numbers lists no number, whatever the key owns.', 'me.numbers.list'),
  fault('account.contact-card.not-stored', 'PUT contact-card answers the new card but does not store it.', 'me.contact-card.put.fields'),
  fault('account.contact-card.empty-accepted', 'PUT contact-card with no field answers 200 instead of 422.', 'me.contact-card.put.at-least-one-field'),
  fault('account.contact-card.enums-unchecked', 'sharing.audience and sharing.name_format take any value, not only 0 and 1.', 'me.contact-card.put.fields'),
  fault('account.contact-card.get-unwrapped', 'GET contact-card answers the bare card instead of {data: {...}}.', 'me.contact-card.put.fields'),
  fault('account.contact-card.enum-zero-refused', 'sharing.audience and sharing.name_format refuse 0 with 422: only 1 is taken.', 'me.contact-card.put.fields'),
  fault('account.avatar.file-optional', 'The avatar upload without the avatar part answers 200 and updates only the names.', 'me.contact-card.avatar.multipart'),
  fault('account.avatar.refused', 'The avatar upload refuses every photo with 400.', 'me.contact-card.avatar.multipart'),
  fault('account.avatar.no-size-limit', 'Avatars over 10 MB are accepted.', 'limits.avatar.upload-10mb'),
  // call forwarding
  fault('account.call-forwarding.forward-to-unchecked', 'forward_to is not validated: missing, non-string and malformed values open a request.', 'me.call-forwarding.forward-to-pattern'),
  fault('account.call-forwarding.foreign-source', 'A line owned by another key of the organization may forward calls.', 'me.call-forwarding.owned-dedicated-or-inbound'),
  // contacts
  fault('contacts.list.tag-case-sensitive', 'The tag filter matches case-sensitively.', 'contacts.list.tag-case-insensitive'),
  fault('contacts.list.sort-ignored', 'sort is accepted but the list keeps creation order.', 'contacts.list.sort-values'),
  fault('contacts.list.filter-ignored', 'filter is accepted but every contact is listed.', 'contacts.list.filter-values'),
  fault('contacts.list.q-ignored', 'q switches GET /contacts to offset mode but does not narrow the list: every contact is listed.', 'contacts.list.q-case-insensitive'),
  fault('contacts.list.direction-filter-ignored', 'filter inbound_last and outbound_last are accepted but do not filter.', 'contacts.list.filter-values'),
  fault('contacts.merge.self-allowed', 'Merging a contact into itself answers 200 instead of 400 cannot_merge_self.', 'errors.400.cannot-merge-self'),
  fault('contacts.merge.malformed-id-404', 'A source_contact_id that is not a ct_ id answers 404 instead of 400.', 'contacts.merge.request'),
  fault('contacts.merge.remerge-allowed', 'A source already merged into another contact can be merged again into a second survivor.', 'errors.409.contact-already-merged'),
  fault('contacts.merge.concurrent-race', 'Merges of the same pair that arrive together each move the source\'s identities: the survivor lists them twice, and contact.merged is emitted for each.', 'contacts.merge.idempotent-same-pair'),
  fault('contacts.merge.source-name-wins', 'A named survivor takes the source\'s name.', 'contacts.merge.survivor-keeps-name'),
  fault('contacts.delete.still-readable', 'A soft-deleted contact still reads 200 by its id.', 'contacts.delete.result'),
  fault('contacts.identity.rename-skips-contact', 'Renaming an identity with name does not update the parent contact.', 'identities.patch.rename-in-place'),
  fault('contacts.identity.rename-skips-identity', 'Renaming an identity with name renames the parent contact but leaves the identity\'s own name as it was.', 'identities.patch.rename-in-place'),
  // pagination
  fault('pagination.identities-skip', 'A page of identities that has more drops its last item, which the cursor skips.', 'identities.list.page', 'envelope.list.cursor-page'),
  fault('pagination.priorities-skip', 'A page of priorities that has more drops its last item, which the cursor skips.', 'priorities.list.owned-by-key', 'envelope.list.cursor-page'),
  fault('pagination.api-keys-skip', 'A page of API keys that has more drops its last item, which the cursor skips.', 'apikeys.list.keys', 'envelope.list.cursor-page'),
  fault('pagination.available-skip', 'A page of available numbers (browse mode) that has more drops its last row, which the cursor skips.', 'channels.available.browse-or-quote', 'envelope.list.cursor-page'),
  fault('pagination.channels-skip', 'A page of channels that has more drops its last item, which the cursor skips.', 'channels.list.page-of-channels', 'envelope.list.cursor-page'),
  // priorities
  fault('priorities.is-default-false-ignored', 'A first priority created with is_default false becomes the default anyway.', 'priorities.default.first-created'),
  fault('priorities.delete-keeps', 'DELETE /priorities/{id} answers {id, deleted} but the priority stays.', 'priorities.delete.result'),
  // request bodies
  fault('priorities.create.non-object-body-accepted', 'POST /priorities takes a JSON body that is not an object (array, string, number, null) as {} and creates a priority.', 'errors.400.non-object-body'),
  // issue 30: answers that differ from their read-back, demanded choices and scopes both ways
  fault('contacts.merge.answer-drops-survivor-tags', "The merge answer shows the survivor with the source's tags only, while the store (and a read) has the union.", 'contacts.merge.returns-survivor'),
  fault('contacts.update.answer-shows-old-name', 'PATCH /contacts/{id} stores the new name but answers the contact with the name it had before.', 'contacts.patch.name-required'),
  fault('apikeys.assign.answer-stale-address', "The assignment result's address is a line one number off the assigned channel's, while the key's channel list shows the right one.", 'apikeys.assignment.result-shape'),
  fault('priorities.create.404', 'POST /priorities answers 404, as if the documented endpoint did not exist (checks that make a priority to stand on fail on its clause, as a prerequisite).', 'priorities.create.201'),
  fault('pagination.limit-required', 'GET /api-keys, /contacts and /channels answer 400 without a limit, though the description gives lists a default page size.', 'envelope.list.cursor-page', 'apikeys.list.keys', 'channels.list.page-of-channels'),
  fault('auth.numbers-manage-suffices-to-browse', 'GET /channels/native/available is answered to an app token holding numbers:manage but not numbers:read.', 'auth.scope.numbers-read'),
  // ids
  fault('ids.priorities.per-organization', 'Priority ids count per organization (pri_1, pri_2, ...), so two organizations reuse them.', 'ids.prefix.globally-unique'),
  // versioning
  fault('versioning.me-not-under-v4', 'GET /me is not served under the /v4 prefix (answers 404 there).', 'versioning.v4.beta-under-v4-prefix', 'me.get.data-object'),
  // issue 39: two views of one object disagree
  fault('apikeys.list.deprecated-reported-active', 'GET /api-keys lists a deprecated key as deprecated: false, while GET /api-keys/{apiKey} reads it deprecated.', 'views.apikeys.list-agrees-with-item', 'apikeys.delete.deprecates'),
  fault('channels.capabilities.protocols-dropped', "GET /channels/{channel}/capabilities reports the channel's first protocol only, fewer than the channel object's capabilities.protocols.", 'channels.object.capabilities-shape'),
  fault('channels.list.content-text-only', "GET /channels lists every channel's capabilities.content as [text], while GET /channels/{channel} reads text and media.", 'views.channels.list-agrees-with-item'),
  fault('apikeys.channels.rows-as-sms', 'GET /api-keys/{apiKey}/channels lists every line the key owns as type sms_provider, while GET /channels/{channel} reads native.', 'views.apikeys.owned-channels-agree'),
  // issue 39: a replay in a state the original never had
  fault('numbers.purchase.replay-action-required', 'Replaying the key of a provisioning purchase answers the same purchase_id in action_required with an action_url, a state the purchase never had.', 'purchases.create.replay-same-purchase', 'purchases.state.transitions-only'),
  fault('numbers.purchase.replay-retries-failed', 'Replaying the key of a failed purchase starts it over: the purchase is provisioning again, as polls then read.', 'purchases.state.transitions-only'),
  // issue 39: a write's answer shows its request while its effect differs
  fault('account.avatar.names-dropped', 'POST contact-card/avatar keeps the photo but drops the first_name and last_name sent with it: GET contact-card keeps the names it had.', 'me.contact-card.avatar.multipart'),
  fault('contacts.list.row-stale-name', 'GET /contacts lists a renamed contact under the name it was created with, while GET /contacts/{contactId} reads the new name.', 'views.contacts.list-agrees-with-item'),
  fault('contacts.object.identities-stale', "GET /contacts/{contactId} carries only the identities the contact was created with; its identities endpoint lists the ones attached or merged in since.", 'views.contacts.identities-agree', 'views.contacts.list-agrees-with-item'),
  fault('contacts.merge.replay-answers-before', 'Merging the same pair again answers the survivor without the identities the first merge moved to it (the store is unchanged).', 'contacts.merge.idempotent-same-pair'),
  fault('contacts.list.recent-oldest-swapped', 'sort=recent lists the least recently active contacts first and sort=oldest the most recent first.', 'contacts.list.sort-values'),
  fault('contacts.list.direction-filter-any-message', 'filter=inbound_last keeps every contact who ever wrote, and outbound_last every contact ever written to, whichever came last.', 'contacts.list.filter-values'),
  fault('apikeys.list.blocked-reported', 'GET /api-keys lists every key as blocked: true, while its creation answer and GET /api-keys/{apiKey} say false.', 'views.apikeys.list-agrees-with-item'),
];
