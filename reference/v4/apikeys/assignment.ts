// Channel assignment: a key becomes the sole owner of a numbered line.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { httpError } from '../../server/errors.js';
import { ok, page, unshownSuccess } from '../../server/reply.js';
import type { Ctx } from '../../server/types.js';
import { ownedChannels, requireChannel, setOwner } from '../../store/channels.js';
import { cursorPage } from '../../store/pagination.js';
import type { ApiKeyRecord, ChannelRecord } from '../../store/types.js';
import { appOnly } from '../options.js';
import { channelView } from '../views.js';
import { pathKey } from './path-key.js';

const result = (key: ApiKeyRecord, channel: ChannelRecord, flags: { reassigned: boolean; unchanged: boolean }) => ({
  api_key: key.id,
  channel_id: channel.id,
  address: channel.address,
  success: true,
  ...flags,
});

function assign(ctx: Ctx, key: ApiKeyRecord, channel: ChannelRecord) {
  const org = orgOf(ctx);
  if (key.deprecated) throw httpError(409, 'api_key_deprecated', 'A deprecated key cannot own channels');
  if (!channel.numbered && !ctx.app.fault('ownership.assign-non-numbered')) {
    throw httpError(422, 'channel_not_assignable', `A ${channel.type} channel cannot be assigned to a key`, { channel_type: channel.type });
  }
  if (channel.ownerKeyId === key.id) {
    return result(key, channel, { reassigned: ctx.app.fault('ownership.unchanged-reported-reassigned'), unchanged: !ctx.app.fault('ownership.unchanged-reported-reassigned') });
  }
  const others = ownedChannels(org, key.id).filter((c) => c.id !== channel.id);
  if (!org.plan.number_pools && others.length > 0 && !ctx.app.fault('ownership.no-line-limit')) {
    throw httpError(400, 'key_line_limit', 'On a plan without number pools a key may own at most one line', { owned_channel_id: others[0]!.id });
  }
  const previous = channel.ownerKeyId;
  if (ctx.app.fault('ownership.reassign-keeps-previous') && previous) {
    // The broken variant leaves the line listed under the previous owner as well.
    setOwner(org, channel, key.id);
    org.channelsByOwner.get(previous)?.add(channel.id);
    return result(key, channel, { reassigned: false, unchanged: false });
  }
  setOwner(org, channel, key.id);
  return result(key, channel, { reassigned: previous !== null, unchanged: false });
}

export function registerAssignmentRoutes(app: App): void {
  app.route('GET', '/v4/api-keys/:apiKey/channels', (ctx) => {
    const key = pathKey(ctx);
    const org = orgOf(ctx);
    const owned = ctx.app.fault('apikeys.channels.lists-unowned') ? [...org.channels.values()].filter((c) => c.numbered) : ownedChannels(org, key.id);
    // Fault: apikeys.channels.rows-as-sms (the key's channel list says every line is an sms_provider channel).
    // Variant lean-list-rows: a key's channels show their id and address only.
    const lean = (view: Record<string, unknown>) => (ctx.app.variant.leanListRows ? { id: view.id, address: view.address } : view);
    const rows = owned.map((c) => lean(ctx.app.fault('apikeys.channels.rows-as-sms') ? { ...channelView(c), type: 'sms_provider' } : channelView(c)));
    return page(cursorPage(rows, ctx.query, ctx.app.variant));
  }, appOnly('apikeys:read'));

  app.route('PUT', '/v4/api-keys/:apiKey/channels/:channel', (ctx) => {
    const key = pathKey(ctx);
    const selector = ctx.params.channel ?? '';
    const channel = requireChannel(orgOf(ctx), selector, ctx.app.fault('ownership.malformed-selector-404') ? 404 : 400);
    const assigned = assign(ctx, key, channel);
    // Fault: apikeys.assign.answer-stale-address (the result names a line one number off the channel's).
    const answer = ctx.app.fault('apikeys.assign.answer-stale-address') ? { ...assigned, address: nextNumber(assigned.address) } : assigned;
    // Fault: ownership.assign.success-false (an assignment that took place says success false).
    const told = ctx.app.fault('ownership.assign.success-false') ? { ...answer, success: false } : answer;
    // Fault: ownership.assign.api-key-unprefixed (the result names the key without its api_ prefix).
    const named = ctx.app.fault('ownership.assign.api-key-unprefixed') ? { ...told, api_key: String(told.api_key).replace(/^api_/, '') } : told;
    return ok(ctx.app.fault('ownership.result-echoes-selector') ? { ...named, channel_id: selector } : named);
  }, appOnly('apikeys:manage'));

  app.route('DELETE', '/v4/api-keys/:apiKey/channels/:channel', (ctx) => {
    const key = pathKey(ctx);
    const org = orgOf(ctx);
    const channel = requireChannel(org, ctx.params.channel ?? '');
    const owned = channel.ownerKeyId === key.id;
    if (owned && !ctx.app.fault('ownership.unassign-ignored')) setOwner(org, channel, null);
    return unshownSuccess(ctx.app.variant, 'done', { data: { ...result(key, channel, { reassigned: false, unchanged: !owned }), unassigned: owned } });
  }, appOnly('apikeys:manage'));
}

/** The E.164 number one above `address` (last digit + 1, wrapping), for the fault apikeys.assign.answer-stale-address. */
function nextNumber(address: string): string {
  const last = Number(address.slice(-1));
  return Number.isInteger(last) ? `${address.slice(0, -1)}${(last + 1) % 10}` : `${address}0`;
}
