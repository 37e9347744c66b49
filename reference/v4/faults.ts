// Fault switches of the v4 routes beyond CORE's list (reference/core-faults.ts): location, call-forwarding
// ownership, id uniqueness, error-body details and the /v4 prefix. Each is checked at the one place it
// changes behaviour (grep its name).
import type { FaultDecl } from '../faults.js';

const fault = (name: string, description: string, ...clauses: string[]): FaultDecl => ({ name, description, clauses });

export const faults: FaultDecl[] = [
  // device location sharing
  fault('location.list.unwrapped', 'GET /location/contacts answers the bare array instead of {data: [...]}.', 'location.contacts.list'),
  fault('location.list.empty', 'GET /location/contacts lists nobody, whoever shares their location.', 'location.contacts.list'),
  fault('location.refresh.post-missing', 'POST /location/contacts/refresh answers 404; only the GET form exists.', 'location.refresh.post-same-as-get'),
  fault('location.contact.unknown-200', 'GET /location/contacts/{handle} of an unknown handle answers 200 {data: null} instead of 404.', 'location.contact.unknown-handle-404'),
  fault('location.contact.phone-not-decoded', 'A handle given as an E.164 phone (`%2B` in the path) is looked up still encoded, so it is never found.', 'location.contact.unknown-handle-404'),
  fault('location.contact.no-details', 'The 404 of an unknown location handle is {error: {code, message}} without details.', 'errors.shape.v4-standard', 'location.contact.unknown-handle-404'),
  // channels
  fault('channels.get.unknown-200', 'GET /channels/{channel} and its capabilities answer 200 {data: null} for an unknown channel.', 'errors.404.not-found', 'channels.get.item', 'channels.capabilities.shape'),
  // channel settings
  fault('channels.settings.any-type', 'Settings of non-native channels are read and written like native ones instead of 403 settings_unsupported_for_channel_type.', 'errors.403.settings-unsupported-for-channel-type'),
  fault('channels.settings.mark-read-refused-everywhere', 'auto_mark_read is refused on dedicated and inbound lines too.', 'channels.settings.auto-mark-read-dedicated-inbound'),
  fault('channels.settings.share-on-any-line', 'auto_share_contact can be enabled on shared and inbound lines.', 'channels.settings.auto-share-contact-dedicated-with-card', 'errors.403.auto-share-contact-not-allowed'),
  fault('channels.settings.share-refused-with-card', 'auto_share_contact is refused with contact_card_not_set_up even when the line has a contact card.', 'channels.settings.auto-share-contact-dedicated-with-card'),
  fault('channels.settings.unknown-keys-ignored', 'Unknown settings keys are ignored instead of 422 invalid_settings.', 'errors.422.invalid-settings'),
  fault('channels.settings.truthy-values-accepted', 'Non-boolean settings values are read as truthy or falsy instead of 422 invalid_settings.', 'errors.422.invalid-settings'),
  // call forwarding
  fault('account.call-forwarding.forward-to-unchecked', 'forward_to is not validated: missing, non-string and malformed values open a request.', 'me.call-forwarding.forward-to-pattern'),
  fault('account.call-forwarding.foreign-source', 'A line owned by another key of the organization may forward calls.', 'me.call-forwarding.owned-dedicated-or-inbound'),
  // request bodies
  fault('priorities.create.non-object-body-accepted', 'POST /priorities takes a JSON body that is not an object (array, string, number, null) as {} and creates a priority.', 'errors.400.non-object-body'),
  // ids
  fault('ids.priorities.per-organization', 'Priority ids count per organization (pri_1, pri_2, ...), so two organizations reuse them.', 'ids.prefix.globally-unique'),
  // versioning
  fault('versioning.me-not-under-v4', 'GET /me is not served under the /v4 prefix (answers 404 there).', 'versioning.v4.beta-under-v4-prefix', 'me.get.data-object'),
];
