// The two bodies a delivery can carry (description section 6): the v4 envelope for v4 subscriptions and
// the flat body for v2 ones. Pure builders; times are epoch ms as the description says.
import type { EventRecord } from '../server/event-bus.js';

export interface V4Envelope {
  id: string;
  type: string;
  created_at: number;
  organization_id: string;
  data: Record<string, unknown>;
}

export interface EnvelopeFaults {
  /** created_at in seconds instead of milliseconds. */
  secondsTimestamp?: boolean;
  /** organization_id without its `org_` prefix. */
  bareOrganizationId?: boolean;
  /** message.received data with the other party's address as chat_id instead of the chat_ id. */
  receivedChatIdNotChat?: boolean;
  /** id without its `evt_` prefix. */
  idWithoutPrefix?: boolean;
  /** One id per event type (evt_message_received): every event of a type shares it. */
  idPerType?: boolean;
}

/** Deliberate mistakes of the flat body (fault-injected variants). */
export interface FlatFaults {
  /** Only the base fields, none of the event's own. */
  extraFieldsMissing?: boolean;
  /** Without external_id, protocol and internal_id. */
  noBaseFields?: boolean;
  /** A 1:1 message.received with group_id and group_name values. */
  groupFieldsOn1to1?: boolean;
  /** Group events without group_name and participants, and group typing naming the group as its sender. */
  groupFieldsMissing?: boolean;
}

const baseFlatFields = ['chat_id', 'external_id', 'protocol', 'internal_id'];

export function v4Envelope(event: EventRecord, faults: EnvelopeFaults = {}): V4Envelope {
  return {
    id: faults.idPerType ? `evt_${event.type.replace(/[^a-z]/g, '_')}` : faults.idWithoutPrefix ? event.id.replace(/^evt_/, '') : event.id,
    type: event.type,
    created_at: faults.secondsTimestamp ? Math.floor(event.created_at / 1000) : event.created_at,
    organization_id: faults.bareOrganizationId ? event.organization_id.replace(/^org_/, '') : event.organization_id,
    data: faults.receivedChatIdNotChat && event.type === 'message.received' ? { ...event.data, chat_id: event.data.external_id ?? event.data.sender } : event.data,
  };
}

/**
 * A flat v2 body as text with its `timestamp` left open: `head` + the epoch ms of the attempt + `tail`.
 * Built once per delivery; each attempt (first, retry, replay) fills in the moment it is sent, so the
 * bytes differ between attempts in that number only.
 */
export interface FlatText {
  head: string;
  tail: string;
}

/**
 * `{event, message_id, timestamp, chat_id, external_id, protocol, internal_id, ...extra fields, data}`:
 * the base fields and the event's own fields at the top level (from `meta.flat`), and `data` carrying the
 * v4 data, since the description names both the base fields and `{event, message_id, chat_id, data}`.
 * `timestamp` is left open for flatTextAt: it is when the webhook is sent (section 6, base fields). A
 * `timestamp` among the event's own fields (typing, group and contact.shared list it) is that same base
 * field, so it never replaces the moment of sending; the event's time stays in `data` and the v4 envelope's
 * `created_at`. `message_id` is the event's message, else one the flat fields name (contact.merged concerns
 * no message).
 */
export function flatText(event: EventRecord, faults: FlatFaults = {}, form: BodyForm = {}): FlatText {
  const { start, rest } = flatParts(event, faults);
  if (!form.extraFields && !form.reverseKeys) return { head: `${JSON.stringify(start).slice(0, -1)},"timestamp":`, tail: `,${JSON.stringify(rest).slice(1)}` };
  // The same body in another form: `timestamp` stays open, wherever the form puts it.
  const text = JSON.stringify(formed({ ...start, timestamp: openTimestamp, ...rest }, form));
  const [head, tail] = text.split(JSON.stringify(openTimestamp));
  return { head: head ?? '', tail: tail ?? '' };
}

/**
 * Benign forms of a delivery body the description leaves open (variants eventExtraFields, eventKeysReversed):
 * an unknown field in every object, and every object's keys in reverse order.
 */
export interface BodyForm {
  extraFields?: boolean;
  reverseKeys?: boolean;
}

const openTimestamp = '\u0000mcs-open-timestamp\u0000';

/** `value` in the form: objects (nested ones too) with an extra field and/or their keys reversed. */
export function formed(value: unknown, form: BodyForm): unknown {
  if (Array.isArray(value)) return value.map((item) => formed(item, form));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, formed(item, form)] as const);
  if (form.reverseKeys) entries.reverse();
  const out = Object.fromEntries(entries);
  if (form.extraFields) out.x_reference_extra = 'ignore-me';
  return out;
}

/** The bytes of one attempt: the flat body with `timestamp` the moment it is sent (integer epoch ms). */
export function flatTextAt(text: FlatText, sentAtMs: number): string {
  return `${text.head}${Math.floor(sentAtMs)}${text.tail}`;
}

/** What comes before `timestamp` (event, message_id) and after it (the flat fields, then data). */
function flatParts(event: EventRecord, faults: FlatFaults): { start: Record<string, unknown>; rest: Record<string, unknown> } {
  const { event: _type, message_id: messageId, timestamp: _eventTime, ...own } = event.meta.flat ?? {};
  let flat: Record<string, unknown> = own;
  if (faults.extraFieldsMissing) flat = Object.fromEntries(Object.entries(flat).filter(([key]) => baseFlatFields.includes(key)));
  if (faults.noBaseFields) for (const key of ['external_id', 'protocol', 'internal_id']) delete flat[key];
  if (faults.groupFieldsOn1to1 && event.type === 'message.received' && flat.is_group === false) flat = { ...flat, group_id: 'grp_not1to1', group_name: 'not a group' };
  if (faults.groupFieldsMissing && flat.is_group === true) {
    const { group_name: _name, participants: _participants, ...rest } = flat;
    flat = event.type.startsWith('typing.') ? { ...rest, sender: flat.external_id ?? 'unknown' } : rest;
  }
  return {
    start: { event: event.type, message_id: event.meta.messageId ?? messageId ?? null },
    rest: { ...flat, data: event.data },
  };
}
