// What a v4 subscription receives (description sections 5, 6 and 9.3): every event type, each as an HTTP
// POST of the envelope {id (evt_), type, created_at (ms), organization_id, data} with the X-Service-*
// headers, signed with the secret shown at creation over the exact bytes. One subscription receives the
// events of every trigger once (the file's scenario); each check judges one behaviour over all of them.
import { check, type Need } from '../../harness/check/index.js';
import { webhookPayloadProblems } from '../../harness/checks/webhook-payload.js';
import { fail, isRecord } from '../_shared/common.js';
import { concerns, inbound, messagingTriggers, triggerOffered, triggerOfferedNumberEvents, type Triggered } from '../_shared/events.js';
import { arrivedOf, collect, describeMissing, settleUnmade, shared, type Collected } from '../_shared/event-scenario.js';
import { bodyOf, describeDelivery, expectSignedWith, headerOf, useHooks, warnIfStale } from '../_shared/webhooks.js';
import { fieldChecks, type JudgedDeliveries } from './field-checks.js';

const area = 'webhooks';
const hooksOf = useHooks();
/**
 * What the file's scenario uses to make every event type happen. The checks of the deliveries' form judge
 * whatever the target could be made to emit (the merge needs only the public API).
 */
const needs: Need[] = [];
const everyTrigger: Need[] = ['createFixtureChannel', 'driveMessageStatus', 'drivePurchase', 'setPlanFacts', 'simulateContactShare', 'simulateGroupChange', 'simulateInboundMessage', 'simulatePoll', 'simulatePollVote', 'simulateReaction', 'simulateTyping', 'channel:native-dedicated'];

/**
 * The file's scenario: one v4 subscription, every trigger the target offers. A trigger's step of another clause or
 * of an optional feature (a purchase, a removal, a merge, a reply) runs as a prerequisite: where it fails, its type
 * is broken (the routing check fails on that step's clause) and the other checks judge what the rest made. A
 * feature the target does not claim (number purchasing) is not triggered.
 */
const scenario = shared(async (t): Promise<Collected> => {
  const fx = await t.fixtures();
  const hooks = await hooksOf(t);
  const sub = await hooks.subscribeV4(fx.v4());
  const { triggered, untriggered, broken } = await triggerOffered(fx, messagingTriggers, t.run.claims);
  const numbers = await triggerOfferedNumberEvents(fx, t.run.claims);
  for (const [type, done] of numbers.triggered) triggered.set(type, done);
  for (const [type, reason] of numbers.untriggered) untriggered.set(type, reason);
  for (const [type, failure] of numbers.broken) broken.set(type, failure);
  const collected = { sub, ...(await collect(hooks, sub, triggered)) };
  await settleUnmade(hooks, [collected], triggered, untriggered);
  for (const type of untriggered.keys()) triggered.delete(type);
  return { fx, hooks, sub, triggered, untriggered, broken, arrived: collected.arrived, missing: collected.missing };
});

check(
  {
    area,
    name: 'v4-subscription-receives-every-event-type',
    title: 'a v4 subscription receives every event type: message, reaction, typing, poll, group, contact and number events',
    // Only the routing: that each event is emitted at all is judged where it is triggered (the merge, removal
    // and purchase checks), so that a target this check cannot make emit every type still has those judged.
    clauses: ['events.routing.v4-receives-all'],
    needs: everyTrigger,
  },
  async (t) => {
    // Fault: events.v4.filtered-like-v2.
    const { missing, triggered, broken, hooks, sub } = await scenario(t);
    // A type whose trigger failed on a step of another clause was never made: that step's failure is this check's
    // (attributed to the step's clause; this check's own clause is then not verifiable).
    const [failedStep] = broken?.values() ?? [];
    if (failedStep !== undefined) throw failedStep;
    if (missing.length > 0) fail(`the v4 subscription received no delivery of ${missing.length} of ${triggered.size} event types`, `one delivery of each: ${[...triggered.keys()].join(', ')}`, describeMissing(hooks, sub, missing, triggered));
  },
);

check(
  {
    area,
    name: 'deliveries-are-http-posts',
    title: 'every delivery is an HTTP POST to the subscription URL',
    clauses: ['events.delivery.http-post'],
    needs,
  },
  async (t) => {
    // Fault: events.delivery.method-put.
    for (const [type, delivery] of arrivedOf(await scenario(t))) {
      if (delivery.method !== 'POST') fail(`the ${type} delivery was not a POST`, 'POST', delivery.method);
    }
  },
);

check(
  {
    area,
    name: 'content-type-is-application-json',
    title: 'every delivery has Content-Type application/json',
    clauses: ['events.header.content-type-json'],
    needs,
  },
  async (t) => {
    // Fault: events.header.content-type-text.
    for (const [type, delivery] of arrivedOf(await scenario(t))) {
      const contentType = headerOf(delivery, 'content-type') ?? '';
      if (contentType.split(';')[0]?.trim().toLowerCase() !== 'application/json') fail(`the ${type} delivery is not sent as JSON`, 'Content-Type: application/json', `Content-Type: ${contentType || '(none)'}`);
    }
  },
);

check(
  {
    area,
    name: 'event-header-names-the-type',
    title: 'X-Service-Event carries the event type of every delivery',
    clauses: ['events.header.event-type'],
    needs,
  },
  async (t) => {
    // Fault: events.header.no-event-type.
    for (const [type, delivery] of arrivedOf(await scenario(t))) {
      const header = headerOf(delivery, 'x-service-event');
      if (header !== type) fail(`the ${type} delivery does not name its event type in X-Service-Event`, `X-Service-Event: ${type}`, `X-Service-Event: ${header ?? '(none)'}`);
    }
  },
);

/**
 * Whether X-Service-Message-Id names the message an event concerns ("associated message id", section 6). Where
 * the event may name another message (a reaction: the reacted-to one or its own, events), any msg_ id passes.
 */
function namesTheMessage(triggered: Triggered, header: string | undefined): boolean {
  if (header === triggered.messageId) return true;
  return triggered.mayNameOtherMessage === true && header !== undefined && header.startsWith('msg_');
}

check(
  {
    area,
    name: 'message-id-header-names-the-message',
    title: 'X-Service-Message-Id carries the id of the message a message event concerns',
    clauses: ['events.header.message-id'],
    needs,
  },
  async (t) => {
    // Fault: events.header.no-message-id.
    const { arrived, triggered, untriggered } = await scenario(t);
    let judged = 0;
    for (const [type, deliveries] of arrived) {
      const made = triggered.get(type);
      const messageId = made?.messageId;
      if (!type.startsWith('message.') || made === undefined || messageId === undefined) continue;
      for (const delivery of deliveries) {
        judged++;
        const header = headerOf(delivery, 'x-service-message-id');
        if (namesTheMessage(made, header)) continue;
        fail(`the ${type} delivery does not carry the message id in X-Service-Message-Id`, `X-Service-Message-Id: ${messageId}`, `X-Service-Message-Id: ${header ?? '(none)'}`);
      }
    }
    const unmade = [...(untriggered ?? [])].filter(([type]) => type.startsWith('message.'));
    if (judged === 0 && unmade.length > 0) t.notVerifiable(`no message event could be triggered: ${unmade[0]?.[1] ?? ''}`);
    if (judged === 0) fail('no message event delivery arrived to judge', 'message.* deliveries', [...arrived.keys()].join(', ') || 'none');
  },
);

check(
  {
    area,
    name: 'signature-header-format',
    title: 'X-Service-Signature is t=<unix seconds>,v1=<hex digest> (t close to now in seconds, a 64-hex-digit v1)',
    clauses: ['webhooks.signature.header-format', 'events.header.signature'],
    needs,
  },
  async (t) => {
    // Faults: events.signing.ms-timestamp, events.signing.base64-digest.
    for (const [type, delivery] of arrivedOf(await scenario(t))) {
      const header = headerOf(delivery, 'x-service-signature') ?? '';
      const pairs = header.split(',').map((pair) => pair.trim().split('='));
      const stamp = pairs.find(([key]) => key === 't')?.[1] ?? '';
      const digests = pairs.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
      const seconds = Number(stamp);
      // "unix seconds": within a day of the arrival (a millisecond value is ~1000 times larger).
      const inSeconds = /^\d+$/.test(stamp) && Math.abs(seconds - delivery.receivedAt / 1000) < 86_400;
      if (!inSeconds || digests.length === 0 || !digests.every((d) => /^[0-9a-fA-F]{64}$/.test(d))) {
        fail(`the ${type} delivery's X-Service-Signature is not t=<unix seconds>,v1=<hex digest>`, `t=${Math.floor(delivery.receivedAt / 1000)}...,v1=<64 hex digits>`, `X-Service-Signature: ${header || '(none)'}`);
      }
      warnIfStale(t, type, seconds, delivery.receivedAt);
    }
  },
);

check(
  {
    area,
    name: 'every-delivery-verifies-with-the-creation-secret',
    title: 'every delivery verifies: HMAC-SHA256 over "<t>.<raw body>" keyed by the signing_secret shown at creation',
    clauses: ['webhooks.signature.hmac-over-t-and-raw-body', 'events.header.signature'],
    needs,
  },
  async (t) => {
    // Faults: events.signing.wrong-secret, events.signing.body-only-mac, events.signing.body-changed-after-signing.
    const collected = await scenario(t);
    for (const [type, delivery] of arrivedOf(collected)) expectSignedWith(delivery, collected.sub.secret, `the ${type} delivery`);
  },
);

check(
  {
    area,
    name: 'v4-envelope-shape',
    title: 'a v4 subscription receives {id (evt_), type, created_at (epoch ms), organization_id (org_), data} for every event',
    clauses: ['events.envelope.v4-shape', 'versioning.webhooks.body-follows-registration', 'time.v4.epoch-milliseconds'],
    needs,
  },
  async (t) => {
    // Faults: events.v4.created-at-seconds, events.v4.bare-organization-id, events.v2.gets-v4-envelope (the other way round is the v2 file's).
    const organizations = new Set<unknown>();
    for (const [type, delivery] of arrivedOf(await scenario(t))) {
      const body = bodyOf(delivery);
      const problems = webhookPayloadProblems('v4', type, body);
      if (body.type !== type) problems.push(`type is ${JSON.stringify(body.type)}, not ${type}`);
      if (typeof body.created_at === 'number' && body.created_at < 1e11) problems.push(`created_at ${body.created_at} is in seconds, not milliseconds`);
      // One organization made every event; whether its id is the control API's is not said.
      organizations.add(body.organization_id);
      if (organizations.size > 1) problems.push(`organization_id changes between deliveries: ${[...organizations].map((o) => JSON.stringify(o)).join(', ')}`);
      if (problems.length > 0) fail(`the ${type} delivery is not the v4 envelope`, '{id: "evt_...", type, created_at: <epoch ms>, organization_id: "org_...", data: {...}}', `${problems.join('; ')} — ${describeDelivery(delivery)}`);
    }
  },
);

check(
  {
    area,
    name: 'message-received-data',
    title: 'the data of message.received carries message_id, chat_id (the chat_ id to reply to), channel_type, direction, sender, text, attachments',
    clauses: ['events.envelope.v4-message-received-data'],
    needs: ['simulateInboundMessage', 'channel:native-dedicated'],
  },
  async (t) => {
    // Fault: events.v4.received-chat-id-not-chat.
    const { hooks, sub, fx } = await scenario(t);
    const sent = await inbound(fx, { protocol: 'imessage', text: 'data check' });
    const delivery = await hooks.waitForEvent(sub, 'message.received', concerns({ messageId: sent.message_id, eventIds: [] }));
    const body = bodyOf(delivery);
    const data = isRecord(body.data) ? body.data : {};
    const problems = webhookPayloadProblems('v4', 'message.received', body);
    if (data.chat_id !== sent.chat_id) problems.push(`data.chat_id is ${JSON.stringify(data.chat_id)}, not the chat ${sent.chat_id}`);
    if (data.text !== 'data check') problems.push(`data.text is ${JSON.stringify(data.text)}`);
    if (problems.length > 0) fail('the message.received data is not as section 6 gives it', '{message_id, chat_id: "chat_...", channel_type, direction, sender, text, attachments: [...]}', `${problems.join('; ')} — ${describeDelivery(delivery)}`);
  },
);

check(
  {
    area,
    name: 'first-deliveries-are-not-marked-replays',
    title: 'a first delivery does not say X-Service-Replay: true; any delivery that does names X-Original-Event-Id',
    clauses: ['events.header.replay-true', 'events.header.original-event-id'],
    needs,
  },
  async (t) => {
    // Fault: events.replay.header-on-first-delivery. (Replays themselves: deliveries.test.ts.)
    for (const [type, delivery] of arrivedOf(await scenario(t))) {
      const replay = headerOf(delivery, 'x-service-replay');
      if (replay?.toLowerCase() === 'true') fail(`the first ${type} delivery (no replay was asked for) says X-Service-Replay: true${headerOf(delivery, 'x-original-event-id') === undefined ? ' without X-Original-Event-Id' : ''}`, 'no X-Service-Replay: true on a first delivery', `X-Service-Replay: ${replay}`);
    }
  },
);

/**
 * The oracle's checks (harness/oracle, spec/fields/events.yaml): the envelope's created_at and message.received's
 * data of every v4 delivery, judged against the action that caused it.
 */
fieldChecks({
  area,
  api: 'v4',
  needs,
  judged: async (t) => {
    const { arrived, triggered, missing, untriggered, sub } = await scenario(t);
    return {
      deliveries: [...arrived].flatMap(([type, deliveries]) => deliveries.map((delivery): JudgedDeliveries['deliveries'][number] => [type, delivery, sub])),
      actions: new Map([...triggered].map(([type, made]) => [type, made.action])),
      missing,
      untriggered: untriggered ?? new Map(),
    };
  },
});
