// Control API simulations: validated here (400/404), carried out by reference/messaging/simulate.ts.
import type { App } from '../server/app.js';
import { httpError } from '../server/errors.js';
import * as simulate from '../messaging/simulate.js';
import { created, ok } from '../server/reply.js';
import type { Ctx, Reply } from '../server/types.js';
import type { Org } from '../store/types.js';
import { controlBody, controlOrg, type Body } from './check.js';

type Simulation = (app: App, org: Org, body: Body) => unknown;

const opts = { auth: 'none', version: 'control' } as const;

interface Spec {
  path: string;
  fn: Simulation;
  allowed: string[];
  required: string[];
  status: 200 | 201;
}

const specs: Spec[] = [
  { path: 'inbound/messages', fn: simulate.inboundMessage, allowed: ['channel_id', 'sender', 'text', 'attachments', 'protocol', 'read_receipts', 'group'], required: ['channel_id', 'sender'], status: 201 },
  { path: 'inbound/reactions', fn: simulate.inboundReaction, allowed: ['message_id', 'reaction', 'action', 'sender'], required: ['message_id', 'reaction', 'action', 'sender'], status: 200 },
  { path: 'inbound/typing', fn: simulate.inboundTyping, allowed: ['chat_id', 'state', 'sender'], required: ['chat_id', 'state'], status: 200 },
  { path: 'inbound/polls', fn: simulate.inboundPoll, allowed: ['chat_id', 'sender', 'title', 'options', 'origin'], required: ['chat_id', 'sender', 'title', 'options'], status: 201 },
  { path: 'inbound/poll-votes', fn: simulate.inboundPollVote, allowed: ['poll_id', 'voter', 'voted_options'], required: ['poll_id', 'voter', 'voted_options'], status: 200 },
  { path: 'inbound/group-changes', fn: simulate.groupChange, allowed: ['group_id', 'name', 'icon_url'], required: ['group_id'], status: 200 },
  { path: 'inbound/contact-shares', fn: simulate.contactShare, allowed: ['channel_id', 'address', 'display_name', 'first_name', 'last_name', 'avatar_url', 'is_pending'], required: ['channel_id', 'address'], status: 200 },
  { path: 'amb/opt-ins', fn: simulate.ambOptIn, allowed: ['channel_id', 'customer_id'], required: ['channel_id', 'customer_id'], status: 201 },
  { path: 'amb/invitations', fn: simulate.ambInvitation, allowed: ['text'], required: ['text'], status: 201 },
];

export function registerSimulationRoutes(app: App): void {
  for (const spec of specs) {
    app.route('POST', `/__control/organizations/:organizationId/${spec.path}`, async (ctx: Ctx): Promise<Reply> => {
      const org = controlOrg(ctx);
      const body: Body = controlBody(ctx, spec.allowed, spec.required);
      const data = spec.fn(app, org, body);
      return spec.status === 201 ? created(data) : ok(data);
    }, opts);
  }

  app.route('GET', '/__control/organizations/:organizationId/messages', async (ctx) => {
    const org = controlOrg(ctx);
    return ok(simulate.listSentMessages(app, org, ctx.query.get('idempotency_key')));
  }, opts);

  app.route('POST', '/__control/organizations/:organizationId/messages/:messageId/status', async (ctx) => {
    const org = controlOrg(ctx);
    const body = controlBody(ctx, ['status', 'error_code', 'error_message'], ['status']);
    if (!['sent', 'delivered', 'failed', 'read'].includes(body.status as string)) throw httpError(400, 'bad_request', 'status must be sent, delivered, failed or read');
    return ok(simulate.driveMessageStatus(app, org, ctx.params.messageId ?? '', body));
  }, opts);
}
