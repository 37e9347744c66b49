// PUT /channels/{channel}/profile: metadata only; null or '' clears a field; unknown keys are rejected.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { validation } from '../../server/errors.js';
import { ok } from '../../server/reply.js';
import { objectBody, unknownKeys } from '../../server/validate.js';
import { requireChannel } from '../../store/channels.js';
import type { ChannelProfile } from '../../store/types.js';
import { either } from '../options.js';
import { channelView } from '../views.js';

const profileKeys = ['display_name', 'about', 'email', 'avatar'] as const;
const emptyProfile = (): ChannelProfile => ({ display_name: null, about: null, email: null, avatar: null });

export function registerProfileRoutes(app: App): void {
  app.route('PUT', '/v4/channels/:channel/profile', (ctx) => {
    const channel = requireChannel(orgOf(ctx), ctx.params.channel ?? '');
    const body = objectBody(ctx.body);
    const unknown = unknownKeys(body, profileKeys);
    if (unknown.length > 0 && !ctx.app.fault('channels.profile.accept-unknown-keys')) {
      throw validation(`Unknown profile field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, { unknown_keys: unknown });
    }
    for (const key of profileKeys) {
      const value = body[key];
      if (value !== undefined && value !== null && typeof value !== 'string') throw validation(`${key} must be a string or null`, { field: key });
    }
    if (typeof body.email === 'string' && body.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email)) {
      throw validation('email must be an email address', { field: 'email' });
    }
    // Fault: channels.profile.answers-old-profile (the answer shows the profile before the update).
    const before = ctx.app.fault('channels.profile.answers-old-profile') ? { ...(channel.profile ?? emptyProfile()) } : null;
    const profile: ChannelProfile = ctx.app.fault('channels.profile.replaces-whole') ? emptyProfile() : (channel.profile ?? emptyProfile());
    for (const key of profileKeys) {
      const value = body[key] as string | null | undefined;
      if (value === undefined) continue;
      // Fault: channels.profile.null-ignored (clearing values leave the field as it was).
      if ((value === null || value === '') && ctx.app.fault('channels.profile.null-ignored')) continue;
      // null and "" both clear (section 4); a cleared field reads back null.
      profile[key] = value === null || value === '' ? null : value;
    }
    channel.profile = profile;
    if (before) return ok({ ...channelView(channel), profile: before });
    return ok(channelView(channel));
  }, either);
}
