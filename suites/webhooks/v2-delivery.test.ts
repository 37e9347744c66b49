// What v2 subscriptions receive (description sections 6 and 9): the flat body with the base fields and the
// fields of each event type, filtered by webhook_type (message events to `message` or `all`, poll events to
// `poll` or `all`, typing, group and contact events to `all` only). Three subscriptions (message, poll,
// all) receive the events of every trigger once; then a last message and a last poll arrive at each, and
// after a short grace whatever a subscription should not have received would have arrived too.
// `contact.merged` is judged in v2-group-events.test.ts (it reaches v2 `all` subscriptions, AMBIGUITIES v2 9); here
// only what holds of every delivery is judged on it (its signature, the flat body rather than the envelope, and
// that it reaches `all` only): it is the one delivery a target without simulations can be made to send.
// What a `status` subscription receives is not shown: not checked. The creation row lists `message`, `status`
// and `all` but not `poll` (spec/AMBIGUITIES.md v2 1): a target that refuses a `poll` subscription is judged
// on the other two, and what reaches `poll` subscriptions is then not verifiable.
import { check, isNothingArrived, type Fixtures, type Need } from '../../harness/check/index.js';
import { describedEventTypes, webhookPayloadProblems } from '../../harness/checks/webhook-payload.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { fail, isEpochMillis } from '../_shared/common.js';
import { isNotVerifiable } from '../../harness/fixtures/not-verifiable.js';
import { inbound, messagingTriggers, poll, triggerOffered } from '../_shared/events.js';
import { arrivedOf, collect, describeMissing, settleUnmade, shared, type Collection } from '../_shared/event-scenario.js';
import { bodyOf, describeDelivery, eventTypeOf, expectSignedWith, useHooks, type Hooks, type Subscription } from '../_shared/webhooks.js';
import { fieldChecks, type JudgedDeliveries } from './field-checks.js';

const area = 'webhooks';
const hooksOf = useHooks();
/** What every check of the file needs; each judges the events the target could be made to emit, the others not verifiable. */
const needs: Need[] = ['v2'];

/** The event types with a flat body the suite judges (contact.merged excluded, see above), and their shape clause. */
const shapeClauses = {
  'message.received': 'events.message-received.shape',
  'message.sent': 'events.message-sent.shape',
  'message.delivered': 'events.message-delivered.shape',
  'message.failed': 'events.message-failed.shape',
  'message.read': 'events.message-read.shape',
  'message.reaction': 'events.message-reaction.shape',
  'typing.started': 'events.typing-started.shape',
  'typing.stopped': 'events.typing-stopped.shape',
  'poll.received': 'events.poll-received.shape',
  'poll.created': 'events.poll-created.shape',
  'poll.voted': 'events.poll-voted.shape',
  'group.name_changed': 'events.group-name-changed.shape',
  'group.icon_changed': 'events.group-icon-changed.shape',
  'contact.shared': 'events.contact-shared.shape',
} as const;
type FlatType = keyof typeof shapeClauses;
/** What only the customer's device makes happen, per event type: the control operations its trigger cannot do without (declared, so that `mcs coverage --needs` counts what a run finds). */
const deviceOnly: Partial<Record<string, Need[]>> = {
  'message.received': ['simulateInboundMessage'],
  'typing.started': ['simulateInboundMessage', 'simulateTyping'],
  'typing.stopped': ['simulateInboundMessage', 'simulateTyping'],
  'poll.received': ['simulateInboundMessage', 'simulatePoll'],
  'poll.created': ['simulateInboundMessage', 'simulatePoll'],
  'poll.voted': ['simulateInboundMessage', 'simulatePoll', 'simulatePollVote'],
  'group.name_changed': ['simulateGroupChange'],
  'group.icon_changed': ['simulateGroupChange'],
  'contact.shared': ['simulateContactShare'],
  // A read and a reaction follow a customer's first message (suites/_shared/events.ts outbound); a sent,
  // delivered or failed status may be of a message the business wrote first, which its carrier reports.
  'message.failed': ['failed-status'],
  'message.read': ['simulateInboundMessage'],
  'message.reaction': ['simulateInboundMessage'],
  typing: ['simulateInboundMessage', 'simulateTyping'],
  poll: ['simulateInboundMessage', 'simulatePoll'],
  group: ['simulateGroupChange'],
};
const flatTypes = Object.keys(shapeClauses) as FlatType[];
/** The v2 routing clause of each family. */
const routingClauses = {
  message: 'events.routing.v2-message-events',
  poll: 'events.routing.v2-poll-events',
  typing: 'events.routing.v2-typing-events-all-only',
  group: 'events.routing.v2-group-events-all-only',
  contact: 'events.routing.v2-contact-events-all-only',
} as const;
const family = (type: string) => type.split('.')[0] ?? type;
const typeFamily = family;
const webhookTypes = ['message', 'poll', 'all'] as const;
type WebhookType = (typeof webhookTypes)[number];
/** Which subscription types must receive each family (section 6). */
const receivers: Record<string, readonly WebhookType[]> = { message: ['message', 'all'], poll: ['poll', 'all'], typing: ['all'], group: ['all'], contact: ['all'] };

interface Received extends Collection {
  sub: Subscription;
  untriggered: Map<string, string>;
  broken: Map<string, unknown>;
}

const scenario = shared(async (t) => {
  const fx = await t.fixtures();
  const hooks = await hooksOf(t);
  const subs: Partial<Record<WebhookType, Subscription>> = {};
  for (const type of webhookTypes) subs[type] = type === 'poll' ? await hooks.subscribeV2IfTaken(fx.v2(), type) : await hooks.subscribeV2(fx.v2(), type);
  const { triggered, untriggered, broken } = await triggerOffered(fx, Object.fromEntries(flatTypes.map((type) => [type, messagingTriggers[type] ?? fail(`no trigger for ${type}`, 'a trigger', 'none')])), t.run.claims);
  const received: Partial<Record<WebhookType, Received>> = {};
  for (const type of webhookTypes) {
    const sub = subs[type];
    if (sub === undefined) continue;
    const wanted = new Map([...triggered].filter(([event]) => receivers[family(event)]?.includes(type)));
    received[type] = { sub, untriggered, broken, ...(await collect(hooks, sub, wanted)) };
  }
  // A status left to the target's carrier that reached no subscription was not made; one that reached some was.
  await settleUnmade(hooks, Object.values(received), triggered, untriggered);
  const all = received.all ?? fail('unreachable: the v2 `all` subscription was made', 'a subscription', 'none');
  // The merge is the one trigger the public API offers, so a target without simulations still has a delivery
  // to judge. Its flat payload is not shown beyond `event` (AMBIGUITIES v2 9): no shape check sees it, and where
  // it never arrives the routing check of v2-group-events.test.ts judges that.
  const merge = await triggerOffered(fx, { 'contact.merged': messagingTriggers['contact.merged'] ?? fail('no trigger for contact.merged', 'a trigger', 'none') });
  const merged = (await collect(hooks, all.sub, merge.triggered)).arrived.get('contact.merged') ?? [];
  await lastOnes(hooks, subs, fx);
  return { hooks, received, untriggered, broken, all, merged, triggered, merge: merge.triggered.get('contact.merged') };
});

/** A last message and a last poll, awaited where they go: earlier deliveries have had their chance. */
async function lastOnes(hooks: Hooks, subs: Partial<Record<WebhookType, Subscription>>, fx: Fixtures): Promise<void> {
  let message: { message_id: string };
  let pollId: string;
  try {
    message = await inbound(fx, { protocol: 'imessage', text: 'last one' });
    ({ pollId } = await poll(fx, 'received'));
  } catch (error) {
    // Without the simulations, only the grace lets misrouted deliveries arrive.
    if (!isNotVerifiable(error)) throw error;
    await hooks.settle(Promise.resolve());
    return;
  }
  const isMessage = (d: Delivery) => bodyOf(d).message_id === message.message_id;
  const isPoll = (d: Delivery) => bodyOf(d).poll_id === pollId;
  const waits: [Subscription | undefined, string, (d: Delivery) => boolean][] = [
    [subs.message, 'message.received', isMessage],
    [subs.all, 'message.received', isMessage],
    [subs.all, 'poll.received', isPoll],
    [subs.poll, 'poll.received', isPoll],
  ];
  // Sentinels only (their fields are the field checks' to judge): one that never comes leaves the grace as it is.
  const sentinels = waits.flatMap(([sub, type, matches]) => (sub === undefined ? [] : [hooks.waitForEvent(sub, type, matches, { judge: false })]));
  await hooks.settle(
    Promise.all(sentinels).catch((error: unknown) => {
      if (!isNothingArrived(error)) throw error;
    }),
  );
}

const slug = (type: string) => type.replace(/[._]/g, '-');
// Every type the v2 spec describes is judged here except contact.merged (see above).
const undescribed = describedEventTypes('v2').filter((type) => type !== 'contact.merged' && !(type in shapeClauses));
if (undescribed.length > 0) throw new Error(`v2 event types without a shape check: ${undescribed.join(', ')}`);

for (const type of flatTypes) {
  check(
    {
      area,
      name: `flat-${slug(type)}-shape`,
      title: `a v2 \`all\` subscription receives ${type} as the flat body with its own fields (section 6)`,
      clauses: [shapeClauses[type]],
      needs: [...needs, ...(deviceOnly[type] ?? [])],
    },
    async (t) => {
      // Fault: events.v2.extra-fields-missing.
      const { all, untriggered, broken, hooks, triggered } = await scenario(t);
      const unmade = untriggered.get(type);
      if (unmade !== undefined) t.notVerifiable(`${type} could not be triggered: ${unmade}`);
      // Its trigger failed on a step of another clause: that step's failure (attributed to its clause).
      if (broken.has(type)) throw broken.get(type);
      const deliveries = all.arrived.get(type) ?? [];
      if (deliveries.length === 0) fail(`no ${type} delivery reached the v2 \`all\` subscription`, `a ${type} delivery`, describeMissing(hooks, all.sub, [type], triggered));
      for (const delivery of deliveries) {
        const problems = webhookPayloadProblems('v2', type, bodyOf(delivery));
        if (problems.length > 0) fail(`the ${type} flat body does not have the fields section 6 gives it`, 'the base fields and the fields of the event type', `${problems.join('; ')} — ${describeDelivery(delivery)}`);
      }
    },
  );
}

/**
 * The deliveries to `judged` to look at: the merge's (when it reached the `all` subscription) and then, unless
 * it is all the target could be made to send, every other that arrived (arrivedOf: a loss is not verifiable).
 */
function* withTheMerge(judged: Received, merged: readonly Delivery[]): Generator<[string, Delivery]> {
  for (const delivery of merged) yield ['contact.merged', delivery];
  const nothingElse = judged.arrived.size === 0 && judged.missing.length === 0;
  if (nothingElse && merged.length > 0) return;
  yield* arrivedOf(judged);
}

/** Whether a body is the v4 envelope {id: evt_..., type, created_at, organization_id, data}. */
const isEnvelope = (body: Record<string, unknown>) => 'organization_id' in body && typeof body.id === 'string' && body.id.startsWith('evt_');

check(
  {
    area,
    name: 'v2-bodies-follow-the-registration',
    title: 'every delivery to a subscription registered through v2, contact.merged included, is a flat body naming its event, not the v4 envelope',
    clauses: ['versioning.webhooks.body-follows-registration', 'versioning.v2.flat-errors-and-webhooks'],
    needs,
  },
  async (t) => {
    // Fault: events.v2.gets-v4-envelope.
    const { all, merged } = await scenario(t);
    for (const [type, delivery] of withTheMerge(all, merged)) {
      const body = bodyOf(delivery);
      if (body.event !== type || isEnvelope(body)) {
        fail(`the ${type} delivery to a v2 subscription is not the flat body`, `a flat body with event "${type}", not the v4 envelope`, describeDelivery(delivery));
      }
    }
  },
);

check(
  {
    area,
    name: 'v2-subscriptions-receive-the-flat-body',
    title: 'a subscription registered through v2 receives the flat body {event, message_id, ...} with timestamp in ms, not the v4 envelope',
    clauses: ['events.envelope.v2-flat-shape'],
    // Judged on the message events the target could be made to emit (contact.merged has no flat shape judged here).
    needs,
  },
  async (t) => {
    // Fault: events.v2.gets-v4-envelope.
    const { all } = await scenario(t);
    for (const [type, delivery] of arrivedOf(all)) {
      const body = bodyOf(delivery);
      const problems: string[] = [];
      if (body.event !== type) problems.push(`event is ${JSON.stringify(body.event)}`);
      if (typeof body.message_id !== 'string') problems.push('no message_id');
      if (!isEpochMillis(body.timestamp)) problems.push(`timestamp ${JSON.stringify(body.timestamp)} is not epoch ms`);
      if (isEnvelope(body)) problems.push('it is the v4 envelope');
      if (problems.length > 0) fail(`the ${type} delivery to a v2 subscription is not the flat body`, '{event, message_id, chat_id, data, ...base fields, timestamp: <epoch ms>}', `${problems.join('; ')} — ${describeDelivery(delivery)}`);
    }
  },
);

check(
  {
    area,
    name: 'flat-base-fields',
    title: 'every flat body carries event, message_id, external_id, protocol (imessage|sms|rcs|non-imessage), timestamp (ms) and internal_id',
    clauses: ['events.flat.base-fields'],
    // Judged on the message events the target could be made to emit (contact.merged has no flat shape judged here).
    needs,
  },
  async (t) => {
    // Fault: events.v2.no-base-fields.
    const { all } = await scenario(t);
    for (const [type, delivery] of arrivedOf(all)) {
      const body = bodyOf(delivery);
      const problems: string[] = [];
      for (const field of ['event', 'message_id', 'external_id']) if (typeof body[field] !== 'string') problems.push(`${field} is not a string`);
      if (!['imessage', 'sms', 'rcs', 'non-imessage'].includes(String(body.protocol))) problems.push(`protocol is ${JSON.stringify(body.protocol)}`);
      if (!isEpochMillis(body.timestamp)) problems.push(`timestamp ${JSON.stringify(body.timestamp)} is not epoch ms`);
      const internalOk = typeof body.internal_id === 'string' || (type === 'contact.shared' && body.internal_id === null);
      if (!internalOk) problems.push(`internal_id is ${JSON.stringify(body.internal_id)}`);
      if (problems.length > 0) fail(`the ${type} flat body lacks base fields`, 'event, message_id, external_id, protocol, timestamp, internal_id', `${problems.join('; ')} — ${describeDelivery(delivery)}`);
    }
  },
);

check(
  {
    area,
    name: 'message-received-1to1-has-no-group-fields',
    title: 'a 1:1 message.received flat body has is_group false and group_id, group_name, participants null or absent',
    clauses: ['events.message-received.group-fields-absent-for-1to1'],
    needs: [...needs, 'simulateInboundMessage'],
  },
  async (t) => {
    // Fault: events.v2.group-fields-on-1to1.
    const { all, untriggered } = await scenario(t);
    const unmade = untriggered.get('message.received');
    if (unmade !== undefined) t.notVerifiable(`message.received could not be triggered: ${unmade}`);
    const deliveries = all.arrived.get('message.received') ?? [];
    if (deliveries.length === 0) fail('no message.received delivery reached the v2 `all` subscription', 'a message.received delivery', 'none');
    for (const delivery of deliveries) {
      const body = bodyOf(delivery);
      const present = ['group_id', 'group_name', 'participants'].filter((field) => body[field] !== undefined && body[field] !== null);
      if (body.is_group !== false || present.length > 0) fail('the 1:1 message.received carries group fields', 'is_group false; group_id, group_name, participants null or absent', `is_group ${JSON.stringify(body.is_group)}; set: ${present.join(', ') || 'none'}`);
    }
  },
);

/** The routing of one family: every event of it reached `to`, none reached the other subscriptions. */
function routing(family: keyof typeof routingClauses): void {
  const to = receivers[family] ?? [];
  check(
    {
      area,
      name: `v2-${family}-events-reach-${to.join('-and-')}-only`,
      title: `${family} events reach v2 subscriptions of webhook_type ${to.map((w) => `\`${w}\``).join(' or ')} only`,
      clauses: [routingClauses[family]],
      needs: [...needs, ...(deviceOnly[family] ?? [])],
    },
    async (t) => {
      // Fault: events.v2.filter-ignored (the negative half; a lost event fails the positive half).
      const { hooks, received, triggered, untriggered, broken, merged } = await scenario(t);
      // Judged on the family's events the target could be made to emit: contact.merged is a contact event too
      // (AMBIGUITIES v2 9), and where no customer can write in, a message's sent and delivered statuses remain.
      const failedStep = [...broken].find(([type]) => family === typeFamily(type));
      if (failedStep !== undefined) throw failedStep[1];
      const made = [...triggered.keys()].some((type) => family === typeFamily(type) && !untriggered.has(type)) || (family === 'contact' && merged.length > 0);
      const unmade = [...untriggered].find(([type]) => family === typeFamily(type));
      if (!made) t.notVerifiable(unmade === undefined ? `no ${family} event could be triggered` : `${unmade[0]} could not be triggered: ${unmade[1]}`);
      for (const webhookType of webhookTypes) {
        const judged = received[webhookType];
        if (judged === undefined) continue;
        const { sub, missing } = judged;
        const ofFamily = (d: Delivery) => (eventTypeOf(d) ?? '').startsWith(`${family}.`);
        if (to.includes(webhookType)) {
          const lost = missing.filter((type) => type.startsWith(`${family}.`));
          if (lost.length > 0) fail(`a v2 \`${webhookType}\` subscription did not receive ${lost.join(', ')}`, `every ${family} event`, describeMissing(hooks, sub, lost, triggered));
        } else {
          const wrong = hooks.deliveriesTo(sub).filter(ofFamily);
          if (wrong.length > 0) fail(`a v2 \`${webhookType}\` subscription received ${family} events`, `no ${family} event (they go to ${to.join(' or ')} only)`, describeDelivery(wrong[0] as Delivery));
        }
      }
      if (received.poll === undefined && to.includes('poll')) t.notVerifiable('the target refused a v2 `poll` subscription (the creation row does not list poll), so what reaches poll subscriptions cannot be observed');
    },
  );
}

routing('message');
routing('poll');
routing('typing');
routing('group');
routing('contact');

check(
  {
    area,
    name: 'v2-deliveries-verify-with-their-secret',
    title: "every delivery to a v2 subscription verifies with that subscription's signing_secret over the raw body",
    clauses: ['webhooks.signature.hmac-over-t-and-raw-body', 'events.header.signature'],
    needs,
  },
  async (t) => {
    // Faults: events.signing.wrong-secret, events.signing.body-only-mac, events.signing.body-changed-after-signing.
    const { received, all, merged } = await scenario(t);
    for (const delivery of merged) expectSignedWith(delivery, all.sub.secret, 'the contact.merged delivery to the v2 `all` subscription');
    for (const webhookType of webhookTypes) {
      const judged = received[webhookType];
      if (judged === undefined) continue;
      // With the merge's delivery judged, a target that could be made to emit nothing else has still been judged.
      const nothingElse = judged.arrived.size === 0 && judged.missing.length === 0;
      if (nothingElse && merged.length > 0) continue;
      for (const [type, delivery] of arrivedOf(judged)) expectSignedWith(delivery, judged.sub.secret, `the ${type} delivery to the v2 \`${webhookType}\` subscription`);
    }
  },
);

/**
 * The oracle's checks (harness/oracle, spec/fields/events.yaml): every field of every flat body and every header
 * of every delivery to the v2 subscriptions, judged against the action that caused it, one check per clause.
 */
fieldChecks({
  area,
  api: 'v2',
  needs,
  judged: async (t): Promise<JudgedDeliveries> => {
    const { received, all, merged, merge, triggered, untriggered } = await scenario(t);
    const deliveries: JudgedDeliveries['deliveries'] = [];
    for (const delivery of merged) deliveries.push(['contact.merged', delivery, all.sub]);
    const missing = new Set<string>();
    for (const judged of Object.values(received)) {
      if (judged === undefined) continue;
      for (const [type, arrived] of judged.arrived) for (const delivery of arrived) deliveries.push([type, delivery, judged.sub]);
      for (const type of judged.missing) missing.add(type);
    }
    const actions = new Map([...triggered].map(([type, made]) => [type, made.action]));
    if (merge?.action !== undefined) actions.set('contact.merged', merge.action);
    return { deliveries, actions, missing: [...missing], untriggered };
  },
});
