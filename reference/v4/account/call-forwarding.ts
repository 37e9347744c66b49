// POST /me/numbers/{number}/call-forwarding: opens a support request to forward a line's calls.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { httpError, validation } from '../../server/errors.js';
import { ok } from '../../server/reply.js';
import type { Ctx } from '../../server/types.js';
import { objectBody } from '../../server/validate.js';
import { newId } from '../../store/ids.js';
import type { ChannelRecord } from '../../store/types.js';
import { either } from '../options.js';

/** US E.164: plus, 1, a digit 2-9, nine more digits. */
export const usE164 = /^\+1[2-9][0-9]{9}$/;

/** The source must be a dedicated or inbound native line the caller owns (an app token acts for the organization). */
function forwardingSource(ctx: Ctx): ChannelRecord {
  const org = orgOf(ctx);
  const channel = org.channelsByAddress.get(ctx.params.number ?? '');
  const anyKeysLine = ctx.app.fault('account.call-forwarding.foreign-source');
  const owned = channel !== undefined && (ctx.apiKey === null || channel.ownerKeyId === ctx.apiKey.id || anyKeysLine);
  if (!channel || !owned) throw httpError(403, 'number_not_owned', 'The source number is not a line owned by this key');
  const allowed = channel.type === 'native' && (channel.plan === 'dedicated' || channel.plan === 'inbound');
  if (!allowed && !ctx.app.fault('account.call-forwarding.any-source')) {
    throw httpError(ctx.app.variant.forwardingRefusal422 ? 422 : 403, 'call_forwarding_not_allowed', 'Only dedicated or inbound native numbers can forward calls', { line_type: channel.plan });
  }
  return channel;
}

export function registerCallForwardingRoutes(app: App): void {
  app.route('POST', '/v4/me/numbers/:number/call-forwarding', (ctx) => {
    const body = objectBody(ctx.body);
    const forwardTo = body.forward_to;
    const pattern = ctx.app.fault('account.call-forwarding.any-country') ? /^\+[1-9][0-9]{1,14}$/ : usE164;
    const unchecked = ctx.app.fault('account.call-forwarding.forward-to-unchecked');
    if (!unchecked && (typeof forwardTo !== 'string' || !pattern.test(forwardTo))) {
      throw validation('forward_to must be a US E.164 number (+1, a digit 2-9, nine more digits)', { field: 'forward_to' });
    }
    const source = forwardingSource(ctx);
    const org = orgOf(ctx);
    const request = { id: newId('req'), channelId: source.id, forwardTo: String(forwardTo), createdAt: org.now() };
    org.callForwarding.push(request);
    return ok({ request_id: request.id, phone_number: source.address, channel_id: source.id, forward_to: request.forwardTo, status: 'open', created_at: request.createdAt });
  }, either);
}
