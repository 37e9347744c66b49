// The id that owns per-caller state (priorities, idempotency scopes): the API key id, or the app token id.
import type { Ctx } from './types.js';

export function callerId(ctx: Pick<Ctx, 'caller'>): string {
  switch (ctx.caller.kind) {
    case 'apiKey':
      return ctx.caller.key.id;
    case 'appToken':
      return ctx.caller.token.id;
    default:
      return 'anonymous';
  }
}

/** The organization of an authenticated route (never undefined there). */
export function orgOf(ctx: Pick<Ctx, 'org'>) {
  if (!ctx.org) throw new Error('route has no organization: was it registered with auth "none"?');
  return ctx.org;
}
