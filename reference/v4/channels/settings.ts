// Channel settings of native lines: which keys a line may turn on, and the error codes of section 7.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { httpError } from '../../server/errors.js';
import { ok } from '../../server/reply.js';
import type { Ctx } from '../../server/types.js';
import { objectBody } from '../../server/validate.js';
import { requireChannel } from '../../store/channels.js';
import type { ChannelRecord } from '../../store/types.js';
import { hasCard } from '../account/contact-card.js';
import { either } from '../options.js';

type SettingKey = 'auto_mark_read' | 'auto_share_contact';
const settingKeys: SettingKey[] = ['auto_mark_read', 'auto_share_contact'];

/** `available[key]`: whether this line may turn `key` on. */
export function availableSettings(channel: ChannelRecord): Record<SettingKey, boolean> {
  return {
    auto_mark_read: channel.plan === 'dedicated' || channel.plan === 'inbound',
    auto_share_contact: channel.plan === 'dedicated' && hasCard(channel),
  };
}

function nativeLine(ctx: Ctx): ChannelRecord {
  // GET lists no 400: a malformed selector there is an unknown channel.
  const channel = requireChannel(orgOf(ctx), ctx.params.channel ?? '', ctx.method === 'GET' ? 404 : 400);
  if (channel.type !== 'native' && !ctx.app.fault('channels.settings.any-type')) {
    throw httpError(403, 'settings_unsupported_for_channel_type', `Settings are not supported on ${channel.type} channels`, { channel_type: channel.type });
  }
  return channel;
}

function view(ctx: Ctx, channel: ChannelRecord) {
  const settings: Partial<Record<SettingKey, boolean>> = { ...channel.settings };
  // Fault: channels.settings.false-omitted (keys that are off are left out).
  if (ctx.app.fault('channels.settings.false-omitted')) for (const key of settingKeys) if (settings[key] === false) delete settings[key];
  const available = availableSettings(channel);
  // Fault: channels.settings.available-inverted (the map says the opposite of the rules).
  if (ctx.app.fault('channels.settings.available-inverted')) for (const key of settingKeys) available[key] = !available[key];
  // Fault: channels.settings.available-missing (the response carries settings alone).
  return ctx.app.fault('channels.settings.available-missing') ? { settings } : { settings, available };
}

/** Why this line may not turn `key` on, or null when it may. */
function refusal(ctx: Ctx, channel: ChannelRecord, key: SettingKey) {
  if (key === 'auto_mark_read') {
    const mayTurnOn = availableSettings(channel).auto_mark_read && !ctx.app.fault('channels.settings.mark-read-refused-everywhere');
    if (mayTurnOn || ctx.app.fault('channels.settings.mark-read-anywhere')) return null;
    const code = ctx.app.fault('channels.settings.generic-forbidden-code') ? 'forbidden' : 'auto_mark_read_not_allowed';
    return httpError(403, code, 'auto_mark_read can be enabled on dedicated and inbound lines only', { line_type: channel.plan });
  }
  if (ctx.app.variant.cardCheckedFirst && !hasCard(channel)) {
    return httpError(403, 'contact_card_not_set_up', 'Set up the line\'s contact card (name or photo) first');
  }
  if (channel.plan !== 'dedicated' && !ctx.app.fault('channels.settings.share-on-any-line')) {
    return httpError(403, 'auto_share_contact_not_allowed', 'auto_share_contact can be enabled on dedicated lines only', { line_type: channel.plan });
  }
  const cardSetUp = hasCard(channel) && !ctx.app.fault('channels.settings.share-refused-with-card');
  if (!cardSetUp && !ctx.app.fault('channels.settings.share-without-card')) {
    return httpError(403, 'contact_card_not_set_up', 'Set up the line\'s contact card (name or photo) first');
  }
  return null;
}

export function registerSettingsRoutes(app: App): void {
  app.route('GET', '/v4/channels/:channel/settings', (ctx) => ok(view(ctx, nativeLine(ctx))), either);

  app.route('PATCH', '/v4/channels/:channel/settings', (ctx) => {
    const channel = nativeLine(ctx);
    const body = objectBody(ctx.body);
    const keys = Object.keys(body);
    if (keys.length === 0 && ctx.app.fault('channels.settings.empty-accepted')) return ok(view(ctx, channel));
    if (keys.length === 0) throw httpError(422, 'no_settings_provided', 'Provide at least one setting');
    const unknownIgnored = ctx.app.fault('channels.settings.unknown-keys-ignored');
    const truthyAccepted = ctx.app.fault('channels.settings.truthy-values-accepted');
    for (const key of keys) {
      if (unknownIgnored && !settingKeys.includes(key as SettingKey)) {
        delete body[key];
        continue;
      }
      if (truthyAccepted && settingKeys.includes(key as SettingKey)) body[key] = Boolean(body[key]);
      if (!settingKeys.includes(key as SettingKey) || typeof body[key] !== 'boolean') {
        throw httpError(422, 'invalid_settings', `${key} is not a boolean setting of native channels`, { key });
      }
    }
    const known = Object.keys(body) as SettingKey[];
    for (const key of known) {
      // Fault: channels.settings.off-refused (turning a setting off is refused where turning it on would be).
      if (body[key] === true || ctx.app.fault('channels.settings.off-refused')) {
        const refused = refusal(ctx, channel, key);
        if (refused) throw refused;
      }
    }
    for (const key of known) channel.settings[key] = body[key] as boolean;
    // "200 updated settings": the GET form, or (variant bareSettingsPatch) the settings object alone (AMBIGUITIES v4 10).
    return ok(ctx.app.variant.bareSettingsPatch ? view(ctx, channel).settings : view(ctx, channel));
  }, either);
}
