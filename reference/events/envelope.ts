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
}

/** Deliberate mistakes of the flat body (fault-injected variants). */
export interface FlatFaults {
  /** Only the base fields, none of the event's own. */
  extraFieldsMissing?: boolean;
  /** Without external_id, protocol and internal_id. */
  noBaseFields?: boolean;
  /** A 1:1 message.received with group_id and group_name values. */
  groupFieldsOn1to1?: boolean;
}

const baseFlatFields = ['chat_id', 'external_id', 'protocol', 'internal_id'];

export function v4Envelope(event: EventRecord, faults: EnvelopeFaults = {}): V4Envelope {
  return {
    id: event.id,
    type: event.type,
    created_at: faults.secondsTimestamp ? Math.floor(event.created_at / 1000) : event.created_at,
    organization_id: faults.bareOrganizationId ? event.organization_id.replace(/^org_/, '') : event.organization_id,
    data: faults.receivedChatIdNotChat && event.type === 'message.received' ? { ...event.data, chat_id: event.data.external_id ?? event.data.sender } : event.data,
  };
}

/**
 * `{event, message_id, timestamp, chat_id, external_id, protocol, internal_id, ...extra fields, data}`:
 * the base fields and the event's own fields at the top level (from `meta.flat`), and `data` carrying the
 * v4 data, since the description names both the base fields and `{event, message_id, chat_id, data}`.
 * `timestamp` is when the body was built for sending (epoch ms), unless the event has its own.
 */
export function flatBody(event: EventRecord, sentAtMs: number, faults: FlatFaults = {}): Record<string, unknown> {
  let flat: Record<string, unknown> = { ...event.meta.flat };
  if (faults.extraFieldsMissing) flat = Object.fromEntries(Object.entries(flat).filter(([key]) => baseFlatFields.includes(key)));
  if (faults.noBaseFields) for (const key of ['external_id', 'protocol', 'internal_id']) delete flat[key];
  if (faults.groupFieldsOn1to1 && event.type === 'message.received' && flat.is_group === false) flat = { ...flat, group_id: 'grp_not1to1', group_name: 'not a group' };
  return {
    event: event.type,
    message_id: event.meta.messageId ?? null,
    timestamp: sentAtMs,
    ...flat,
    data: event.data,
  };
}
