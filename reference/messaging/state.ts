// Per-organization messaging state: chats, groups, messages, polls, the sticky routing choices and
// the windows of the two send caps. Kept beside the organization (WeakMap) so organizations stay isolated.
import type { Org } from '../store/types.js';
import { MessageLog } from './message-log.js';

export type Protocol = 'imessage' | 'sms' | 'rcs' | 'non-imessage';
export type MessageStatus = 'queued' | 'sent' | 'delivered' | 'failed';

export interface ChatRecord {
  id: string; // chat_
  orgId: string;
  channelId: string;
  /** The line's address at the time (the flat bodies' internal_id). */
  lineAddress: string;
  isGroup: boolean;
  groupId: string | null;
  /**
   * 1:1: the other party (phone, email or opaque customer id), never changed, so a 1:1 message shares it as
   * its `to`. Groups: every member but the line; the group record's `members` is the same array, and it grows
   * when a new member writes, so a group message copies it.
   */
  readonly participants: readonly string[];
  protocol: Protocol;
  readReceipts: boolean;
  /** Whether the other side has written in this chat (inbound-only lines and amb need it). */
  hasInbound: boolean;
  messageCount: number;
  /** The latest message of the chat (typing and group events carry it as their message id). */
  lastMessageId: string | null;
  createdAt: number;
  lastMessageAt: number;
}

export interface GroupRecord {
  id: string; // grp_
  chatId: string;
  name: string | null;
  iconUrl: string | null;
  members: string[];
  createdAt: number;
}

export interface MessageRecord {
  id: string; // msg_
  chatId: string;
  channelId: string;
  direction: 'inbound' | 'outbound';
  /** Who wrote it: the line's address for outbound, the customer for inbound. */
  sender: string;
  to: readonly string[];
  text: string | null;
  /** As sent: URLs, or attachment objects (v4 does not show the item shape). */
  attachments: Array<string | Record<string, unknown>>;
  interactive: Record<string, unknown> | null;
  richLink: Record<string, unknown> | null;
  status: MessageStatus;
  createdAt: number;
  idempotencyKey: string | null;
  apiKeyName: string | null;
  metadata: Record<string, unknown> | null;
}

export interface PollRecord {
  id: string; // pl_
  chatId: string;
  messageId: string;
  title: string;
  options: string[];
  sender: string;
  votes: Map<string, string[]>;
}

export interface MessagingState {
  chats: Map<string, ChatRecord>;
  /** `${channelId}|${peer}` for 1:1 chats, `${channelId}|group|${sorted members}` for groups. */
  chatsByKey: Map<string, ChatRecord>;
  groups: Map<string, GroupRecord>;
  messages: MessageLog;
  /** Accepted outbound messages by their Idempotency-Key, oldest first (control API listSentMessages). */
  sentByIdempotencyKey: Map<string, MessageRecord[]>;
  /** Peers the organization has a conversation with (any line). */
  knownPeers: Set<string>;
  /** Peers each line has a conversation with. */
  knownPeersByChannel: Map<string, Set<string>>;
  /** Time of the latest message on each line (v2 /me/numbers `last_active`). */
  lastActiveByChannel: Map<string, number>;
  polls: Map<string, PollRecord>;
  /** pool key -> peer -> channel id: the same recipient keeps the same channel. */
  sticky: Map<string, Map<string, string>>;
  /** pool key -> next index for a first assignment (round robin). */
  roundRobin: Map<string, number>;
  /** Times (org clock) of new contacts reached, for the rolling 24-hour caps. */
  newContactsOrg: number[];
  newContactsByChannel: Map<string, number[]>;
  /** New conversations of shared lines on the current day of the org clock. */
  newConversations: { day: number; count: number };
  /** Idempotency-Key slot -> fingerprint of the first request's body, to refuse a reuse with another body. */
  idempotencyFingerprints: Map<string, string>;
  /** Business-chat customers who opted in to invitations, by optInKey (set through the control API). */
  ambOptIns: Set<string>;
  /** Approved business-chat invitations by id (approved through the control API). */
  invitations: Map<string, InvitationRecord>;
}

/** A business-chat invitation the platform approved: the one message a business may send first (section 1). */
export interface InvitationRecord {
  id: string; // inv_
  text: string;
  createdAt: number;
}

const states = new WeakMap<Org, MessagingState>();

export function messagingState(org: Org): MessagingState {
  let state = states.get(org);
  if (!state) {
    state = {
      chats: new Map(),
      chatsByKey: new Map(),
      groups: new Map(),
      messages: new MessageLog(),
      sentByIdempotencyKey: new Map(),
      knownPeers: new Set(),
      knownPeersByChannel: new Map(),
      lastActiveByChannel: new Map(),
      polls: new Map(),
      sticky: new Map(),
      roundRobin: new Map(),
      newContactsOrg: [],
      newContactsByChannel: new Map(),
      newConversations: { day: -1, count: 0 },
      idempotencyFingerprints: new Map(),
      ambOptIns: new Set(),
      invitations: new Map(),
    };
    states.set(org, state);
  }
  return state;
}

/**
 * A recipient as the stores key it: email addresses ignore case; phone numbers have none, and a business-chat
 * customer id is opaque, so two ids that differ only in case are two customers.
 */
export function peerKey(peer: string): string {
  const trimmed = peer.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}

export const optInKey = (channelId: string, customer: string): string => `${channelId}|${peerKey(customer)}`;
export const directChatKey = (channelId: string, peer: string): string => `${channelId}|${peerKey(peer)}`;
export const groupChatKey = (channelId: string, members: readonly string[]): string =>
  `${channelId}|group|${[...new Set(members.map(peerKey))].sort().join(',')}`;
