// Webhook bodies for every event type of section 6, in both shapes: the v4 envelope
// {id, type, created_at, organization_id, data} and the v2 flat body (base fields + the event's extras).
// Values are plausible, and only fields the description names are used.
import { messageText, recipientFor } from './bodies.js';

export const EVENT_TYPES = [
  'message.received',
  'message.sent',
  'message.delivered',
  'message.failed',
  'message.read',
  'message.reaction',
  'typing.started',
  'typing.stopped',
  'poll.received',
  'poll.created',
  'poll.voted',
  'group.name_changed',
  'group.icon_changed',
  'contact.shared',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
export type Shape = 'v4' | 'v2';

export interface WebhookEvent {
  type: EventType;
  messageId: string;
  body: string;
}

function id(prefix: string, n: number): string {
  return `${prefix}${n.toString(36).padStart(10, '0')}`;
}

/** The event-specific fields (the same in both shapes). */
function extras(type: EventType, n: number, now: number): Record<string, unknown> {
  const sender = recipientFor(n);
  const group = { is_group: false, group_id: null, group_name: null };
  const poll = { poll_id: id('pl_', n), chat_id: sender, title: 'Lunch?', options: ['Pizza', 'Sushi', 'Salad'] };
  switch (type) {
    case 'message.received':
      return { text: messageText(n), attachments: [], received_at: now, sender, ...group, participants: [] };
    case 'message.sent':
      return { text: messageText(n), sent_at: now };
    case 'message.delivered':
      return { delivered_at: now };
    case 'message.failed':
      return { error_code: 'delivery_failed', error_message: 'The recipient could not be reached' };
    case 'message.read':
      return { read_at: now };
    case 'message.reaction':
      return { direction: 'inbound', reaction: 'love', action: 'add', sender, original_text: messageText(n) };
    case 'typing.started':
    case 'typing.stopped':
      return { external_id: sender, sender, ...group, internal_id: '+14155550100', timestamp: now };
    case 'poll.received':
      return { ...poll, sender, is_group: false };
    case 'poll.created':
      return { ...poll, sender, is_group: false };
    case 'poll.voted':
      return { poll_id: poll.poll_id, chat_id: sender, voter: sender, title: poll.title, voted_options: ['Sushi'], is_group: false };
    case 'group.name_changed':
      return { group_id: id('grp_', n), name: 'Weekend plans', previous_name: null, timestamp: now };
    case 'group.icon_changed':
      return { group_id: id('grp_', n), icon_url: 'https://example.com/icon.png', previous_icon_url: null, timestamp: now };
    case 'contact.shared':
      return { address: sender, internal_id: '+14155550100', display_name: 'Alex', first_name: 'Alex', last_name: null, avatar_url: null, is_pending: false, timestamp: now };
  }
}

export function buildEvent(type: EventType, shape: Shape, n: number, now: number): WebhookEvent {
  const messageId = id('msg_', n);
  const fields = extras(type, n, now);
  const body =
    shape === 'v4'
      ? { id: id('evt_', n), type, created_at: now, organization_id: 'org_load0000001', data: { message_id: messageId, chat_id: id('chat_', n % 1000), ...fields } }
      : { event: type, message_id: messageId, chat_id: recipientFor(n), external_id: recipientFor(n), protocol: 'imessage', timestamp: now, internal_id: '+14155550100', data: {}, ...fields };
  return { type, messageId, body: JSON.stringify(body) };
}
