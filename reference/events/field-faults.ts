// Fault switches that make an event's fields contradict the action that caused it (each field still of its
// documented type, so only a check that knows the action sees it), and that report event times in seconds
// instead of milliseconds (still "an integer"). Applied where every event is emitted (bus.ts), to the v4 data
// and the flat fields alike.
import type { EventMeta } from '../server/event-bus.js';
import type { FaultDecl } from '../faults.js';

export type Fields = Record<string, unknown>;

/** A fault switch as bus.ts passes it: checked by its literal name where it changes behaviour (grep it). */
export type Switch = (name: string) => boolean;

interface FieldFault {
  decl: FaultDecl;
  /** The event type it breaks. */
  type: string;
  /** Whether it is switched on (its name, literally, as every switch of the reference is checked). */
  on(f: Switch): boolean;
  /** The wrong fields, from the right ones (applied to the v4 data and the flat fields). */
  change(fields: Fields): Fields;
}

const fields = (type: string) => `events.${type.replace(/[._]/g, '-')}.shape`;
const flip = <T>(value: unknown, a: T, b: T): unknown => (value === a ? b : value === b ? a : value);
const seconds = (value: unknown): unknown => (typeof value === 'number' ? Math.floor(value / 1000) : value);
const only = (field: string, change: (fields: Fields) => unknown) => (f: Fields): Fields => (field in f ? { ...f, [field]: change(f) } : f);
const decl = (name: string, type: string, description: string, clause = fields(type)): FaultDecl => ({ name, description: `${type} ${description}`, clauses: [clause] });

const fieldFaults: FieldFault[] = [
  { type: 'message.received', on: (f) => f('events.fields.received-text-not-sent'), decl: decl('events.fields.received-text-not-sent', 'message.received', 'carries a text other than the one received (trimmed to its first word).'), change: only('text', (f) => String(f.text).split(' ')[0]) },
  { type: 'message.received', on: (f) => f('events.fields.received-sender-is-the-line'), decl: decl('events.fields.received-sender-is-the-line', 'message.received', 'names the line that received the message as its sender.'), change: only('sender', (f) => f.internal_id ?? f.sender) },
  { type: 'message.received', on: (f) => f('events.fields.received-is-group-flipped'), decl: decl('events.fields.received-is-group-flipped', 'message.received', 'says is_group false for a group chat and true for a 1:1 chat.'), change: only('is_group', (f) => f.is_group !== true) },
  { type: 'message.received', on: (f) => f('events.fields.received-direction-outbound'), decl: decl('events.fields.received-direction-outbound', 'message.received', 'says direction outbound for an inbound message.'), change: only('direction', () => 'outbound') },
  { type: 'message.sent', on: (f) => f('events.fields.sent-text-not-sent'), decl: decl('events.fields.sent-text-not-sent', 'message.sent', 'carries a text other than the one sent.'), change: only('text', (f) => `${String(f.text)} (edited)`) },
  { type: 'message.failed', on: (f) => f('events.fields.failed-code-generic'), decl: decl('events.fields.failed-code-generic', 'message.failed', 'names a generic error_code, not the code of the failure that happened.'), change: only('error_code', () => 'failed') },
  { type: 'message.reaction', on: (f) => f('events.fields.reaction-action-flipped'), decl: decl('events.fields.reaction-action-flipped', 'message.reaction', 'reports a tapback added as removed (and removed as added).'), change: only('action', (f) => flip(f.action, 'add', 'remove')) },
  { type: 'message.reaction', on: (f) => f('events.fields.reaction-direction-flipped'), decl: decl('events.fields.reaction-direction-flipped', 'message.reaction', 'reports an inbound reaction as outbound (and the reverse).'), change: only('direction', (f) => flip(f.direction, 'inbound', 'outbound')) },
  { type: 'message.reaction', on: (f) => f('events.fields.reaction-other-tapback'), decl: decl('events.fields.reaction-other-tapback', 'message.reaction', 'names another tapback than the one made (love as like).'), change: only('reaction', (f) => (f.reaction === 'like' ? 'love' : 'like')) },
  { type: 'message.reaction', on: (f) => f('events.fields.reaction-original-text-wrong'), decl: decl('events.fields.reaction-original-text-wrong', 'message.reaction', 'carries an original_text other than the text of the message reacted to.'), change: only('original_text', () => 'a message') },
  { type: 'message.reaction', on: (f) => f('events.fields.reaction-sender-wrong'), decl: decl('events.fields.reaction-sender-wrong', 'message.reaction', 'names the line as the sender of a customer reaction.'), change: only('sender', (f) => f.internal_id ?? f.sender) },
  { type: 'typing.started', on: (f) => f('events.fields.typing-started-sender-wrong'), decl: decl('events.fields.typing-started-sender-wrong', 'typing.started', 'names the line as the one typing in a 1:1 chat.'), change: lineTypes },
  { type: 'typing.stopped', on: (f) => f('events.fields.typing-stopped-sender-wrong'), decl: decl('events.fields.typing-stopped-sender-wrong', 'typing.stopped', 'names the line as the one typing in a 1:1 chat.'), change: lineTypes },
  { type: 'typing.started', on: (f) => f('events.fields.typing-is-group-flipped'), decl: decl('events.fields.typing-is-group-flipped', 'typing.started', 'says is_group true for a 1:1 chat (and false for a group).'), change: only('is_group', (f) => f.is_group !== true) },
  { type: 'poll.received', on: (f) => f('events.fields.poll-received-title-wrong'), decl: decl('events.fields.poll-received-title-wrong', 'poll.received', "carries a title other than the poll's."), change: only('title', () => 'Poll') },
  { type: 'poll.received', on: (f) => f('events.fields.poll-received-options-dropped'), decl: decl('events.fields.poll-received-options-dropped', 'poll.received', "carries the poll's options but the last."), change: only('options', (f) => (Array.isArray(f.options) ? f.options.slice(0, -1) : f.options)) },
  { type: 'poll.created', on: (f) => f('events.fields.poll-created-sender-wrong'), decl: decl('events.fields.poll-created-sender-wrong', 'poll.created', 'names the line as the sender instead of who created the poll.'), change: only('sender', (f) => f.internal_id ?? f.sender) },
  { type: 'poll.voted', on: (f) => f('events.fields.poll-voted-options-not-voted'), decl: decl('events.fields.poll-voted-options-not-voted', 'poll.voted', 'lists the options voted for and others of the poll as voted_options.'), change: only('voted_options', (f) => [...(Array.isArray(f.voted_options) ? f.voted_options : []), 'Salad', 'Pizza', 'yes', 'no'].filter((o, i, all) => all.indexOf(o) === i)) },
  { type: 'poll.voted', on: (f) => f('events.fields.poll-voted-voter-wrong'), decl: decl('events.fields.poll-voted-voter-wrong', 'poll.voted', 'names the line as the voter.'), change: only('voter', (f) => f.internal_id ?? f.voter) },
  { type: 'group.name_changed', on: (f) => f('events.fields.group-previous-name-wrong'), decl: decl('events.fields.group-previous-name-wrong', 'group.name_changed', 'gives the new name as previous_name.'), change: only('previous_name', (f) => f.name) },
  { type: 'group.name_changed', on: (f) => f('events.fields.group-name-not-new'), decl: decl('events.fields.group-name-not-new', 'group.name_changed', 'gives the previous name (or "unnamed") as name.'), change: only('name', (f) => f.previous_name ?? 'unnamed') },
  { type: 'group.icon_changed', on: (f) => f('events.fields.group-previous-icon-wrong'), decl: decl('events.fields.group-previous-icon-wrong', 'group.icon_changed', 'gives the new icon as previous_icon_url.'), change: only('previous_icon_url', (f) => f.icon_url) },
  { type: 'contact.shared', on: (f) => f('events.fields.contact-shared-pending-flipped'), decl: decl('events.fields.contact-shared-pending-flipped', 'contact.shared', 'says is_pending true for a card that awaits no approval (and the reverse).'), change: only('is_pending', (f) => f.is_pending !== true) },
  { type: 'contact.shared', on: (f) => f('events.fields.contact-shared-names-swapped'), decl: decl('events.fields.contact-shared-names-swapped', 'contact.shared', "swaps the card's first and last names."), change: (f) => ({ ...f, first_name: f.last_name, last_name: f.first_name }) },
  // A time in seconds instead of epoch milliseconds (still an integer).
  { type: 'message.received', on: (f) => f('events.v2.received-at-seconds'), decl: decl('events.v2.received-at-seconds', 'message.received', 'carries received_at in unix seconds instead of epoch milliseconds (still an integer).', 'events.flat.event-times-ms'), change: only('received_at', (f) => seconds(f.received_at)) },
  { type: 'message.sent', on: (f) => f('events.v2.sent-at-seconds'), decl: decl('events.v2.sent-at-seconds', 'message.sent', 'carries sent_at in unix seconds instead of epoch milliseconds (still an integer).', 'events.flat.event-times-ms'), change: only('sent_at', (f) => seconds(f.sent_at)) },
  { type: 'message.delivered', on: (f) => f('events.v2.delivered-at-seconds'), decl: decl('events.v2.delivered-at-seconds', 'message.delivered', 'carries delivered_at in unix seconds instead of epoch milliseconds (still an integer).', 'events.flat.event-times-ms'), change: only('delivered_at', (f) => seconds(f.delivered_at)) },
  { type: 'message.read', on: (f) => f('events.v2.read-at-seconds'), decl: decl('events.v2.read-at-seconds', 'message.read', 'carries read_at in unix seconds instead of epoch milliseconds (still an integer).', 'events.flat.event-times-ms'), change: only('read_at', (f) => seconds(f.read_at)) },
  { type: 'poll.received', on: (f) => f('events.fields.poll-received-id-wrong'), decl: decl('events.fields.poll-received-id-wrong', 'poll.received', 'carries a poll_id other than the poll\'s.'), change: only('poll_id', (f) => `${String(f.poll_id)}x`) },
  { type: 'group.icon_changed', on: (f) => f('events.fields.group-icon-url-wrong'), decl: decl('events.fields.group-icon-url-wrong', 'group.icon_changed', 'gives the previous icon (or none) as icon_url.'), change: only('icon_url', (f) => f.previous_icon_url ?? 'https://example.com/no-icon.png') },
];

/** A 1:1 typing event naming the line as the one typing. */
function lineTypes(f: Fields): Fields {
  return f.is_group === true ? f : { ...f, sender: f.internal_id };
}

/** Declarations of the faults above, and of the flat timestamp and one-version header ones bus.ts applies. */
export const fieldFaultDecls: FaultDecl[] = [
  ...fieldFaults.map((f) => f.decl),
  { name: 'events.v2.timestamp-seconds', description: 'The flat body\'s timestamp is in unix seconds instead of epoch milliseconds (still an integer).', clauses: ['events.flat.timestamp-ms'] },
  { name: 'events.header.v2-no-message-id', description: 'Deliveries to v2 subscriptions lack X-Service-Message-Id (v4 ones carry it).', clauses: ['events.header.message-id'] },
  { name: 'events.header.v2-no-event-type', description: 'Deliveries to v2 subscriptions lack X-Service-Event (v4 ones carry it).', clauses: ['events.header.event-type'] },
  { name: 'events.header.v2-content-type-text', description: 'Deliveries to v2 subscriptions are sent as text/plain (v4 ones as application/json).', clauses: ['events.header.content-type-json'] },
];

/** The event's data and flat fields with every active field fault of its type applied. */
export function withFieldFaults(type: string, data: Fields, meta: EventMeta, f: Switch): { data: Fields; meta: EventMeta } {
  const changes = fieldFaults.filter((fault) => fault.type === type && fault.on(f)).map((fault) => fault.change);
  if (changes.length === 0) return { data, meta };
  const apply = (fields: Fields) => changes.reduce((out, change) => change(out), fields);
  // The v4 data names the line internal_id too (emit.ts); the flat fields are the ones section 6 lists.
  return { data: apply(data), meta: meta.flat === undefined ? meta : { ...meta, flat: apply(meta.flat) } };
}
