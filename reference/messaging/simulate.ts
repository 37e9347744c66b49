// The control API's simulations (spec/control.openapi.yaml): what customers and the device do. Each goes
// through the same records and the same event bus as real traffic. A simulation the description rules
// out (delivered for a group, read without receipts, typing or polls outside iMessage) is accepted and
// has no observable effect. CORE's control routes checked the organization and the required fields.
import type { App } from '../server/app.js';
import { httpError } from '../server/errors.js';
import { applySharedCard, ensureContact, identityKind, touchContact } from '../store/contacts.js';
import { newId } from '../store/ids.js';
import type { ChannelRecord, Org } from '../store/types.js';
import { approveInvitation, optIn } from './amb.js';
import { fileMessage, findDirectChat, openDirectChat, openGroupChat, protocolOf } from './chats.js';
import { emitChatEvent, externalId, groupFields } from './emit.js';
import { messagingState, peerKey, type ChatRecord, type MessageRecord, type PollRecord, type Protocol } from './state.js';
import { attachmentUrls, sentRecord } from './views.js';

type Body = Record<string, unknown>;
const protocols: readonly Protocol[] = ['imessage', 'sms', 'rcs', 'non-imessage'];
const reactions = ['love', 'like', 'dislike', 'laugh', 'emphasize', 'question'];

const bad = (message: string) => httpError(400, 'bad_request', message);

function str(body: Body, field: string, required = false): string | undefined {
  const value = body[field];
  if (value === undefined || (value === null && !required)) return undefined;
  if (typeof value !== 'string' || value === '') throw bad(`${field} must be a non-empty string`);
  return value;
}

function strings(body: Body, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw bad(`${field} must be an array of strings`);
  return value as string[];
}

function nullableString(body: Body, field: string): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string') throw bad(`${field} must be a string or null`);
  return value;
}

function channelOf(org: Org, id: string): ChannelRecord {
  const channel = org.channels.get(id) ?? org.channelsByAddress.get(id);
  if (!channel) throw httpError(404, 'not_found', `No channel ${id} in this organization`);
  return channel;
}

/** A chat named by its `chat_` id or, for groups, its `grp_` id. */
function chatOf(org: Org, id: string): ChatRecord {
  const state = messagingState(org);
  const chat = state.chats.get(id) ?? (id.startsWith('grp_') ? state.chats.get(state.groups.get(id)?.chatId ?? '') : undefined);
  if (!chat) throw httpError(404, 'not_found', `No chat ${id} in this organization`);
  return chat;
}

/** A business-chat customer opts in to invitations from a line (messaging/amb.ts). */
export function ambOptIn(_app: App, org: Org, body: Body): ReturnType<typeof optIn> {
  return optIn(org, channelOf(org, str(body, 'channel_id', true)!), str(body, 'customer_id', true)!);
}

/** The business-chat platform approves an invitation (messaging/amb.ts). */
export function ambInvitation(_app: App, org: Org, body: Body): ReturnType<typeof approveInvitation> {
  return approveInvitation(org, str(body, 'text', true)!);
}

/** A customer writes to a line, 1:1 or in a group thread. Emits `message.received`. */
export function inboundMessage(app: App, org: Org, body: Body): { message_id: string; chat_id: string; group_id: string | null } {
  const channel = channelOf(org, str(body, 'channel_id', true)!);
  const sender = str(body, 'sender', true)!;
  // Section 1: "On the business-chat channel an inbound sender is an opaque customer id, not a phone number."
  if (channel.type === 'amb' && identityKind(sender) === 'phone') throw bad('On the business-chat channel (amb) the sender is an opaque customer id, not a phone number');
  const text = nullableString(body, 'text') ?? null;
  const attachments = strings(body, 'attachments') ?? [];
  const protocol = body.protocol;
  if (protocol !== undefined && !protocols.includes(protocol as Protocol)) throw bad('protocol must be imessage, sms, rcs or non-imessage');
  if (body.read_receipts !== undefined && typeof body.read_receipts !== 'boolean') throw bad('read_receipts must be a boolean');
  const chat = body.group === undefined ? directChat(org, channel, sender, protocol as Protocol | undefined) : groupChat(org, channel, sender, body.group);
  if (typeof body.read_receipts === 'boolean' && !chat.isGroup) chat.readReceipts = body.read_receipts;
  const now = org.now();
  const message: MessageRecord = {
    id: messagingState(org).messages.nextId(),
    chatId: chat.id,
    channelId: channel.id,
    direction: 'inbound',
    sender,
    to: [channel.address],
    text,
    attachments,
    interactive: null,
    richLink: null,
    status: 'delivered',
    createdAt: now,
    idempotencyKey: null,
    apiKeyName: null,
    metadata: null,
  };
  fileMessage(org, chat, message);
  const contact = ensureContact(org, sender, channel.type);
  touchContact(org, contact.id, 'inbound', now);
  emitChatEvent(app, org, 'message.received', chat, message.id, {
    channel_type: channel.type,
    direction: 'inbound',
    sender,
    text: text ?? '',
    attachments,
    received_at: now,
    is_group: chat.isGroup,
    ...groupFields(org, chat),
  });
  return { message_id: message.id, chat_id: chat.id, group_id: chat.groupId };
}

function directChat(org: Org, channel: ChannelRecord, sender: string, protocol: Protocol | undefined): ChatRecord {
  const chat = openDirectChat(org, channel, sender, protocol ?? protocolOf(channel));
  if (protocol) chat.protocol = protocol;
  return chat;
}

function groupChat(org: Org, channel: ChannelRecord, sender: string, group: unknown): ChatRecord {
  if (typeof group !== 'object' || group === null || Array.isArray(group)) throw bad('group must be an object');
  const spec = group as Body;
  const groupId = str(spec, 'group_id');
  if (groupId !== undefined) {
    const state = messagingState(org);
    const existing = state.groups.get(groupId);
    const chat = existing ? state.chats.get(existing.chatId) : undefined;
    if (!existing || !chat) throw httpError(404, 'not_found', `No group ${groupId} in this organization`);
    if (!existing.members.some((m) => peerKey(m) === peerKey(sender))) existing.members.push(sender);
    return chat;
  }
  const name = nullableString(spec, 'name') ?? null;
  const members = [...(strings(spec, 'participants') ?? []), sender];
  return openGroupChat(org, channel, members, name, true);
}

/** A customer adds or removes a tapback (`message.reaction`, inbound). */
export function inboundReaction(app: App, org: Org, body: Body): { event_ids: string[] } {
  const message = messageOf(org, str(body, 'message_id', true)!);
  const reaction = str(body, 'reaction', true)!;
  const action = str(body, 'action', true)!;
  if (!reactions.includes(reaction)) throw bad(`reaction must be one of ${reactions.join(', ')}`);
  if (action !== 'add' && action !== 'remove') throw bad('action must be add or remove');
  const chat = messagingState(org).chats.get(message.chatId)!;
  return { event_ids: [reactionEvent(app, org, chat, message, 'inbound', reaction, action, str(body, 'sender', true)!)] };
}

export function reactionEvent(
  app: App,
  org: Org,
  chat: ChatRecord,
  message: MessageRecord,
  direction: 'inbound' | 'outbound',
  reaction: string,
  action: 'add' | 'remove',
  sender: string,
): string {
  // Variant reactionOwnId: the reaction is a message of its own, and its events name that id (AMBIGUITIES v4 41).
  const eventMessageId = app.variant.reactionOwnId ? newId('msg') : message.id;
  return emitChatEvent(app, org, 'message.reaction', chat, eventMessageId, {
    direction,
    reaction,
    action,
    sender,
    original_text: message.text ?? '',
    is_group: chat.isGroup,
  });
}

/** Someone starts or stops typing (iMessage only; elsewhere nothing is emitted). */
export function inboundTyping(app: App, org: Org, body: Body): { event_ids: string[] } {
  const chat = chatOf(org, str(body, 'chat_id', true)!);
  const state = str(body, 'state', true)!;
  if (state !== 'started' && state !== 'stopped') throw bad('state must be started or stopped');
  const sender = str(body, 'sender');
  if (chat.protocol !== 'imessage' && !app.fault('events.typing.non-imessage')) return { event_ids: [] };
  const group = groupFields(org, chat);
  delete group.participants;
  const id = emitChatEvent(app, org, `typing.${state}`, chat, null, {
    sender: chat.isGroup ? null : (sender ?? externalId(chat)),
    is_group: chat.isGroup,
    ...group,
    timestamp: org.now(),
  });
  return { event_ids: [id] };
}

/** A native iMessage poll appears: `poll.received` (other party) or `poll.created` (own device). */
export function inboundPoll(app: App, org: Org, body: Body): { poll_id: string } {
  const chat = chatOf(org, str(body, 'chat_id', true)!);
  const sender = str(body, 'sender', true)!;
  const title = str(body, 'title', true)!;
  const options = strings(body, 'options');
  if (!options || options.length === 0) throw bad('options must be a non-empty array of strings');
  const origin = body.origin ?? 'received';
  if (origin !== 'received' && origin !== 'created') throw bad('origin must be received or created');
  const poll: PollRecord = { id: newId('pl'), chatId: chat.id, messageId: newId('msg'), title, options, sender, votes: new Map() };
  messagingState(org).polls.set(poll.id, poll);
  if (chat.protocol === 'imessage' || app.fault('events.poll.non-imessage')) {
    const fields = { poll_id: poll.id, sender, title, options, is_group: chat.isGroup };
    emitChatEvent(app, org, `poll.${origin}`, chat, poll.messageId, origin === 'received' ? { ...fields, ...groupFields(org, chat) } : fields);
  }
  return { poll_id: poll.id };
}

/** Someone votes (`poll.voted`); `voted_options` are the options now selected by the voter. */
export function inboundPollVote(app: App, org: Org, body: Body): { event_ids: string[] } {
  const pollId = str(body, 'poll_id', true)!;
  const poll = messagingState(org).polls.get(pollId);
  if (!poll) throw httpError(404, 'not_found', `No poll ${pollId} in this organization`);
  const voter = str(body, 'voter', true)!;
  const voted = strings(body, 'voted_options');
  if (!voted) throw bad('voted_options must be an array of strings');
  const unknown = voted.filter((o) => !poll.options.includes(o));
  if (unknown.length > 0) throw bad(`not options of this poll: ${unknown.join(', ')}`);
  poll.votes.set(voter, voted);
  const chat = messagingState(org).chats.get(poll.chatId)!;
  if (chat.protocol !== 'imessage') return { event_ids: [] };
  const id = emitChatEvent(app, org, 'poll.voted', chat, poll.messageId, {
    poll_id: poll.id,
    voter,
    title: poll.title,
    voted_options: voted,
    is_group: chat.isGroup,
    ...groupFields(org, chat),
  });
  return { event_ids: [id] };
}

/** A group's name and/or icon changes. */
export function groupChange(app: App, org: Org, body: Body): { event_ids: string[] } {
  const groupId = str(body, 'group_id', true)!;
  const state = messagingState(org);
  const group = state.groups.get(groupId);
  const chat = group ? state.chats.get(group.chatId) : undefined;
  if (!group || !chat) throw httpError(404, 'not_found', `No group ${groupId} in this organization`);
  const name = str(body, 'name');
  const icon = str(body, 'icon_url');
  if (name === undefined && icon === undefined) throw bad('name or icon_url is required');
  const ids: string[] = [];
  if (name !== undefined) {
    const previous = group.name;
    group.name = name;
    ids.push(emitChatEvent(app, org, 'group.name_changed', chat, null, { group_id: group.id, name, previous_name: previous, timestamp: org.now() }));
  }
  if (icon !== undefined) {
    const previous = group.iconUrl;
    group.iconUrl = icon;
    ids.push(emitChatEvent(app, org, 'group.icon_changed', chat, null, { group_id: group.id, icon_url: icon, previous_icon_url: previous, timestamp: org.now() }));
  }
  return { event_ids: ids };
}

/** The other party shares their card with a line: the matching contact is created or updated. */
export function contactShare(app: App, org: Org, body: Body): { event_ids: string[] } {
  const channel = channelOf(org, str(body, 'channel_id', true)!);
  const address = str(body, 'address', true)!;
  if (body.is_pending !== undefined && typeof body.is_pending !== 'boolean') throw bad('is_pending must be a boolean');
  const card = {
    display_name: nullableString(body, 'display_name') ?? null,
    first_name: nullableString(body, 'first_name') ?? null,
    last_name: nullableString(body, 'last_name') ?? null,
    avatar_url: nullableString(body, 'avatar_url') ?? null,
  };
  const contact = app.fault('events.contact-shared.no-upsert') ? null : applySharedCard(org, address, card);
  const chat = findDirectChat(org, channel, address);
  const fields = { address, internal_id: channel.address, ...card, is_pending: body.is_pending === true, timestamp: org.now() };
  const messageId = chat?.lastMessageId ?? newId('msg');
  const flat = { chat_id: address, external_id: address, protocol: chat?.protocol ?? protocolOf(channel), ...fields };
  const event = app.bus.emit(org, 'contact.shared', { message_id: messageId, contact_id: contact?.id ?? null, ...fields }, { messageId, flat });
  return { event_ids: [event.id] };
}

function messageOf(org: Org, id: string): MessageRecord {
  const message = messagingState(org).messages.get(id);
  if (!message) throw httpError(404, 'not_found', `No message ${id} in this organization`);
  return message;
}

/** Moves an outbound message to sent, delivered or failed, or reports it read. */
export function driveMessageStatus(app: App, org: Org, messageId: string, body: Body): { event_ids: string[] } {
  const message = messageOf(org, messageId);
  if (message.direction !== 'outbound') throw bad('only outbound messages have a delivery status to drive');
  const chat = messagingState(org).chats.get(message.chatId)!;
  const now = org.now();
  const emit = (type: string, fields: Record<string, unknown>) => [emitChatEvent(app, org, type, chat, message.id, { status: message.status, ...fields })];
  switch (body.status) {
    case 'sent':
      message.status = 'sent';
      return {
        event_ids: emit('message.sent', {
          ...(message.text !== null ? { text: message.text } : {}),
          ...(message.attachments.length > 0 ? { attachments: attachmentUrls(message) } : {}),
          sent_at: now,
        }),
      };
    case 'delivered':
      // Delivery receipts do not exist for group chats: nothing changes, nothing is emitted.
      if (chat.isGroup && !app.fault('events.delivered-for-groups')) return { event_ids: [] };
      message.status = 'delivered';
      return { event_ids: emit('message.delivered', { delivered_at: now }) };
    case 'failed':
      message.status = 'failed';
      return {
        event_ids: emit('message.failed', {
          error_code: str(body, 'error_code') ?? 'delivery_failed',
          error_message: str(body, 'error_message') ?? 'The message could not be delivered',
        }),
      };
    case 'read': {
      const receipts = !chat.isGroup && chat.protocol === 'imessage' && chat.readReceipts;
      if (!receipts && !app.fault('events.read-without-receipts')) return { event_ids: [] };
      return { event_ids: emit('message.read', { read_at: now }) };
    }
    default:
      throw bad('status must be sent, delivered, failed or read');
  }
}

/** The control API's sent-message log, oldest first, optionally for one Idempotency-Key. */
export function listSentMessages(_app: App, org: Org, idempotencyKey: string | null): Array<Record<string, unknown>> {
  const state = messagingState(org);
  if (idempotencyKey !== null) return (state.sentByIdempotencyKey.get(idempotencyKey) ?? []).map(sentRecord);
  // The whole list is the message log's outbound part: no second array of every message for a test-support
  // endpoint that answers with all of them anyway.
  return state.messages
    .all()
    .filter((m) => m.direction === 'outbound')
    .map(sentRecord);
}
