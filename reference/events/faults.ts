// The event side's fault switches (signing, delivery headers, envelopes, v2 filtering, rotation, replay,
// event rules). Each is checked at the one place it changes behaviour: grep its name.
import type { FaultDecl } from '../faults.js';

export const faults: FaultDecl[] = [
  { name: 'events.signing.wrong-secret', description: 'Deliveries are signed with a secret the subscriber never received.', clauses: ['webhooks.signature.hmac-over-t-and-raw-body'] },
  { name: 'events.signing.ms-timestamp', description: 'The signature timestamp t is in milliseconds.', clauses: ['webhooks.signature.header-format'] },
  { name: 'events.signing.body-only-mac', description: 'The HMAC covers the body alone, not "<t>.<body>".', clauses: ['webhooks.signature.hmac-over-t-and-raw-body'] },
  { name: 'events.signing.base64-digest', description: 'The v1 digest is base64 instead of hex.', clauses: ['webhooks.signature.header-format'] },
  { name: 'events.signing.body-changed-after-signing', description: 'The body is re-serialised after signing, so the bytes sent are not the bytes signed.', clauses: ['webhooks.signature.hmac-over-t-and-raw-body'] },
  { name: 'events.rotation.old-secret-still-used', description: 'After rotation deliveries are still signed with the old secret.', clauses: ['v2.webhooks.rotate-invalidates-old', 'webhooks.signature.rotation-replaces-secret'] },
  { name: 'events.rotation.secret-unchanged', description: 'Rotation returns the same secret.', clauses: ['v2.webhooks.rotate-invalidates-old', 'webhooks.signature.rotation-replaces-secret'] },
  { name: 'events.header.content-type-text', description: 'Deliveries are sent as text/plain.', clauses: ['events.header.content-type-json'] },
  { name: 'events.header.no-event-type', description: 'Deliveries lack X-Service-Event.', clauses: ['events.header.event-type'] },
  { name: 'events.header.no-message-id', description: 'Deliveries lack X-Service-Message-Id.', clauses: ['events.header.message-id'] },
  { name: 'events.replay.no-replay-header', description: 'Replays lack X-Service-Replay: true.', clauses: ['events.header.replay-true'] },
  { name: 'events.replay.no-original-event-id', description: 'Replays lack X-Original-Event-Id.', clauses: ['events.header.original-event-id'] },
  { name: 'events.replay.header-on-first-delivery', description: 'First deliveries already carry X-Service-Replay: true.', clauses: ['events.header.replay-true'] },
  { name: 'events.v4.created-at-seconds', description: 'The v4 envelope created_at is in seconds.', clauses: ['events.envelope.v4-shape', 'time.v4.epoch-milliseconds'] },
  { name: 'events.v4.bare-organization-id', description: 'The v4 envelope organization_id lacks its org_ prefix.', clauses: ['events.envelope.v4-shape', 'ids.prefix.per-resource'] },
  { name: 'events.v2.gets-v4-envelope', description: 'v2 subscriptions receive the v4 envelope instead of the flat body.', clauses: ['events.envelope.v2-flat-shape', 'versioning.webhooks.body-follows-registration'] },
  { name: 'events.v2.filter-ignored', description: 'v2 subscriptions receive every event whatever their webhook_type.', clauses: ['events.routing.v2-message-events', 'events.routing.v2-poll-events', 'events.routing.v2-typing-events-all-only'] },
  { name: 'events.v2-record.leaks-secret', description: 'GET /v4/webhooks/{id} returns the signing secret with the v2 record.', clauses: ['webhooks.secret.only-at-creation', 'webhooks.v4.get-v2-record'] },
  { name: 'events.v2-record.standard-errors', description: 'GET /v4/webhooks/{id} errors use the v4 standard body instead of the flat one.', clauses: ['webhooks.v4.get-flat-errors'] },
  { name: 'events.delivered-for-groups', description: 'message.delivered is emitted for group chats.', clauses: ['events.message-delivered.never-for-group-chats'] },
  { name: 'events.read-without-receipts', description: 'message.read is emitted for chats without read receipts (or groups, or non-iMessage).', clauses: ['messages.read.receipts-1to1-imessage-only'] },
  { name: 'events.typing.non-imessage', description: 'typing events are emitted for non-iMessage chats.', clauses: ['events.typing.imessage-only'] },
  { name: 'events.contact-shared.no-upsert', description: 'contact.shared does not create or update the matching contact.', clauses: ['events.contact-shared.upserts-contact'] },
];
