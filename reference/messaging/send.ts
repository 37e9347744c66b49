// The send pipeline shared by every send endpoint (v4 and v2): check a send to a target without changing
// anything (prepareSend), then record it (commitSend). Checks run in this order: what the line can carry
// (501), business-chat link rule (422), first message without text (400), the caps (429).
import { httpError } from '../server/errors.js';
import { findContactByIdentity, touchContact } from '../store/contacts.js';
import type { App } from '../server/app.js';
import type { ChannelRecord, Org } from '../store/types.js';
import { isBareLink, type SendBody } from './body.js';
import { capPlan, checkCaps, commitCaps, type CapFaults, type CapPlan } from './caps.js';
import { fileMessage, findDirectChat, findGroupChat, openDirectChat, openGroupChat } from './chats.js';
import { keepPick, type PoolPick } from './routing.js';
import { messagingState, type ChatRecord, type MessageRecord } from './state.js';

/**
 * Where a send goes: a line, its recipients, the chat when it is already known (chat sends), and the pool's
 * choice of the line when the send was routed (remembered once the send is made).
 */
export interface Target {
  channel: ChannelRecord;
  peers: readonly string[];
  group: boolean;
  chat: ChatRecord | null;
  pick?: PoolPick | null;
}

export interface PreparedSend {
  target: Target;
  chat: ChatRecord | null;
  caps: CapPlan;
}

export interface Author {
  keyName: string | null;
  idempotencyKey: string | null;
}

/** Channel types on which several recipients form one group thread. */
export const groupCapable = (channel: ChannelRecord): boolean => channel.type === 'native' || channel.type === 'whatsapp';

export function capFaults(app: Pick<App, 'fault'>): CapFaults {
  return {
    outboundNotEnforced: app.fault('messaging.caps.outbound-not-enforced'),
    newConversationNotEnforced: app.fault('messaging.caps.new-conversation-not-enforced'),
    fieldsMissing: app.fault('messaging.caps.body-fields-missing'),
    currentBelowLimit: app.fault('messaging.caps.current-below-limit'),
    wrongStatus: app.fault('messaging.caps.403-instead-of-429'),
    windowNeverRolls: app.fault('messaging.caps.window-never-rolls'),
    windowTooShort: app.fault('messaging.caps.window-too-short'),
    conversationsNeverReset: app.fault('messaging.caps.new-conversation-never-resets'),
    blocksExistingConversations: app.fault('messaging.caps.blocks-existing-conversations'),
  };
}

export function prepareSend(app: Pick<App, 'fault'>, org: Org, target: Target, body: SendBody): PreparedSend {
  const { channel, peers } = target;
  const unsupported = app.fault('messaging.send.unsupported-as-422') ? 422 : 501;
  const kindsSupported = app.fault('messaging.interactive.kinds-unsupported') ? channel.interactive.filter((k) => k !== 'list_picker') : channel.interactive;
  if (body.interactive && !kindsSupported.includes(body.interactive.kind)) {
    throw httpError(unsupported, 'send_not_supported', `A ${channel.type} channel does not support interactive ${body.interactive.kind}`, {
      channel_type: channel.type,
      kind: body.interactive.kind,
    });
  }
  if (body.richLink && !channel.interactive.includes('rich_link')) {
    throw httpError(unsupported, 'send_not_supported', `A ${channel.type} channel does not support rich_link`, { channel_type: channel.type });
  }
  // No fault switch: the clause (interactive.payload.urls-as-rich-link) is guidance no suite can test.
  if (channel.type === 'amb' && isBareLink(body.text)) {
    throw httpError(422, 'validation_error', 'On the business-chat channel a URL is shared with rich_link, not as a bare link', {
      field: 'text',
      reason: 'bare_link',
    });
  }
  const chat = target.chat ?? (target.group ? findGroupChat(org, channel, peers) : findDirectChat(org, channel, peers[0]!)) ?? null;
  const brandNew = chat === null || chat.messageCount === 0;
  const textless = body.text === null && body.attachments.length > 0 && !body.interactive && !body.richLink;
  const firstOnly = !app.fault('messaging.attachments-never-alone');
  if ((brandNew || !firstOnly) && textless && !app.fault('messaging.attachment-first-allowed')) {
    throw httpError(400, 'attachment_first_message_not_allowed', 'The first message of a new conversation must carry text; send text first', {});
  }
  // A chat without messages (a v2 group created empty) is not a conversation yet: its first send starts one.
  const planned = capPlan(org, channel, peers, !brandNew);
  const caps = app.fault('messaging.caps.counts-every-send') ? { ...planned, newForOrg: [...peers], newForNumber: [...peers] } : planned;
  checkCaps(org, channel, caps, capFaults(app));
  return { target, chat, caps };
}

export function commitSend(org: Org, prepared: PreparedSend, body: SendBody, author: Author): { message: MessageRecord; chat: ChatRecord } {
  const { channel, peers, group, pick } = prepared.target;
  commitCaps(org, channel, prepared.caps);
  if (pick) keepPick(org, pick);
  const chat = prepared.chat ?? (group ? openGroupChat(org, channel, peers) : openDirectChat(org, channel, peers[0]!));
  const now = org.now();
  const message: MessageRecord = {
    id: messagingState(org).messages.nextId(),
    chatId: chat.id,
    channelId: channel.id,
    direction: 'outbound',
    sender: channel.address,
    // A group's participants grow when a new member writes (see ChatRecord): the message keeps those it went to.
    to: chat.isGroup ? [...chat.participants] : chat.participants,
    text: body.text,
    attachments: body.attachments,
    interactive: body.interactive,
    richLink: body.richLink,
    status: 'queued',
    createdAt: now,
    idempotencyKey: author.idempotencyKey,
    apiKeyName: author.keyName,
    metadata: body.metadata,
  };
  fileMessage(org, chat, message);
  for (const peer of chat.participants) {
    const contact = findContactByIdentity(org, peer);
    if (contact) touchContact(org, contact.id, 'outbound', now);
  }
  return { message, chat };
}
