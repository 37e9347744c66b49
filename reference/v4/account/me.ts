// GET /me, /me/priority, /me/numbers.
import type { App } from '../../server/app.js';
import { callerId, orgOf } from '../../server/caller.js';
import { notFound } from '../../server/errors.js';
import { json, ok } from '../../server/reply.js';
import type { Ctx } from '../../server/types.js';
import { ownedChannels } from '../../store/channels.js';
import { defaultPriority } from '../../store/priorities.js';
import type { ChannelRecord } from '../../store/types.js';
import { either } from '../options.js';
import { priorityView } from '../views.js';

/** Sender numbers available to the caller: a key's owned numbered lines; an app token sees the organization's. */
export function senderNumbers(ctx: Ctx): ChannelRecord[] {
  const org = orgOf(ctx);
  const channels = ctx.apiKey ? ownedChannels(org, ctx.apiKey.id) : [...org.channels.values()];
  return channels.filter((c) => c.numbered);
}

export function registerMeRoutes(app: App): void {
  app.route('GET', '/v4/me', (ctx) => {
    if (ctx.app.fault('versioning.me-not-under-v4')) throw notFound('Route');
    const org = orgOf(ctx);
    const key = ctx.apiKey;
    const answer = ctx.app.fault('account.me.unwrapped') ? (data: unknown) => json(200, data) : ok;
    return answer({
      organization: { id: org.id, name: org.name },
      credential: key
        ? { kind: 'api_key', api_key: key.id, name: key.name, valid_until: key.validUntil, blocked: key.blocked, deprecated: key.deprecated }
        : { kind: 'app_token', scopes: [...ctx.scopes] },
      numbers: senderNumbers(ctx).map((c) => ({ phone_number: c.address, channel_id: c.id, type: c.type, line_type: c.plan })),
      devices: [],
      usage: { channels: org.channels.size, contacts: org.contacts.size },
    });
  }, either);

  app.route('GET', '/v4/me/priority', (ctx) => {
    const org = orgOf(ctx);
    const priority = defaultPriority(org, callerId(ctx));
    // Fault: account.me-priority.empty-object ({} where the description says null).
    return ok(priority ? priorityView(org, priority) : ctx.app.fault('account.me-priority.empty-object') ? {} : null);
  }, either);

  app.route('GET', '/v4/me/numbers', (ctx) =>
    ok((ctx.app.fault('account.me-numbers.empty') ? [] : senderNumbers(ctx)).map((c) => ({ phone_number: c.address, channel_id: c.id, type: c.type, line_type: c.plan, status: c.status }))),
  either);
}
