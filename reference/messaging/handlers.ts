// The v4 send endpoints: POST /messages, POST /channels/{channel}/messages, POST /chats/{chatId}/messages,
// POST /chats/{chatId}/typing. A single or group send answers 201 with the message object at the top
// level; `dry_run: true` answers 200 with a preview and changes nothing; a fan-out answers 201 when every
// recipient was accepted and 207 when some were not, with one result per recipient.
import type { App } from '../server/app.js';
import { callerId, orgOf } from '../server/caller.js';
import { HttpError, httpError } from '../server/errors.js';
import { json, unshownSuccess } from '../server/reply.js';
import type { Ctx, Reply } from '../server/types.js';
import { requireChannel } from '../store/channels.js';
import { newId } from '../store/ids.js';
import type { ChannelRecord, Org } from '../store/types.js';
import { FAN_OUT_MAX, parseSendBody, type BodyFaults, type SendBody } from './body.js';
import { dedupe } from './chats.js';
import { idempotent } from './idempotency.js';
import { withInvitationText } from './amb.js';
import { refusal, routeSend, type Route } from './routing.js';
import { commitSend, groupCapable, prepareSend, type Author, type PreparedSend, type Target } from './send.js';
import { messagingState, type ChatRecord, type MessageRecord } from './state.js';
import { messageView } from './views.js';

type Mode = 'single' | 'group' | 'fan_out';

function bodyFaults(app: App): BodyFaults {
  return {
    allowInteractiveWithText: app.fault('messaging.interactive.text-allowed'),
    anyQuickReplyCount: app.fault('messaging.interactive.quick-reply-count-unchecked'),
  };
}

function author(ctx: Ctx): Author {
  return { keyName: ctx.apiKey?.name ?? null, idempotencyKey: ctx.header('idempotency-key') ?? null };
}

export function postMessages(ctx: Ctx): Reply | Promise<Reply> {
  const org = orgOf(ctx);
  const body = withInvitationText(org, parseSendBody(ctx.body, 'messages', bodyFaults(ctx.app)));
  // The pinned line is resolved before the idempotency slot, so a malformed `from` is never cached.
  const pinned = body.from === null || ctx.app.fault('messaging.from.ignored') ? null : requireChannel(org, body.from);
  return idempotent(ctx, 'POST /v4/messages', () => {
    const peers = dedupe(body.to);
    const route = pinned ? { channel: pinned, pick: null } : routeSend(ctx.app, org, callerId(ctx), peers, body.invitationId !== null);
    return sendFrom(ctx, org, route, peers, body);
  });
}

export function postChannelMessages(ctx: Ctx): Reply | Promise<Reply> {
  const org = orgOf(ctx);
  const channel = requireChannel(org, ctx.params.channel ?? '');
  const body = withInvitationText(org, parseSendBody(ctx.body, 'channel', bodyFaults(ctx.app)));
  return idempotent(ctx, `POST /v4/channels/${channel.id}/messages`, () => sendFrom(ctx, org, { channel, pick: null }, dedupe(body.to), body));
}

export function postChatMessages(ctx: Ctx): Reply | Promise<Reply> {
  const org = orgOf(ctx);
  const { chat, channel } = requireChat(org, ctx.params.chatId ?? '');
  const body = parseSendBody(ctx.body, 'chat', bodyFaults(ctx.app));
  return idempotent(ctx, `POST /v4/chats/${chat.id}/messages`, () => {
    const why = refusal(ctx.app, org, channel, chat.participants, chat);
    if (why) throw why;
    const prepared = prepareSend(ctx.app, org, { channel, peers: chat.participants, group: chat.isGroup, chat }, body);
    return finish(ctx, org, prepared, body, chat.isGroup ? 'group' : 'single');
  });
}

/**
 * Starts a typing indicator where the chat's line lists `typing` among its capabilities' actions (a native
 * line only in its iMessage chats); elsewhere 501, so the endpoint and the capabilities always agree.
 */
export function postChatTyping(ctx: Ctx): Reply {
  const org = orgOf(ctx);
  const { chat, channel } = requireChat(org, ctx.params.chatId ?? '');
  const types = channel.actions.includes('typing') && (channel.type !== 'native' || chat.protocol === 'imessage');
  if (!types || ctx.app.fault('messaging.typing.refused')) {
    throw httpError(501, 'send_not_supported', `This chat has no typing indicator (${channel.type}, ${chat.protocol})`, { chat_id: chat.id, protocol: chat.protocol });
  }
  return unshownSuccess(ctx.app.variant, 'done', { data: { chat_id: chat.id, typing: true } });
}

export function requireChat(org: Org, chatId: string): { chat: ChatRecord; channel: ChannelRecord } {
  const chat = messagingState(org).chats.get(chatId);
  const channel = chat ? org.channels.get(chat.channelId) : undefined;
  if (!chat || !channel) throw httpError(404, 'not_found', 'Chat not found', { chat_id: chatId });
  return { chat, channel };
}

/** One recipient, a group thread, or a fan-out, on a known (or routed) line. */
function sendFrom(ctx: Ctx, org: Org, route: Route, peers: string[], body: SendBody): Reply {
  const { channel, pick } = route;
  const groups = (groupCapable(channel) || ctx.app.fault('messaging.fanout.as-group')) && !ctx.app.fault('messaging.group.fans-out');
  const mode: Mode = peers.length === 1 ? 'single' : groups ? 'group' : 'fan_out';
  if (mode === 'fan_out') return fanOut(ctx, org, route, peers, body);
  const why = refusal(ctx.app, org, channel, peers, undefined, body.invitationId !== null);
  if (why) throw why;
  const prepared = prepareSend(ctx.app, org, { channel, peers, group: mode === 'group', chat: null, pick }, body);
  return finish(ctx, org, prepared, body, mode);
}

function finish(ctx: Ctx, org: Org, prepared: PreparedSend, body: SendBody, mode: Mode): Reply {
  if (body.dryRun) {
    // Fault: messaging.dry-run.sends (the preview is answered, but the message is sent too).
    if (ctx.app.fault('messaging.dry-run.sends')) commitSend(org, prepared, body, author(ctx));
    return json(200, preview(prepared, mode));
  }
  const { message, chat } = commitSend(org, prepared, body, author(ctx));
  // Fault: messaging.send.attachments-dropped-with-text (a send with text goes out without its attachments; the answer still shows them).
  const dropped = ctx.app.fault('messaging.send.attachments-dropped-with-text') && message.text !== null && message.attachments.length > 0;
  if (dropped) message.attachments = [];
  const view = viewOf(ctx.app, message, chat, prepared.target.channel);
  if (dropped) view.attachments = body.attachments;
  if (prepared.target.chat && ctx.app.fault('messaging.chat-reply.new-thread')) view.chat_id = newId('chat');
  const status = ctx.app.fault('messaging.send.200-instead-of-201') ? 200 : 201;
  return json(status, ctx.app.fault('messaging.send.wrapped') ? { data: view } : view);
}

function fanOut(ctx: Ctx, org: Org, { channel, pick }: Route, peers: string[], body: SendBody): Reply {
  const max = ctx.app.fault('messaging.fanout.limit-off-by-one') ? FAN_OUT_MAX - 1 : FAN_OUT_MAX;
  if (peers.length > max && !ctx.app.fault('messaging.fanout.no-limit')) {
    throw httpError(ctx.app.fault('messaging.fanout.limit-as-403') ? 403 : 422, 'validation_error', `A fan-out reaches at most ${FAN_OUT_MAX} recipients`, { field: 'to', max: FAN_OUT_MAX, count: peers.length });
  }
  const results = peers.map((peer) => {
    try {
      const why = refusal(ctx.app, org, channel, [peer], undefined, body.invitationId !== null);
      if (why) throw why;
      const target: Target = { channel, peers: [peer], group: false, chat: null, pick };
      const prepared = prepareSend(ctx.app, org, target, body);
      if (body.dryRun) return { to: peer, status: 200, preview: preview(prepared, 'single') };
      const { message, chat } = commitSend(org, prepared, body, author(ctx));
      return { to: peer, status: 201, message: viewOf(ctx.app, message, chat, channel) };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { to: peer, status: error.status, error: { code: error.code, message: error.message, details: error.details } };
    }
  });
  const failed = results.filter((r) => r.status >= 300).length;
  const status = body.dryRun ? 200 : failed === 0 ? 201 : 207;
  return json(status, {
    ...(body.dryRun ? { dry_run: true } : {}),
    mode: 'fan_out',
    channel_id: channel.id,
    succeeded: results.length - failed,
    failed,
    results,
  });
}

function preview(prepared: PreparedSend, mode: Mode): Record<string, unknown> {
  const { channel, peers } = prepared.target;
  return {
    dry_run: true,
    mode,
    channel_id: channel.id,
    channel_type: channel.type,
    from: channel.address,
    to: peers,
    chat_id: prepared.chat?.id ?? null,
    status: 'preview',
  };
}

function viewOf(app: App, message: MessageRecord, chat: ChatRecord, channel: ChannelRecord): Record<string, unknown> {
  const view = messageView(message, chat, channel, {
    secondsTimestamp: app.fault('messaging.send.created-at-seconds'),
    bareId: app.fault('messaging.send.id-without-prefix'),
  });
  if (app.fault('messaging.send.status-accepted')) view.status = 'accepted';
  return view;
}
