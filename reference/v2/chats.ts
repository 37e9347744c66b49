// v2 chat endpoints: POST /chats/{chatId}/messages (202 {message_id, status: queued}), GET .../status,
// POST .../reactions, POST /chats/{chatId}/typing, POST /chats/{chatId}/read. `chatId` is a phone number
// (`%2B`-encoded), an email, or a `grp_` group id. Errors are flat (the route layer renders them).
import { callerId, orgOf } from '../server/caller.js';
import { httpError } from '../server/errors.js';
import { json, unshownSuccess } from '../server/reply.js';
import type { Ctx, Reply } from '../server/types.js';
import { isE164, isEmail, objectBody } from '../server/validate.js';
import type { ChannelRecord, Org } from '../store/types.js';
import { isHttpUrl, type SendBody } from '../messaging/body.js';
import { findDirectChat, openGroupChat } from '../messaging/chats.js';
import { externalId } from '../messaging/emit.js';
import { idempotent } from '../messaging/idempotency.js';
import { refusal } from '../messaging/routing.js';
import { commitSend, prepareSend } from '../messaging/send.js';
import { reactionEvent } from '../messaging/simulate.js';
import { messagingState, peerKey, type ChatRecord, type MessageRecord } from '../messaging/state.js';
import { lineFor, requireActiveNumber } from './lines.js';

type Resolved = { kind: 'group'; chat: ChatRecord; channel: ChannelRecord } | { kind: 'peer'; peer: string };

function resolveChatId(org: Org, chatId: string): Resolved {
  if (chatId.startsWith('grp_')) {
    const state = messagingState(org);
    const group = state.groups.get(chatId);
    const chat = group ? state.chats.get(group.chatId) : undefined;
    const channel = chat ? org.channels.get(chat.channelId) : undefined;
    if (!chat || !channel) throw httpError(404, 'not_found', 'Group not found', { chat_id: chatId });
    return { kind: 'group', chat, channel };
  }
  if (isE164(chatId) || isEmail(chatId)) return { kind: 'peer', peer: chatId };
  throw httpError(400, 'invalid_chat_id', 'chatId must be an E.164 phone number, an email or a grp_ group id', { chat_id: chatId });
}

function parseV2Send(raw: unknown): SendBody {
  const body = objectBody(raw);
  const text = body.text;
  if (text !== undefined && typeof text !== 'string') throw httpError(422, 'validation_error', 'text must be a string', { field: 'text' });
  const attachments = body.attachments ?? [];
  if (!Array.isArray(attachments) || !attachments.every(isHttpUrl)) {
    throw httpError(422, 'validation_error', 'attachments must be an array of http(s) URLs', { field: 'attachments' });
  }
  if (body.metadata !== undefined && (typeof body.metadata !== 'object' || body.metadata === null || Array.isArray(body.metadata))) {
    throw httpError(422, 'validation_error', 'metadata must be an object', { field: 'metadata' });
  }
  const hasText = typeof text === 'string' && text !== '';
  if (!hasText && attachments.length === 0) throw httpError(422, 'validation_error', 'A message needs text or attachments', { field: 'text' });
  return {
    to: [],
    text: hasText ? text : null,
    attachments: attachments as string[],
    interactive: null,
    richLink: null,
    from: null,
    invitationId: null,
    dryRun: false,
    metadata: (body.metadata as Record<string, unknown> | undefined) ?? null,
  };
}

export async function sendV2(ctx: Ctx): Promise<Reply> {
  const org = orgOf(ctx);
  requireActiveNumber(ctx.app, org);
  const target = resolveChatId(org, ctx.params.chatId ?? '');
  const body = parseV2Send(ctx.body);
  return idempotent(ctx, `POST /v2/chats/${ctx.params.chatId}/messages`, () => {
    let prepared;
    if (target.kind === 'group') {
      const why = refusal(ctx.app, org, target.channel, target.chat.participants, target.chat);
      if (why) throw why;
      prepared = prepareSend(ctx.app, org, { channel: target.channel, peers: target.chat.participants, group: true, chat: target.chat }, body);
    } else {
      const { channel, pick } = lineFor(ctx.app, org, callerId(ctx), [target.peer]);
      // Fault: the v2 send opens a thread of its own instead of the v4 conversation with the same peer.
      const chat = ctx.app.fault('v2.send.new-thread') ? openGroupChat(org, channel, [target.peer], null, true) : null;
      prepared = prepareSend(ctx.app, org, { channel, peers: [target.peer], group: false, chat, pick }, body);
    }
    const { message } = commitSend(org, prepared, body, { keyName: ctx.apiKey?.name ?? null, idempotencyKey: ctx.header('idempotency-key') ?? null });
    return json(ctx.app.fault('v2.send.200-instead-of-202') ? 200 : 202, { message_id: message.id, status: ctx.app.fault('v2.send.status-sent') ? 'sent' : 'queued' });
  });
}

/** The message a path names, which must belong to the chat the path names. */
function pathMessage(ctx: Ctx): { message: MessageRecord; chat: ChatRecord } {
  const org = orgOf(ctx);
  const state = messagingState(org);
  const message = state.messages.get(ctx.params.messageId ?? '');
  const chat = message ? state.chats.get(message.chatId) : undefined;
  const chatId = ctx.params.chatId ?? '';
  // The path names the chat by its other party (an email in any case) or group id, or by its chat id.
  if (!message || !chat || (peerKey(externalId(chat)) !== peerKey(chatId) && chat.id !== chatId)) {
    throw httpError(404, 'not_found', 'Message not found in this chat', { message_id: ctx.params.messageId });
  }
  return { message, chat };
}

export function statusV2(ctx: Ctx): Reply {
  const { message, chat } = pathMessage(ctx);
  // Fault: v2.status.stale-queued (the status reads queued whatever the events reported).
  const status = ctx.app.fault('v2.status.stale-queued') ? 'queued' : message.status;
  const result: Record<string, unknown> = { message_id: message.id, status, protocol: chat.protocol === 'imessage' ? 'imessage' : 'sms' };
  if (ctx.app.fault('v2.status.no-protocol')) delete result.protocol;
  // Faults: v2.status.other-message-id (another message's id), v2.status.unknown-status (a status outside the four).
  if (ctx.app.fault('v2.status.other-message-id')) result.message_id = `${message.id}x`;
  if (ctx.app.fault('v2.status.unknown-status')) result.status = 'accepted';
  return json(200, result);
}

const reactionPattern = /^([+-])(love|like|dislike|laugh|emphasize|question)$/;

export function reactV2(ctx: Ctx): Reply {
  const org = orgOf(ctx);
  requireActiveNumber(ctx.app, org);
  const body = objectBody(ctx.body);
  const match = typeof body.reaction === 'string' ? reactionPattern.exec(body.reaction) : null;
  if (!match || (match[1] === '-' && ctx.app.fault('v2.reactions.remove-refused'))) throw httpError(422, 'validation_error', 'reaction must be + or - followed by love, like, dislike, laugh, emphasize or question', { field: 'reaction' });
  const { message, chat } = pathMessage(ctx);
  // Fault: v2.reactions.remove-adds (a - reaction adds the tapback instead of removing it).
  const action = match[1] === '+' || ctx.app.fault('v2.reactions.remove-adds') ? 'add' : 'remove';
  reactionEvent(ctx.app, org, chat, message, 'outbound', match[2]!, action, chat.lineAddress);
  return unshownSuccess(ctx.app.variant, 'done', { message_id: message.id, reaction: body.reaction, status: 'ok' });
}

/** Typing and read act on the chat; a phone or email with no chat yet is accepted (nothing to mark). */
export function chatActionV2(action: 'typing' | 'read') {
  return (ctx: Ctx): Reply => {
    const org = orgOf(ctx);
    const lines = requireActiveNumber(ctx.app, org);
    if (action === 'read' && ctx.app.fault('v2.chats.read-refused')) throw httpError(404, 'not_found', 'Chat not found', { chat_id: ctx.params.chatId });
    if (action === 'typing' && ctx.app.fault('v2.chats.typing-refused')) throw httpError(404, 'not_found', 'Chat not found', { chat_id: ctx.params.chatId });
    const target = resolveChatId(org, ctx.params.chatId ?? '');
    const chat = target.kind === 'group' ? target.chat : lines.map((line) => findDirectChat(org, line, target.peer)).find((c) => c !== undefined);
    return unshownSuccess(ctx.app.variant, 'done', { chat_id: ctx.params.chatId, status: 'ok', ...(chat ? { thread_id: chat.id } : {}), [action === 'typing' ? 'typing' : 'read']: true });
  };
}
