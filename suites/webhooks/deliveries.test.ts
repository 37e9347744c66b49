// Past deliveries (description sections 4 and 6): GET /webhooks/{webhookId}/deliveries lists them for
// inspection and replay, GET /webhooks/{webhookId}/logs gives the delivery logs of a v2-registered webhook,
// and a replayed delivery carries X-Service-Replay: true and X-Original-Event-Id. Item fields of both lists
// are not shown: a delivery is found by the event or message id it mentions. The replay endpoint is not in
// the description: the replay check runs only when MCS_WEBHOOK_REPLAY_PATH names the target's.
import { check, path, type ApiClient, type ApiResponse, type Fixtures } from '../../harness/check/index.js';
import { replayPathTemplate } from '../../harness/webhooks-fixture.js';
import { fail, isRecord, mentions, shown } from '../_shared/common.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { concerns, inbound, messagingTriggers } from '../_shared/events.js';
import { assertWalksLikeOnePage } from '../_shared/pages.js';
import { bodyOf, expectSignedWith, headerOf, idOf, isCopyOf, useHooks, type Hooks, type Subscription } from '../_shared/webhooks.js';

const area = 'webhooks';
const hooksOf = useHooks();

/** Polls a list (bounded by the delivery timeout) until an item satisfies `found`: logs may be written after the delivery. */
async function listUntil(hooks: Hooks, client: ApiClient, listPath: string, found: (item: unknown) => boolean): Promise<{ response: ApiResponse; item: unknown }> {
  const deadline = Date.now() + hooks.timeoutMs;
  for (;;) {
    const response = await client.get(listPath);
    const items = response.status === 200 && isRecord(response.body) && Array.isArray(response.body.data) ? response.body.data : [];
    const item = items.find(found);
    if (item !== undefined || response.status !== 200 || Date.now() > deadline) return { response, item };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A delivery the subscription had not received yet, and the message it concerns if any: a customer's message
 * where the target can be made to send one (simulateInboundMessage), else a merge of two contacts through the
 * public API, whose contact.merged reaches v4 and v2 \`all\` subscriptions. Its payload is not shown, so in an
 * organization others share any contact.merged the subscription had not had is taken (the lists are judged on
 * the delivery that arrived, whichever merge made it).
 */
async function aDelivery(fx: Fixtures, hooks: Hooks, sub: Subscription, seen: Set<Delivery>): Promise<{ delivery: Delivery; messageId?: string }> {
  const fresh = (delivery: Delivery) => !seen.has(delivery) && (seen.add(delivery), true);
  if (fx.controlOffers('simulateInboundMessage')) {
    const sent = await inbound(fx, { protocol: 'imessage' });
    const matches = concerns({ messageId: sent.message_id, eventIds: [] });
    return { delivery: await hooks.waitForEvent(sub, 'message.received', (d) => matches(d) && fresh(d)), messageId: sent.message_id };
  }
  await messagingTriggers['contact.merged']?.(fx);
  return { delivery: await hooks.waitForEvent(sub, 'contact.merged', fresh) };
}

check(
  {
    area,
    name: 'deliveries-list-the-delivery',
    title: 'GET /webhooks/{webhookId}/deliveries lists a delivery the subscription received',
    clauses: ['webhooks.v4.deliveries-list'],
  },
  async (t) => {
    // Fault: events.deliveries.list-empty.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    const { delivery, messageId } = await aDelivery(fx, hooks, sub, new Set());
    const eventId = bodyOf(delivery).id;
    const { response, item } = await listUntil(hooks, fx.v4(), path`/webhooks/${idOf(t, sub)}/deliveries`, (i) => mentions(i, String(eventId)) || (messageId !== undefined && mentions(i, messageId)));
    t.expect.hasStatus(response, 200);
    if (item === undefined) fail('the deliveries list does not show the delivery made', `an entry naming event ${String(eventId)}${messageId === undefined ? '' : ` or message ${messageId}`}`, shown(response));
  },
);

// Fault: events.deliveries.page-skips.
check(
  {
    area,
    name: 'deliveries-walk-yields-each-delivery-once',
    title: "for any limit, walking a subscription's GET /webhooks/{webhookId}/deliveries yields the deliveries one page lists, each once",
    clauses: ['webhooks.v4.deliveries-list', 'envelope.list.cursor-page'],
    needs: ['delivery-of-its-own'],
  },
  async (t) => {
    // The walk is judged over a list that holds still: without a customer's message of its own, its merges are
    // made in an organization of its own (in one others share, their merges would move the list).
    const shared = await t.fixtures();
    const fx = shared.controlOffers('simulateInboundMessage') ? shared : await t.freshOrganization();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    const seen = new Set<Delivery>();
    for (let i = 0; i < 3; i++) await aDelivery(fx, hooks, sub, seen);
    // Item fields are not shown: an item is its whole JSON, judged over a list that held still around the walk
    // (a delivery's record may change as it is retried, or more events may arrive).
    await assertWalksLikeOnePage(t, fx.v4(), path`/webhooks/${idOf(t, sub)}/deliveries`, {}, { maxLimit: 4, numRuns: 3, made: 'after three deliveries arrived' });
  },
);

check(
  {
    area,
    name: 'logs-of-a-v2-webhook',
    title: 'GET /webhooks/{webhookId}/logs gives the delivery logs of a webhook registered through v2',
    clauses: ['webhooks.v4.logs-for-v2'],
    needs: ['v2'],
  },
  async (t) => {
    // Fault: events.logs.list-empty.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV2(fx.v2(), 'all');
    await aDelivery(fx, hooks, sub, new Set());
    // Log fields are not shown: any entry after a delivery was made is the log of it.
    const { response, item } = await listUntil(hooks, fx.v4(), path`/webhooks/${idOf(t, sub)}/logs`, () => true);
    t.expect.hasStatus(response, 200);
    if (item === undefined) fail('the logs of the v2 webhook are empty after a delivery', 'a log entry', shown(response));
  },
);

check(
  {
    area,
    name: 'replay-carries-the-replay-headers',
    title: 'a replayed delivery carries X-Service-Replay: true and X-Original-Event-Id (the original event id), and verifies',
    clauses: ['events.header.replay-true', 'events.header.original-event-id'],
    needs: ['setting:webhook_replay_path'],
  },
  async (t) => {
    // Faults: events.replay.no-replay-header, events.replay.no-original-event-id (with MCS_WEBHOOK_REPLAY_PATH set).
    const template = replayPathTemplate(t.targetSetting('webhook_replay_path'));
    if (template === undefined) return t.notVerifiable('the replay endpoint is not in the description; set MCS_WEBHOOK_REPLAY_PATH (e.g. /webhooks/{webhookId}/deliveries/{deliveryId}/replay) to check replays');
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    const webhookId = idOf(t, sub);
    // A customer's message where the target can simulate one, else a merge through the public API. In an
    // organization others share, another check's merge may be the delivery replayed: any one serves.
    const { type, triggered } = fx.controlOffers('simulateInboundMessage')
      ? { type: 'message.received', triggered: { messageId: (await inbound(fx, { protocol: 'imessage' })).message_id, eventIds: [] } }
      : { type: 'contact.merged', triggered: await messagingTriggers['contact.merged']!(fx) };
    const first = await hooks.waitForEvent(sub, type, concerns(triggered));
    const eventId = String(bodyOf(first).id);
    const { item } = await listUntil(hooks, fx.v4(), path`/webhooks/${webhookId}/deliveries`, (i) => mentions(i, eventId));
    const deliveryId = isRecord(item) ? Object.values(item).find((v): v is string => typeof v === 'string' && v.startsWith('wdel_')) : undefined;
    if (deliveryId === undefined) return t.notVerifiable('the deliveries list names no wdel_ id for the delivery, so it cannot be replayed');
    const replayPath = template.replace('{webhookId}', encodeURIComponent(webhookId)).replace('{deliveryId}', encodeURIComponent(deliveryId));
    const asked = await fx.v4().post(replayPath);
    if (asked.status < 200 || asked.status > 299) fail('the replay was refused', 'a 2xx', shown(asked));
    // Delivery is at least once (variant duplicate-deliveries): a second copy of the first delivery is not the
    // replay. Another merge's delivery is not either: the replay names the event, in its body or its header.
    const namesTheEvent = (d: Delivery) => bodyOf(d).id === eventId || headerOf(d, 'x-original-event-id') === eventId || headerOf(d, 'x-service-replay') !== undefined;
    const replayed = await hooks.waitForEvent(sub, type, (d) => d.seq > first.seq && concerns(triggered)(d) && (type === 'message.received' || namesTheEvent(d)) && !isCopyOf(d, first), { replay: true });
    const replay = headerOf(replayed, 'x-service-replay');
    const original = headerOf(replayed, 'x-original-event-id');
    if (replay?.toLowerCase() !== 'true') fail('the replayed delivery lacks X-Service-Replay: true', 'X-Service-Replay: true', `X-Service-Replay: ${replay ?? '(none)'}`);
    if (original !== eventId) fail('the replayed delivery does not name the original event in X-Original-Event-Id', `X-Original-Event-Id: ${eventId}`, `X-Original-Event-Id: ${original ?? '(none)'}`);
    expectSignedWith(replayed, sub.secret, 'the replayed delivery');
  },
);
