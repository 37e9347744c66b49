// Fault switches that make an event's fields contradict the action that caused it (each field still of its
// documented type, so only a check that knows the action sees it), and that report event times in seconds
// instead of milliseconds (still "an integer"). Applied where every event is emitted (bus.ts), to the v4 data
// and the flat fields alike.
import type { EventMeta } from '../server/event-bus.js';
import type { FaultDecl } from '../faults.js';

type Fields = Record<string, unknown>;

interface FieldFault {
  decl: FaultDecl;
  /** The event type it breaks. */
  type: string;
  /** The wrong fields, from the right ones (applied to the v4 data and the flat fields). */
  change(fields: Fields): Fields;
}

const fields = (type: string) => `events.${type.replace(/[._]/g, '-')}.shape`;
const flip = <T>(value: unknown, a: T, b: T): unknown => (value === a ? b : value === b ? a : value);
const seconds = (value: unknown): unknown => (typeof value === 'number' ? Math.floor(value / 1000) : value);
const only = (field: string, change: (fields: Fields) => unknown) => (f: Fields): Fields => (field in f ? { ...f, [field]: change(f) } : f);

const fieldFaults: FieldFault[] = [
  { type: 'message.received', decl: { name: 'events.fields.received-text-not-sent', description: 'message.received carries a text other than the one received (trimmed to its first word).', clauses: [fields('message.received')] }, change: only('text', (f) => String(f.text).split(' ')[0]) },
  { type: 'message.received', decl: { name: 'events.fields.received-sender-is-the-line', description: 'message.received names the line that received the message as its sender.', clauses: [fields('message.received')] }, change: only('sender', (f) => f.internal_id ?? f.sender) },
  { type: 'message.received', decl: { name: 'events.fields.received-is-group-flipped', description: 'message.received says is_group false for a group chat and true for a 1:1 chat.', clauses: [fields('message.received')] }, change: only('is_group', (f) => f.is_group !== true) },
  { type: 'message.received', decl: { name: 'events.fields.received-direction-outbound', description: 'message.received says direction outbound for an inbound message.', clauses: [fields('message.received')] }, change: only('direction', () => 'outbound') },
  { type: 'message.sent', decl: { name: 'events.fields.sent-text-not-sent', description: 'message.sent carries a text other than the one sent.', clauses: [fields('message.sent')] }, change: only('text', (f) => `${String(f.text)} (edited)`) },
  { type: 'message.failed', decl: { name: 'events.fields.failed-code-generic', description: 'message.failed names a generic error_code, not the code of the failure that happened.', clauses: [fields('message.failed')] }, change: only('error_code', () => 'failed') },
  { type: 'message.reaction', decl: { name: 'events.fields.reaction-action-flipped', description: 'message.reaction reports a tapback added as removed (and removed as added).', clauses: [fields('message.reaction')] }, change: only('action', (f) => flip(f.action, 'add', 'remove')) },
  { type: 'message.reaction', decl: { name: 'events.fields.reaction-direction-flipped', description: 'message.reaction reports an inbound reaction as outbound (and the reverse).', clauses: [fields('message.reaction')] }, change: only('direction', (f) => flip(f.direction, 'inbound', 'outbound')) },
  { type: 'message.reaction', decl: { name: 'events.fields.reaction-other-tapback', description: 'message.reaction names another tapback than the one made (love as like).', clauses: [fields('message.reaction')] }, change: only('reaction', (f) => (f.reaction === 'like' ? 'love' : 'like')) },
  { type: 'message.reaction', decl: { name: 'events.fields.reaction-original-text-wrong', description: 'message.reaction carries an original_text other than the text of the message reacted to.', clauses: [fields('message.reaction')] }, change: only('original_text', () => 'a message') },
  { type: 'message.reaction', decl: { name: 'events.fields.reaction-sender-wrong', description: 'message.reaction names the line as the sender of a customer reaction.', clauses: [fields('message.reaction')] }, change: only('sender', (f) => f.internal_id ?? f.sender) },
  ...(['typing.started', 'typing.stopped'] as const).map((type) => ({ type, decl: { name: `events.fields.${type.replace('.', '-')}-sender-wrong`, description: `${type} names the line as the one typing in a 1:1 chat.`, clauses: [fields(type)] }, change: (f: Fields): Fields => (f.is_group === true ? f : { ...f, sender: f.internal_id }) })),
  { type: 'typing.started', decl: { name: 'events.fields.typing-is-group-flipped', description: 'typing.started says is_group true for a 1:1 chat (and false for a group).', clauses: [fields('typing.started')] }, change: only('is_group', (f) => f.is_group !== true) },
  { type: 'poll.received', decl: { name: 'events.fields.poll-received-title-wrong', description: 'poll.received carries a title other than the poll\'s.', clauses: [fields('poll.received')] }, change: only('title', () => 'Poll') },
  { type: 'poll.received', decl: { name: 'events.fields.poll-received-options-dropped', description: 'poll.received carries the poll\'s options but the last.', clauses: [fields('poll.received')] }, change: only('options', (f) => (Array.isArray(f.options) ? f.options.slice(0, -1) : f.options)) },
  { type: 'poll.created', decl: { name: 'events.fields.poll-created-sender-wrong', description: 'poll.created names the line as the sender instead of who created the poll.', clauses: [fields('poll.created')] }, change: only('sender', (f) => f.internal_id ?? f.sender) },
  { type: 'poll.voted', decl: { name: 'events.fields.poll-voted-options-not-voted', description: 'poll.voted lists every option of the poll as voted_options, not the ones voted for.', clauses: [fields('poll.voted')] }, change: only('voted_options', (f) => [...(Array.isArray(f.voted_options) ? f.voted_options : []), 'Salad', 'Pizza'].filter((o, i, all) => all.indexOf(o) === i)) },
  { type: 'poll.voted', decl: { name: 'events.fields.poll-voted-voter-wrong', description: 'poll.voted names the poll\'s author as the voter.', clauses: [fields('poll.voted')] }, change: only('voter', (f) => f.internal_id ?? f.voter) },
  { type: 'group.name_changed', decl: { name: 'events.fields.group-previous-name-wrong', description: 'group.name_changed gives the new name as previous_name.', clauses: [fields('group.name_changed')] }, change: only('previous_name', (f) => f.name) },
  { type: 'group.name_changed', decl: { name: 'events.fields.group-name-not-new', description: 'group.name_changed gives the previous name as name.', clauses: [fields('group.name_changed')] }, change: only('name', (f) => f.previous_name ?? 'unnamed') },
  { type: 'group.icon_changed', decl: { name: 'events.fields.group-previous-icon-wrong', description: 'group.icon_changed gives the new icon as previous_icon_url.', clauses: [fields('group.icon_changed')] }, change: only('previous_icon_url', (f) => f.icon_url) },
  { type: 'contact.shared', decl: { name: 'events.fields.contact-shared-pending-flipped', description: 'contact.shared says is_pending true for a card that awaits no approval (and the reverse).', clauses: [fields('contact.shared')] }, change: only('is_pending', (f) => f.is_pending !== true) },
  { type: 'contact.shared', decl: { name: 'events.fields.contact-shared-names-swapped', description: 'contact.shared swaps the card\'s first and last names.', clauses: [fields('contact.shared')] }, change: (f) => ({ ...f, first_name: f.last_name, last_name: f.first_name }) },
];

/** The time fields of the flat bodies (and the v4 data) that a unit fault reports in seconds. */
const timeFaults: { field: string; types: string[]; decl: FaultDecl }[] = [
  ['received_at', 'message.received'],
  ['sent_at', 'message.sent'],
  ['delivered_at', 'message.delivered'],
  ['read_at', 'message.read'],
].map(([field, type]) => ({
  field: field as string,
  types: [type as string],
  decl: { name: `events.v2.${(field as string).replace('_', '-')}-seconds`, description: `${type} carries ${field} in unix seconds instead of epoch milliseconds (still an integer).`, clauses: ['events.flat.event-times-ms'] },
}));

/** Declarations of the faults above, and of the flat timestamp and one-version header ones bus.ts applies. */
export const fieldFaultDecls: FaultDecl[] = [
  ...fieldFaults.map((f) => f.decl),
  ...timeFaults.map((f) => f.decl),
  { name: 'events.v2.timestamp-seconds', description: 'The flat body\'s timestamp is in unix seconds instead of epoch milliseconds (still an integer).', clauses: ['events.flat.timestamp-ms'] },
  { name: 'events.header.v2-no-message-id', description: 'Deliveries to v2 subscriptions lack X-Service-Message-Id (v4 ones carry it).', clauses: ['events.header.message-id'] },
  { name: 'events.header.v2-no-event-type', description: 'Deliveries to v2 subscriptions lack X-Service-Event (v4 ones carry it).', clauses: ['events.header.event-type'] },
  { name: 'events.header.v2-content-type-text', description: 'Deliveries to v2 subscriptions are sent as text/plain (v4 ones as application/json).', clauses: ['events.header.content-type-json'] },
];

/** The event's data and flat fields with every active field fault of its type applied. */
export function withFieldFaults(type: string, data: Fields, meta: EventMeta, active: (name: string) => boolean): { data: Fields; meta: EventMeta } {
  const changes: Array<(fields: Fields) => Fields> = [];
  for (const fault of fieldFaults) if (fault.type === type && active(fault.decl.name)) changes.push(fault.change);
  for (const fault of timeFaults) if (fault.types.includes(type) && active(fault.decl.name)) changes.push(only(fault.field, (f) => seconds(f[fault.field])));
  if (changes.length === 0) return { data, meta };
  const apply = (fields: Fields) => changes.reduce((out, change) => change(out), fields);
  // The v4 data names the line internal_id too (emit.ts); the flat fields are the ones section 6 lists.
  return { data: apply(data), meta: meta.flat === undefined ? meta : { ...meta, flat: apply(meta.flat) } };
}
