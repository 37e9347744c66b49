// MESSAGING's fault switches (sends, routing, caps, amb, v2). Each is checked at the one place it changes
// behaviour: grep its name. Clause ids are those of spec/clauses.yaml the fault breaks.
import type { FaultDecl } from '../faults.js';

export const faults: FaultDecl[] = [
  { name: 'messaging.send.wrapped', description: 'A v4 send returns the message object wrapped in {data}.', clauses: ['envelope.send.unwrapped'] },
  { name: 'messaging.send.200-instead-of-201', description: 'An accepted send answers 200 (the dry-run status) instead of 201 (detectable on POST /channels/{channel}/messages).', clauses: ['channels.send.status-codes', 'errors.success.status-codes'] },
  { name: 'messaging.send.id-without-prefix', description: 'The message id is returned without its msg_ prefix.', clauses: ['ids.prefix.per-resource'] },
  { name: 'messaging.send.created-at-seconds', description: 'The message created_at is in seconds, not milliseconds.', clauses: ['time.v4.epoch-milliseconds'] },
  { name: 'messaging.idempotency.ignored', description: 'Idempotency-Key is ignored: every retry of a send makes a new message.', clauses: ['idempotency.send.retry-safe'] },
  { name: 'messaging.routing.descending-tiers', description: 'Routing walks the priority tiers in descending order.', clauses: ['routing.agnostic.priority-waterfall'] },
  { name: 'messaging.routing.not-sticky', description: 'A same-tier pool picks a member afresh on every send (the recipient does not keep its channel).', clauses: ['routing.agnostic.priority-waterfall', 'priorities.pool.same-priority-and-type'] },
  { name: 'messaging.routing.ignores-priority', description: 'Sends without from go out on the organization\'s first channel whatever the priority or implicit pool says.', clauses: ['routing.agnostic.priority-waterfall', 'routing.agnostic.implicit-native-pool'] },
  { name: 'messaging.from.ignored', description: 'from is ignored and the send is routed as if absent.', clauses: ['routing.from.pins-sender'] },
  { name: 'messaging.group.fans-out', description: 'Several recipients on a group-capable channel fan out instead of forming one group thread.', clauses: ['channels.send.group-capable-one-thread'] },
  { name: 'messaging.fanout.no-limit', description: 'A fan-out to more than 100 recipients is accepted.', clauses: ['limits.fan-out.recipients-100'] },
  { name: 'messaging.chat-reply.new-thread', description: 'A reply through POST /chats/{chatId}/messages reports another chat id.', clauses: ['chats.send.stays-in-thread'] },
  { name: 'messaging.attachment-first-allowed', description: 'A first message with attachments and no text is accepted.', clauses: ['errors.400.attachment-first-message-not-allowed'] },
  { name: 'messaging.inbound-only.not-enforced', description: 'An inbound-plan number may message recipients who never wrote first.', clauses: ['errors.403.inbound-only-no-prior-inbound'] },
  { name: 'messaging.amb.business-first-allowed', description: 'A business-first message to an amb customer who has not written is accepted (no fallback).', clauses: ['amb.conversation.customer-initiated', 'amb.fallback.rcs-then-sms'] },
  { name: 'messaging.amb.bare-link-accepted', description: 'A bare URL as the whole text is accepted on the business-chat channel.', clauses: ['interactive.payload.urls-as-rich-link'] },
  { name: 'messaging.interactive.text-allowed', description: 'An interactive send may carry text.', clauses: ['interactive.payload.no-text'] },
  { name: 'messaging.interactive.quick-reply-count-unchecked', description: 'A quick_reply with fewer than 2 or more than 5 choices is accepted.', clauses: ['limits.interactive.quick-reply-2-to-5'] },
  { name: 'messaging.caps.outbound-not-enforced', description: 'The 24-hour new-contact caps are not enforced.', clauses: ['errors.429.outbound-limit-reached', 'limits.sends.new-contact-cap'] },
  { name: 'messaging.caps.new-conversation-not-enforced', description: 'The shared plan daily new-conversation cap is not enforced.', clauses: ['errors.429.new-conversation-limit-reached', 'limits.sends.new-conversation-cap'] },
  { name: 'messaging.caps.body-fields-missing', description: 'The 429 bodies lack limit/current/mode and plan_id/cap/current.', clauses: ['errors.429.outbound-limit-reached', 'errors.429.new-conversation-limit-reached'] },
  { name: 'messaging.caps.403-instead-of-429', description: 'A reached cap answers 403 instead of 429.', clauses: ['errors.429.outbound-limit-reached', 'errors.429.new-conversation-limit-reached'] },
  { name: 'messaging.caps.window-never-rolls', description: 'New contacts older than 24 hours still count toward the cap.', clauses: ['limits.sends.new-contact-cap'] },
  { name: 'messaging.caps.blocks-existing-conversations', description: 'Once the daily new-conversation cap is reached, existing conversations are refused too.', clauses: ['errors.429.new-conversation-limit-reached', 'limits.sends.new-conversation-cap'] },
  { name: 'v2.no-active-number.ignored', description: 'v2 does not answer 503 when the organization has no active number.', clauses: ['errors.503.v2-no-active-number'] },
  { name: 'v2.errors.standard-shape', description: 'v2 errors use the v4 standard body instead of the flat one.', clauses: ['errors.shape.flat', 'versioning.v2.flat-errors-and-webhooks'] },
  { name: 'v2.send.200-instead-of-202', description: 'The v2 send answers 200 instead of 202.', clauses: ['v2.chats.send-202'] },
  { name: 'v2.contacts.no-pagination', description: 'The v2 contact list lacks its pagination object.', clauses: ['v2.contacts.list-offset-page'] },
];
