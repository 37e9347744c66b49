// What the endpoints return for messages. The message object is returned unwrapped by every v4 send.
import type { ChannelRecord } from '../store/types.js';
import type { ChatRecord, MessageRecord } from './state.js';

export interface ViewFaults {
  /** created_at in seconds. */
  secondsTimestamp?: boolean;
  /** Message id without its `msg_` prefix. */
  bareId?: boolean;
}

export function messageView(message: MessageRecord, chat: ChatRecord, channel: ChannelRecord, faults: ViewFaults = {}): Record<string, unknown> {
  return {
    id: faults.bareId ? message.id.replace(/^msg_/, '') : message.id,
    chat_id: chat.id,
    channel_id: channel.id,
    channel_type: channel.type,
    from: message.sender,
    to: message.to,
    direction: message.direction,
    status: message.status,
    text: message.text,
    attachments: message.attachments,
    interactive: message.interactive,
    rich_link: message.richLink,
    is_group: chat.isGroup,
    group_id: chat.groupId,
    created_at: faults.secondsTimestamp ? Math.floor(message.createdAt / 1000) : message.createdAt,
  };
}

/** The control API's SentMessageRecord. */
export function sentRecord(message: MessageRecord): Record<string, unknown> {
  return {
    message_id: message.id,
    channel_id: message.channelId,
    chat_id: message.chatId,
    to: message.to,
    status: message.status,
    idempotency_key: message.idempotencyKey,
    api_key_name: message.apiKeyName,
  };
}

/** The attachment URLs of a message (what the flat bodies carry). */
export function attachmentUrls(message: MessageRecord): string[] {
  const urls: string[] = [];
  for (const a of message.attachments) {
    const url = typeof a === 'string' ? a : a.url;
    if (typeof url === 'string') urls.push(url);
  }
  return urls;
}
