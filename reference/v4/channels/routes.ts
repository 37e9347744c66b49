// Channels: list, get, capabilities, removal.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { httpError } from '../../server/errors.js';
import { json, ok, page } from '../../server/reply.js';
import type { Ctx } from '../../server/types.js';
import type { ChannelRecord } from '../../store/types.js';
import { isE164, objectBody } from '../../server/validate.js';
import { removeChannel, requireChannel } from '../../store/channels.js';
import { cursorPage, demandLimit } from '../../store/pagination.js';
import { either, scoped } from '../options.js';
import { capabilitiesView, channelView } from '../views.js';
import { registerProfileRoutes } from './profile.js';
import { registerSettingsRoutes } from './settings.js';

/** The channel as answered, with the `time.channels.created-at-seconds` fault applied. */
function present(ctx: Ctx, channel: ChannelRecord): Record<string, unknown> {
  const view = channelView(channel);
  if (ctx.app.fault('time.channels.created-at-seconds')) view.created_at = Math.floor(channel.createdAt / 1000);
  // Faults of the statement ledger's rows (spec/statements.yaml): the id, address, status and capabilities.
  if (ctx.app.fault('channels.view.id-without-prefix')) view.id = channel.id.replace(/^ch_/, '');
  if (ctx.app.fault('channels.view.address-one-off') && isE164(channel.address)) view.address = channel.address.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
  if (ctx.app.fault('channels.view.status-not-string')) view.status = 1;
  if (ctx.app.fault('channels.view.capabilities-without-protocols')) view.capabilities = { content: channel.content };
  return view;
}

/** For the fault channels.get.unknown-200 only: an unknown channel is answered 200 {data: null}. */
function unknownAnswered(ctx: Ctx): boolean {
  if (!ctx.app.fault('channels.get.unknown-200')) return false;
  const selector = ctx.params.channel ?? '';
  return ![...orgOf(ctx).channels.values()].some((c) => c.id === selector || c.address === selector || c.alias === selector);
}

function capabilities(ctx: Ctx, channel: ChannelRecord): Record<string, unknown> {
  const view = capabilitiesView(channel);
  // Fault: channels.capabilities.protocols-dropped (the endpoint reports the first protocol only).
  if (ctx.app.fault('channels.capabilities.protocols-dropped')) view.capabilities = { ...(view.capabilities as Record<string, unknown>), protocols: channel.protocols.slice(0, 1) };
  // Fault: channels.capabilities.type-native (every channel's capabilities say native).
  return ctx.app.fault('channels.capabilities.type-native') ? { ...view, type: 'native' } : view;
}

/** A channel as listed: as read, but under the fault channels.list.content-text-only (rows say text only). */
function listed(ctx: Ctx, channel: ChannelRecord): Record<string, unknown> {
  const view = present(ctx, channel);
  if (ctx.app.fault('channels.list.content-text-only')) view.capabilities = { protocols: channel.protocols, content: ['text'] };
  return view;
}

const channelTypes = new Set(['native', 'sms_provider', 'whatsapp', 'rcs', 'amb']);

export function registerChannelRoutes(app: App): void {
  app.route('GET', '/v4/channels', (ctx) => {
    const type = ctx.query.get('type');
    const status = ctx.query.get('status');
    if (type !== null && !channelTypes.has(type)) throw httpError(400, 'invalid_parameter', 'type is not a channel type', { type });
    // Faults: channels.list.filters-ignored (type and status are accepted but do not filter),
    // channels.list.status-filter-native-only (a status filter also drops every non-native channel).
    const ignored = ctx.app.fault('channels.list.filters-ignored');
    const byType = ignored ? null : type;
    const byStatus = ignored ? null : status;
    const nativeOnly = byStatus !== null && ctx.app.fault('channels.list.status-filter-native-only');
    // Fault: channels.list.key-owned-omitted (channels assigned to a key are left out).
    const ownedOmitted = ctx.app.fault('channels.list.key-owned-omitted');
    // Fault: channels.list.empty-unfiltered (nothing is listed without a filter).
    const none = type === null && status === null && ctx.app.fault('channels.list.empty-unfiltered');
    const channels = [...orgOf(ctx).channels.values()].filter(
      (c) =>
        (byType === null || c.type === byType) &&
        (byStatus === null || c.status === byStatus) &&
        !(nativeOnly && c.type !== 'native') &&
        !(ownedOmitted && c.ownerKeyId !== null) &&
        !none,
    );
    demandLimit(ctx.query, ctx.app.fault('pagination.limit-required'));
    const result = cursorPage(channels.map((c) => listed(ctx, c)), ctx.query, ctx.app.variant);
    // The fault drops the last item of every page that has more: the cursor still moves past it.
    if (ctx.app.fault('pagination.channels-skip') && result.has_more) result.data = result.data.slice(0, -1);
    return page(result);
  }, either);

  app.route('GET', '/v4/channels/:channel', (ctx) => {
    if (unknownAnswered(ctx)) return ok(null);
    const view = present(ctx, requireChannel(orgOf(ctx), ctx.params.channel ?? '', 404));
    return ctx.app.fault('envelope.item-unwrapped') ? json(200, view) : ok(view);
  }, either);

  app.route('GET', '/v4/channels/:channel/capabilities', (ctx) =>
    unknownAnswered(ctx) ? ok(null) : ok(capabilities(ctx, requireChannel(orgOf(ctx), ctx.params.channel ?? '', 404))), either);

  app.route('DELETE', '/v4/channels/:channel', (ctx) => {
    const org = orgOf(ctx);
    const selector = ctx.params.channel ?? '';
    if (selector.startsWith('+') && ctx.app.fault('channels.remove.e164-not-accepted')) throw httpError(404, 'not_found', 'Channel not found');
    const channel = requireChannel(org, selector);
    // Removal is of a number ("the E.164 number or ch_ id"; it "unsubscribes and cancels the line"), and
    // number.removed names one: a channel addressed otherwise (rcs, amb) has no line to cancel.
    if (!isE164(channel.address)) {
      throw httpError(400, 'channel_not_removable', `A ${channel.type} channel has no number to remove`, { channel_id: channel.id, channel_type: channel.type });
    }
    const body = objectBody(ctx.body);
    const reasons = body.reasons ?? (ctx.app.fault('channels.remove.reasons-optional') ? [] : undefined);
    const reasonsOptional = ctx.app.fault('channels.remove.reasons-optional') && Array.isArray(reasons) && reasons.length === 0;
    if (!reasonsOptional && (!Array.isArray(reasons) || reasons.length === 0 || !reasons.every((r) => typeof r === 'string'))) {
      throw httpError(400, 'reasons_required', 'reasons must be a non-empty array of strings', { field: 'reasons' });
    }
    removeChannel(org, channel);
    const data = { phone_number: channel.address, channel_id: channel.id, reasons };
    if (!ctx.app.fault('channels.remove.no-event')) ctx.app.bus.emit(org, 'number.removed', data, { messageId: null });
    // Fault: channels.remove.reasons-dropped (the answer names no reason, whatever was sent).
    return ok(ctx.app.fault('channels.remove.reasons-dropped') ? { ...data, reasons: [] } : data);
  }, scoped('numbers:manage'));

  registerSettingsRoutes(app);
  registerProfileRoutes(app);
}
