// Chats and groups: found by their natural key (line + peer, or line + member set) or created on first
// use; and the one function that files a message into its chat.
import { newId } from '../store/ids.js';
import type { ChannelRecord, Org } from '../store/types.js';
import {
  directChatKey,
  groupChatKey,
  messagingState,
  peerKey,
  type ChatRecord,
  type GroupRecord,
  type MessageRecord,
  type Protocol,
} from './state.js';

/** The protocol a line speaks by default (inbound simulations may say otherwise, e.g. SMS on a native line). */
export function protocolOf(channel: ChannelRecord): Protocol {
  switch (channel.type) {
    case 'native':
      return 'imessage';
    case 'sms_provider':
      return 'sms';
    case 'rcs':
      return 'rcs';
    default:
      return 'non-imessage';
  }
}

export function findDirectChat(org: Org, channel: ChannelRecord, peer: string): ChatRecord | undefined {
  return messagingState(org).chatsByKey.get(directChatKey(channel.id, peer));
}

export function findGroupChat(org: Org, channel: ChannelRecord, members: readonly string[]): ChatRecord | undefined {
  return messagingState(org).chatsByKey.get(groupChatKey(channel.id, members));
}

export function openDirectChat(org: Org, channel: ChannelRecord, peer: string, protocol: Protocol = protocolOf(channel)): ChatRecord {
  const existing = findDirectChat(org, channel, peer);
  if (existing) return existing;
  return addChat(org, channel, directChatKey(channel.id, peer), [peer], null, protocol);
}

/** The group thread of `members` on `channel` (created with a `grp_` group on first use). */
export function openGroupChat(org: Org, channel: ChannelRecord, members: readonly string[], name: string | null = null, fresh = false): ChatRecord {
  const existing = fresh ? undefined : findGroupChat(org, channel, members);
  if (existing) return existing;
  const unique = dedupe(members);
  const groupId = newId('grp');
  const chat = addChat(org, channel, groupChatKey(channel.id, unique), unique, groupId, protocolOf(channel));
  const group: GroupRecord = { id: groupId, chatId: chat.id, name, iconUrl: null, members: unique, createdAt: org.now() };
  messagingState(org).groups.set(groupId, group);
  return chat;
}

function addChat(org: Org, channel: ChannelRecord, key: string, participants: string[], groupId: string | null, protocol: Protocol): ChatRecord {
  const state = messagingState(org);
  const now = org.now();
  const chat: ChatRecord = {
    id: newId('chat'),
    orgId: org.id,
    channelId: channel.id,
    lineAddress: channel.address,
    isGroup: groupId !== null,
    groupId,
    participants,
    protocol,
    readReceipts: false,
    hasInbound: false,
    messageCount: 0,
    lastMessageId: null,
    createdAt: now,
    lastMessageAt: now,
  };
  state.chats.set(chat.id, chat);
  state.chatsByKey.set(key, chat);
  return chat;
}

/** Files a message into its chat and the indexes. */
export function fileMessage(org: Org, chat: ChatRecord, message: MessageRecord): void {
  const state = messagingState(org);
  state.messages.add(message);
  chat.messageCount++;
  chat.lastMessageAt = message.createdAt;
  chat.lastMessageId = message.id;
  state.lastActiveByChannel.set(chat.channelId, message.createdAt);
  let lineKnows = state.knownPeersByChannel.get(chat.channelId);
  if (!lineKnows) state.knownPeersByChannel.set(chat.channelId, (lineKnows = new Set()));
  for (const peer of chat.participants) {
    state.knownPeers.add(peerKey(peer));
    lineKnows.add(peerKey(peer));
  }
  if (message.direction === 'inbound') {
    chat.hasInbound = true;
    return;
  }
  if (message.idempotencyKey !== null) {
    let list = state.sentByIdempotencyKey.get(message.idempotencyKey);
    if (!list) state.sentByIdempotencyKey.set(message.idempotencyKey, (list = []));
    list.push(message);
  }
}

export function dedupe(values: readonly string[]): string[] {
  if (values.length === 1) return [values[0]!];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = peerKey(value);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(value);
    }
  }
  return out;
}
