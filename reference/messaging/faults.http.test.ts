// Each fault of MESSAGING and the event side is observable: a check that holds on the healthy reference
// fails once the fault is switched on. (The suites are the main proof; this keeps the switches honest.)
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { faults as eventFaults } from '../events/faults.js';
import { faults as messagingFaults } from './faults.js';
import { call, fixture, receiver, type Answer, type Fixture } from './test-kit.js';

type Check = (fx: Fixture) => Promise<boolean>;
let n = 8000;
const fresh = () => `+1415555${n++}`;
const inbound = (fx: Fixture, extra: Record<string, unknown> = {}) =>
  fx.control('POST', '/inbound/messages', { channel_id: fx.channels['native-dedicated']!.id, sender: fresh(), text: 'hi', ...extra });

/** Runs `scenario` (given the subscription) with a receiver subscribed (v4, or v2 with a webhook_type) and returns the first delivery. */
async function firstDelivery(fx: Fixture, v2Type: string | null, scenario: (sub: Answer['body']) => Promise<unknown>, count = 1) {
  const r = await receiver();
  try {
    const sub = v2Type === null ? (await fx.v4('POST', '/webhooks', { url: r.url })).body.data : (await fx.v2('POST', '/webhooks', { webhook_url: r.url, webhook_type: v2Type })).body;
    await scenario(sub);
    const got = await r.waitFor(count);
    return { delivery: got[count - 1]!, all: got, sub };
  } finally {
    await r.close();
  }
}

/** An approved business-chat invitation sent to `customer`, who opted in on the amb line first or not. */
async function invite(fx: Fixture, customer: string, optedIn: boolean) {
  const amb = fx.channels.amb!.id;
  const invitation = (await fx.control('POST', '/amb/invitations', { text: 'Chat with us' })).body.data;
  if (optedIn) await fx.control('POST', '/amb/opt-ins', { channel_id: amb, customer_id: customer });
  return fx.v4('POST', `/channels/${amb}/messages`, { to: customer, invitation_id: invitation.invitation_id });
}

/** The v2 record of a webhook registered through v2, read through GET /v4/webhooks/{id}. */
const v2Record = async (fx: Fixture) => {
  const created = (await fx.v2('POST', '/webhooks', { webhook_url: 'http://127.0.0.1:9/none', webhook_type: 'message' })).body;
  return (await fx.v4('GET', `/webhooks/${created.webhook_id}`)).body as Record<string, unknown>;
};

/** A v2-registered webhook as v2 GET /webhooks lists it and as GET /v4/webhooks/{id} reads it: two views of one object. */
const v2RowAndRecord = async (fx: Fixture) => {
  const record = await v2Record(fx);
  const rows = (await fx.v2('GET', '/webhooks')).body.webhooks as Array<Record<string, unknown>>;
  return { row: rows.find((w) => w.webhook_id === record.webhook_id), record };
};

/** A v2 send to a fresh number: the number as a path segment and the message id answered. */
const v2Sent = async (fx: Fixture) => {
  const to = encodeURIComponent(fresh());
  return { to, id: (await fx.v2('POST', `/chats/${to}/messages`, { text: 'x' })).body.message_id as string };
};

/** The `type` events' data, from the control API's log of what was emitted. */
const emitted = async (fx: Fixture, type: string) => ((await fx.control('GET', `/events?type=${type}`)).body.data as Array<{ data: Record<string, unknown> }>).map((e) => e.data);

/**
 * Runs `act` twice (each run makes an id) and says whether each id is named by some `type` event. Pairing by
 * id, not by order: an event naming the other action's id leaves one id unnamed.
 */
async function eventsNameOwnIds(fx: Fixture, type: string, field: string, act: () => Promise<string>) {
  const made = [await act(), await act()];
  const named = (await emitted(fx, type)).map((data) => data[field]);
  return made.every((id) => named.includes(id));
}

const signedWith = (raw: string, header: unknown, secret: string) => {
  const match = /^t=(\d{10}),v1=([0-9a-f]{64})$/.exec(String(header));
  return match !== null && createHmac('sha256', secret).update(`${match[1]}.${raw}`).digest('hex') === match[2];
};

const checks: Record<string, Check> = {
  'messaging.send.wrapped': async (fx) => (await fx.v4('POST', '/messages', { to: fresh(), text: 'x' })).body.id !== undefined,
  'messaging.idempotency.ignored': async (fx) => {
    const body = { to: fresh(), text: 'x' };
    await fx.v4('POST', '/messages', body, { 'idempotency-key': 'k' });
    await fx.v4('POST', '/messages', body, { 'idempotency-key': 'k' });
    return (await fx.control('GET', '/messages?idempotency_key=k')).body.data.length === 1;
  },
  'messaging.idempotency.thread-sends-ignored': async (fx) => {
    const path = `/channels/${fx.channels.sms_provider!.id}/messages`;
    const body = { to: fresh(), text: 'x' };
    await fx.v4('POST', path, body, { 'idempotency-key': 'kt' });
    await fx.v4('POST', path, body, { 'idempotency-key': 'kt' });
    return (await fx.control('GET', '/messages?idempotency_key=kt')).body.data.length === 1;
  },
  'messaging.idempotency.reuse-sends-and-replays': async (fx) => {
    await fx.v4('POST', '/messages', { to: fresh(), text: 'first' }, { 'idempotency-key': 'kr' });
    return (await fx.v4('POST', '/messages', { to: fresh(), text: 'other' }, { 'idempotency-key': 'kr' })).status === 409;
  },
  'messaging.idempotency.replay-new-created-at': async (fx) => {
    const body = { to: fresh(), text: 'x' };
    const send = () => fx.v4('POST', '/messages', body, { 'idempotency-key': 'kd' });
    const first = (await send()).body;
    const replayed = (await send()).body;
    return replayed.id === first.id && replayed.created_at === first.created_at;
  },
  'messaging.idempotency.race': async (fx) => {
    const body = { to: fresh(), text: 'x' };
    await Promise.all([1, 2, 3].map(() => fx.v4('POST', '/messages', body, { 'idempotency-key': 'kc' })));
    return (await fx.control('GET', '/messages?idempotency_key=kc')).body.data.length === 1;
  },
  'messaging.routing.descending-tiers': async (fx) => {
    const channels = [{ channel_id: fx.channels.sms_provider!.id, priority: 1 }, { channel_id: fx.channels['native-dedicated']!.id, priority: 2 }];
    await fx.v4('POST', '/priorities', { name: 'p', channels });
    return (await fx.v4('POST', '/messages', { to: fresh(), text: 'x' })).body.channel_id === fx.channels.sms_provider!.id;
  },
  'messaging.group.fans-out': async (fx) => (await fx.v4('POST', `/channels/${fx.channels['native-dedicated']!.id}/messages`, { to: [fresh(), fresh()], text: 'g' })).body.is_group === true,
  'messaging.amb.business-first-allowed': async (fx) => (await fx.v4('POST', `/channels/${fx.channels.amb!.id}/messages`, { to: 'customer-z', text: 'x' })).status === 403,
  'messaging.amb.invitation-refused': async (fx) => (await invite(fx, 'customer-opted-in', true)).status === 201,
  'messaging.amb.invitation-without-opt-in': async (fx) => (await invite(fx, 'customer-never-opted-in', false)).status === 403,
  'messaging.caps.body-fields-missing': async (fx) => {
    await fx.control('PATCH', '/plan', { outbound_cap_per_organization: 0 });
    const res = await fx.v4('POST', '/messages', { to: fresh(), text: 'x' });
    return res.status === 429 && res.body.error.details.limit === 0 && res.body.mode === 'organization';
  },
  'messaging.caps.current-below-limit': async (fx) => {
    await fx.control('PATCH', '/plan', { outbound_cap_per_organization: 1 });
    await fx.v4('POST', '/messages', { to: fresh(), text: 'x' });
    const res = await fx.v4('POST', '/messages', { to: fresh(), text: 'x' });
    return res.status === 429 && res.body.error.details.limit === 1 && res.body.error.details.current === 1;
  },
  'messaging.send.attachments-dropped-with-text': async (fx) => {
    const attachments = ['https://example.com/a.png'];
    const sent = (await fx.v4('POST', '/messages', { to: fresh(), text: 'x', attachments })).body;
    await fx.control('POST', `/messages/${sent.id}/status`, { status: 'sent' });
    const [event] = await emitted(fx, 'message.sent');
    return JSON.stringify(sent.attachments) === JSON.stringify(attachments) && JSON.stringify(event?.attachments) === JSON.stringify(attachments);
  },
  'v2.no-active-number.ignored': async (fx) => {
    const empty = (await call('POST', `${fx.ref.urls.control}/organizations`, { with_channels: false })).body.data;
    const key = empty.api_keys.primary.api_key as string;
    return (await fx.v2('POST', `/chats/${encodeURIComponent(fresh())}/messages`, { text: 'x' }, {}, key)).status === 503;
  },
  'events.signing.ms-timestamp': async (fx) => {
    const { delivery, sub } = await firstDelivery(fx, null, () => inbound(fx));
    return signedWith(delivery.raw, delivery.headers['x-service-signature'], sub.signing_secret);
  },
  'events.signing.body-changed-after-signing': async (fx) => {
    const { delivery, sub } = await firstDelivery(fx, null, () => inbound(fx));
    return signedWith(delivery.raw, delivery.headers['x-service-signature'], sub.signing_secret);
  },
  'events.rotation.old-secret-still-used': async (fx) => {
    const r = await receiver();
    try {
      const created = (await fx.v2('POST', '/webhooks', { webhook_url: r.url, webhook_type: 'all' })).body;
      await fx.v2('POST', `/webhooks/${created.webhook_id}/secret/rotate`);
      await inbound(fx);
      const [delivery] = await r.waitFor(1);
      return !signedWith(delivery!.raw, delivery!.headers['x-service-signature'], created.signing_secret);
    } finally {
      await r.close();
    }
  },
  'events.rotation.later-rotations-ignored': async (fx) => {
    let latest = '';
    const { delivery } = await firstDelivery(fx, 'all', async (sub) => {
      for (let i = 0; i < 2; i++) latest = (await fx.v2('POST', `/webhooks/${sub.webhook_id}/secret/rotate`)).body.signing_secret;
      await inbound(fx);
    });
    return signedWith(delivery.raw, delivery.headers['x-service-signature'], latest);
  },
  'events.v2.gets-v4-envelope': async (fx) => (await firstDelivery(fx, 'all', () => inbound(fx))).delivery.body.event === 'message.received',
  'events.v2.filter-ignored': async (fx) => {
    const { all } = await firstDelivery(fx, 'poll', async () => {
      const chat = (await inbound(fx)).body.data.chat_id;
      await fx.control('POST', '/inbound/polls', { chat_id: chat, sender: fresh(), title: 'Lunch?', options: ['yes', 'no'] });
    });
    return all[0]!.body.event === 'poll.received';
  },
  'events.replay.no-replay-header': async (fx) => {
    const r = await receiver();
    try {
      const sub = (await fx.v4('POST', '/webhooks', { url: r.url })).body.data;
      await inbound(fx);
      await r.waitFor(1);
      const delivery = (await fx.v4('GET', `/webhooks/${sub.id}/deliveries`)).body.data[0];
      await fx.v4('POST', `/webhooks/${sub.id}/deliveries/${delivery.id}/replay`);
      const [, replayed] = await r.waitFor(2);
      return replayed!.headers['x-service-replay'] === 'true';
    } finally {
      await r.close();
    }
  },
  'events.delivered-for-groups': async (fx) => {
    const chat = (await inbound(fx, { group: { participants: [fresh()] } })).body.data.chat_id;
    const sent = await fx.v4('POST', `/chats/${chat}/messages`, { text: 'x' });
    return (await fx.control('POST', `/messages/${sent.body.id}/status`, { status: 'delivered' })).body.data.event_ids.length === 0;
  },
  'messaging.dry-run.sends': async (fx) => {
    await fx.v4('POST', `/channels/${fx.channels.sms_provider!.id}/messages`, { to: fresh(), text: 'x', dry_run: true });
    return (await fx.control('GET', '/messages')).body.data.length === 0;
  },
  'messaging.send.200-instead-of-201': async (fx) => (await fx.v4('POST', `/channels/${fx.channels.sms_provider!.id}/messages`, { to: fresh(), text: 'x' })).status === 201,
  'messaging.send.id-without-prefix': async (fx) => /^msg_/.test((await fx.v4('POST', '/messages', { to: fresh(), text: 'x' })).body.id),
  'messaging.send.created-at-seconds': async (fx) => (await fx.v4('POST', '/messages', { to: fresh(), text: 'x' })).body.created_at > 1e12,
  'messaging.routing.not-sticky': async (fx) => {
    const channels = [{ channel_id: fx.channels['native-dedicated']!.id, priority: 1 }, { channel_id: fx.channels['native-shared']!.id, priority: 1 }];
    await fx.v4('POST', '/priorities', { name: 'pool', channels });
    const to = fresh();
    const used = new Set<string>();
    for (let i = 0; i < 4; i++) used.add((await fx.v4('POST', '/messages', { to, text: `x${i}` })).body.channel_id);
    return used.size === 1;
  },
  'messaging.routing.ignores-priority': async (fx) => {
    await fx.v4('POST', '/priorities', { name: 'p', channels: [{ channel_id: fx.channels.rcs!.id, priority: 1 }] });
    return (await fx.v4('POST', '/messages', { to: fresh(), text: 'x' })).body.channel_id === fx.channels.rcs!.id;
  },
  'messaging.from.ignored': async (fx) => (await fx.v4('POST', '/messages', { to: fresh(), text: 'x', from: fx.channels.rcs!.id })).body.channel_id === fx.channels.rcs!.id,
  'messaging.fanout.no-limit': async (fx) =>
    (await fx.v4('POST', `/channels/${fx.channels.sms_provider!.id}/messages`, { to: Array.from({ length: 101 }, () => fresh()), text: 'x' })).status === 422,
  'messaging.send.status-accepted': async (fx) => ['queued', 'sent', 'delivered', 'failed'].includes((await fx.v4('POST', '/messages', { to: fresh(), text: 'x' })).body.status),
  'messaging.send.unsupported-as-422': async (fx) => {
    const interactive = { kind: 'quick_reply', items: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }] };
    return (await fx.v4('POST', `/channels/${fx.channels.sms_provider!.id}/messages`, { to: fresh(), interactive })).status === 501;
  },
  'messaging.fanout.as-group': async (fx) =>
    (await fx.v4('POST', `/channels/${fx.channels.sms_provider!.id}/messages`, { to: [fresh(), fresh()], text: 'x' })).body.mode === 'fan_out',
  'messaging.fanout.limit-off-by-one': async (fx) =>
    (await fx.v4('POST', `/channels/${fx.channels.sms_provider!.id}/messages`, { to: Array.from({ length: 100 }, () => fresh()), text: 'x' })).status === 201,
  'messaging.fanout.limit-as-403': async (fx) =>
    (await fx.v4('POST', `/channels/${fx.channels.sms_provider!.id}/messages`, { to: Array.from({ length: 101 }, () => fresh()), text: 'x' })).status === 422,
  'messaging.attachments-never-alone': async (fx) => {
    const to = fresh();
    await fx.v4('POST', '/messages', { to, text: 'first' });
    return (await fx.v4('POST', '/messages', { to, attachments: ['https://example.com/a.png'] })).status === 201;
  },
  'messaging.typing.refused': async (fx) => {
    const chat = (await inbound(fx, { protocol: 'imessage' })).body.data.chat_id;
    return (await fx.v4('POST', `/chats/${chat}/typing`)).status === 200;
  },
  'messaging.interactive.kinds-unsupported': async (fx) => {
    const chat = (await fx.control('POST', '/inbound/messages', { channel_id: fx.channels.amb!.id, sender: 'customer-lp', text: 'hi' })).body.data.chat_id;
    const items = Array.from({ length: 6 }, (_, i) => ({ id: `i${i}`, title: `Item ${i}` }));
    return (await fx.v4('POST', `/chats/${chat}/messages`, { interactive: { kind: 'list_picker', summary_text: 'Pick', items } })).status === 201;
  },
  'messaging.caps.counts-every-send': async (fx) => {
    await fx.control('PATCH', '/plan', { outbound_cap_per_organization: 1 });
    const to = fresh();
    await fx.v4('POST', '/messages', { to, text: 'one' });
    return (await fx.v4('POST', '/messages', { to, text: 'two' })).status === 201;
  },
  'messaging.chat-reply.new-thread': async (fx) => {
    const chat = (await inbound(fx)).body.data.chat_id;
    return (await fx.v4('POST', `/chats/${chat}/messages`, { text: 'x' })).body.chat_id === chat;
  },
  'messaging.attachment-first-allowed': async (fx) => (await fx.v4('POST', '/messages', { to: fresh(), attachments: ['https://example.com/a.png'] })).status === 400,
  'messaging.inbound-only.not-enforced': async (fx) => (await fx.v4('POST', `/channels/${fx.channels['native-inbound']!.id}/messages`, { to: fresh(), text: 'x' })).status === 403,
  'messaging.interactive.text-allowed': async (fx) => {
    const chat = (await fx.control('POST', '/inbound/messages', { channel_id: fx.channels.amb!.id, sender: 'customer-text', text: 'hi' })).body.data.chat_id;
    const interactive = { kind: 'quick_reply', items: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }] };
    return (await fx.v4('POST', `/chats/${chat}/messages`, { text: 'also text', interactive })).status === 422;
  },
  'messaging.interactive.quick-reply-count-unchecked': async (fx) => {
    const chat = (await fx.control('POST', '/inbound/messages', { channel_id: fx.channels.amb!.id, sender: 'customer-qr', text: 'hi' })).body.data.chat_id;
    return (await fx.v4('POST', `/chats/${chat}/messages`, { interactive: { kind: 'quick_reply', items: [{ id: 'a', title: 'A' }] } })).status === 422;
  },
  'messaging.caps.outbound-not-enforced': async (fx) => {
    await fx.control('PATCH', '/plan', { outbound_cap_per_number: 0 });
    return (await fx.v4('POST', '/messages', { to: fresh(), text: 'x' })).status === 429;
  },
  'messaging.caps.new-conversation-not-enforced': async (fx) => {
    await fx.control('PATCH', '/plan', { new_conversation_cap: 0 });
    return (await fx.v4('POST', `/channels/${fx.channels['native-shared']!.id}/messages`, { to: fresh(), text: 'x' })).status === 429;
  },
  'messaging.caps.403-instead-of-429': async (fx) => {
    await fx.control('PATCH', '/plan', { outbound_cap_per_organization: 0 });
    return (await fx.v4('POST', '/messages', { to: fresh(), text: 'x' })).status === 429;
  },
  'messaging.caps.window-never-rolls': async (fx) => {
    await fx.control('PATCH', '/plan', { outbound_cap_per_organization: 1 });
    await fx.v4('POST', '/messages', { to: fresh(), text: 'x' });
    await fx.control('POST', '/clock/advance', { milliseconds: 24 * 60 * 60 * 1000 + 1 });
    return (await fx.v4('POST', '/messages', { to: fresh(), text: 'x' })).status === 201;
  },
  'messaging.caps.window-too-short': async (fx) => {
    await fx.control('PATCH', '/plan', { outbound_cap_per_organization: 1 });
    await fx.v4('POST', '/messages', { to: fresh(), text: 'x' });
    await fx.control('POST', '/clock/advance', { milliseconds: 13 * 60 * 60 * 1000 });
    return (await fx.v4('POST', '/messages', { to: fresh(), text: 'x' })).status === 429;
  },
  'messaging.caps.new-conversation-never-resets': async (fx) => {
    await fx.control('PATCH', '/plan', { new_conversation_cap: 1 });
    const path = `/channels/${fx.channels['native-shared']!.id}/messages`;
    await fx.v4('POST', path, { to: fresh(), text: 'x' });
    await fx.control('POST', '/clock/advance', { milliseconds: 24 * 60 * 60 * 1000 + 1 });
    return (await fx.v4('POST', path, { to: fresh(), text: 'next day' })).status === 201;
  },
  'messaging.caps.blocks-existing-conversations': async (fx) => {
    await fx.control('PATCH', '/plan', { new_conversation_cap: 1 });
    const path = `/channels/${fx.channels['native-shared']!.id}/messages`;
    const to = fresh();
    await fx.v4('POST', path, { to, text: 'x' });
    return (await fx.v4('POST', path, { to, text: 'again' })).status === 201;
  },
  'v2.errors.standard-shape': async (fx) => typeof (await fx.v2('GET', '/chats/%2B14155550000/messages/msg_none/status')).body.error === 'string',
  'v2.send.200-instead-of-202': async (fx) => (await fx.v2('POST', `/chats/${encodeURIComponent(fresh())}/messages`, { text: 'x' })).status === 202,
  'v2.contacts.no-pagination': async (fx) => (await fx.v2('GET', '/contacts')).body.pagination !== undefined,
  'v2.send.status-sent': async (fx) => (await fx.v2('POST', `/chats/${encodeURIComponent(fresh())}/messages`, { text: 'x' })).body.status === 'queued',
  'v2.send.new-thread': async (fx) => {
    const sender = fresh();
    const { chat_id } = (await inbound(fx, { sender })).body.data;
    const sent = (await fx.v2('POST', `/chats/${encodeURIComponent(sender)}/messages`, { text: 'x' })).body;
    const records = (await fx.control('GET', '/messages')).body.data as Array<{ message_id: string; chat_id: string }>;
    return records.find((r) => r.message_id === sent.message_id)?.chat_id === chat_id;
  },
  'v2.status.no-protocol': async (fx) => {
    const { to, id } = await v2Sent(fx);
    return (await fx.v2('GET', `/chats/${to}/messages/${id}/status`)).body.protocol !== undefined;
  },
  'v2.capabilities.string-booleans': async (fx) => typeof (await fx.v2('GET', `/contacts/${encodeURIComponent(fresh())}/capabilities`)).body.capabilities.sms === 'boolean',
  'v2.numbers.plan-id-as-kind': async (fx) => {
    const numbers = (await fx.v2('GET', '/me/numbers')).body.numbers as Array<{ plan_kind: string }>;
    return numbers.length > 0 && numbers.every((n) => ['shared', 'dedicated', 'inbound', 'trial', '2fa'].includes(n.plan_kind));
  },
  'v2.numbers.wrapped-in-data': async (fx) => Array.isArray((await fx.v2('GET', '/me/numbers')).body.numbers),
  'v2.contacts.create-not-stored': async (fx) => {
    await fx.v2('POST', '/contacts', { identifier: fresh(), name: 'Zed' });
    return (await fx.v2('GET', '/contacts')).body.contacts.length === 1;
  },
  'v2.groups.not-listed': async (fx) => {
    await fx.v2('POST', '/groups', { name: 'g', members: [fresh(), fresh()] });
    return (await fx.v2('GET', '/groups')).body.groups.length === 1;
  },
  'v2.reactions.remove-refused': async (fx) => {
    const { to, id } = await v2Sent(fx);
    return (await fx.v2('POST', `/chats/${to}/messages/${id}/reactions`, { reaction: '-love' })).status === 200;
  },
  'v2.chats.read-refused': async (fx) => (await fx.v2('POST', `/chats/${encodeURIComponent(fresh())}/read`)).status === 200,
  'v2.chats.typing-refused': async (fx) => (await fx.v2('POST', `/chats/${encodeURIComponent(fresh())}/typing`)).status === 200,
  'v2.status.other-message-id': async (fx) => {
    const { to, id } = await v2Sent(fx);
    return (await fx.v2('GET', `/chats/${to}/messages/${id}/status`)).body.message_id === id;
  },
  'v2.status.unknown-status': async (fx) => {
    const { to, id } = await v2Sent(fx);
    return ['queued', 'sent', 'delivered', 'failed'].includes((await fx.v2('GET', `/chats/${to}/messages/${id}/status`)).body.status);
  },
  'v2.numbers.fields-missing': async (fx) => ((await fx.v2('GET', '/me/numbers')).body.numbers as Array<Record<string, unknown>>).every((n) => 'is_active' in n && 'last_active' in n),
  'v2.numbers.inbound-as-dedicated': async (fx) => {
    const numbers = (await fx.v2('GET', '/me/numbers')).body.numbers as Array<{ phone_number: string; plan_kind: string }>;
    return numbers.find((n) => n.phone_number === fx.channels['native-inbound']!.address)?.plan_kind === 'inbound';
  },
  'v2.groups.first-member-only': async (fx) => {
    const members = [fresh(), fresh()];
    const made = (await fx.v2('POST', '/groups', { name: 'g', members })).body;
    const listed = ((await fx.v2('GET', '/groups')).body.groups as Array<{ group_id: string; members: string[] }>).find((g) => g.group_id === made.group_id);
    return JSON.stringify(made.members) === JSON.stringify(members) && JSON.stringify(listed?.members) === JSON.stringify(members);
  },
  'v2.reactions.remove-adds': async (fx) => {
    const { to, id } = await v2Sent(fx);
    await fx.v2('POST', `/chats/${to}/messages/${id}/reactions`, { reaction: '-love' });
    const reactions = await emitted(fx, 'message.reaction');
    return reactions.length === 1 && reactions[0]!.action === 'remove';
  },
  'v2.status.stale-queued': async (fx) => {
    const { to, id } = await v2Sent(fx);
    await fx.control('POST', `/messages/${id}/status`, { status: 'delivered' });
    return (await fx.v2('GET', `/chats/${to}/messages/${id}/status`)).body.status === 'delivered';
  },
  'v2.contacts.row-stale-name': async (fx) => {
    const contact = (await fx.v4('POST', '/contacts', { name: 'Zed' })).body.data;
    await fx.v4('PATCH', `/contacts/${contact.id}`, { name: 'Ada' });
    const rows = (await fx.v2('GET', '/contacts')).body.contacts as Array<{ id: string; name: string }>;
    return rows.find((c) => c.id === contact.id)?.name === 'Ada';
  },
  'events.signing.wrong-secret': async (fx) => {
    const { delivery, sub } = await firstDelivery(fx, null, () => inbound(fx));
    return signedWith(delivery.raw, delivery.headers['x-service-signature'], sub.signing_secret);
  },
  'events.signing.body-only-mac': async (fx) => {
    const { delivery, sub } = await firstDelivery(fx, null, () => inbound(fx));
    return signedWith(delivery.raw, delivery.headers['x-service-signature'], sub.signing_secret);
  },
  'events.signing.base64-digest': async (fx) => {
    const { delivery, sub } = await firstDelivery(fx, null, () => inbound(fx));
    return signedWith(delivery.raw, delivery.headers['x-service-signature'], sub.signing_secret);
  },
  'events.signing.latin1-bytes': async (fx) => {
    const { delivery, sub } = await firstDelivery(fx, null, () => inbound(fx, { text: 'héllo ✓' }));
    return signedWith(delivery.raw, delivery.headers['x-service-signature'], sub.signing_secret);
  },
  'events.rotation.secret-unchanged': async (fx) => {
    const created = (await fx.v2('POST', '/webhooks', { webhook_url: 'http://127.0.0.1:9/none', webhook_type: 'message' })).body;
    return (await fx.v2('POST', `/webhooks/${created.webhook_id}/secret/rotate`)).body.signing_secret !== created.signing_secret;
  },
  'events.header.content-type-text': async (fx) => (await firstDelivery(fx, null, () => inbound(fx))).delivery.headers['content-type'] === 'application/json',
  'events.header.no-event-type': async (fx) => (await firstDelivery(fx, null, () => inbound(fx))).delivery.headers['x-service-event'] === 'message.received',
  'events.header.no-message-id': async (fx) => /^msg_/.test(String((await firstDelivery(fx, null, () => inbound(fx))).delivery.headers['x-service-message-id'])),
  'events.replay.no-original-event-id': async (fx) => {
    const r = await receiver();
    try {
      const sub = (await fx.v4('POST', '/webhooks', { url: r.url })).body.data;
      await inbound(fx);
      const [first] = await r.waitFor(1);
      const delivery = (await fx.v4('GET', `/webhooks/${sub.id}/deliveries`)).body.data[0];
      await fx.v4('POST', `/webhooks/${sub.id}/deliveries/${delivery.id}/replay`);
      const [, replayed] = await r.waitFor(2);
      return replayed!.headers['x-original-event-id'] === first!.body.id;
    } finally {
      await r.close();
    }
  },
  'events.replay.header-on-first-delivery': async (fx) => (await firstDelivery(fx, null, () => inbound(fx))).delivery.headers['x-service-replay'] === undefined,
  'events.v4.created-at-seconds': async (fx) => (await firstDelivery(fx, null, () => inbound(fx))).delivery.body.created_at > 1e12,
  'events.v4.id-without-prefix': async (fx) => /^evt_/.test(String((await firstDelivery(fx, null, () => inbound(fx))).delivery.body.id)),
  'events.v4.id-per-type': async (fx) => {
    const { all } = await firstDelivery(fx, null, async () => [await inbound(fx), await inbound(fx)], 2);
    return new Set(all.map((delivery) => delivery.body.id)).size === 2;
  },
  'events.v4.bare-organization-id': async (fx) => /^org_/.test((await firstDelivery(fx, null, () => inbound(fx))).delivery.body.organization_id),
  'events.v2-record.leaks-secret': async (fx) => {
    const created = (await fx.v2('POST', '/webhooks', { webhook_url: 'http://127.0.0.1:9/none', webhook_type: 'message' })).body;
    return (await fx.v4('GET', `/webhooks/${created.webhook_id}`)).body.signing_secret === undefined;
  },
  'events.read-without-receipts': async (fx) => {
    const chat = (await inbound(fx)).body.data.chat_id;
    const sent = await fx.v4('POST', `/chats/${chat}/messages`, { text: 'x' });
    return (await fx.control('POST', `/messages/${sent.body.id}/status`, { status: 'read' })).body.data.event_ids.length === 0;
  },
  'events.typing.non-imessage': async (fx) => {
    const chat = (await inbound(fx, { protocol: 'sms' })).body.data.chat_id;
    return (await fx.control('POST', '/inbound/typing', { chat_id: chat, state: 'started' })).body.data.event_ids.length === 0;
  },
  'events.poll.non-imessage': async (fx) => {
    const chat = (await inbound(fx, { protocol: 'sms' })).body.data.chat_id;
    await fx.control('POST', '/inbound/polls', { chat_id: chat, sender: 'customer-poll', title: 'Lunch?', options: ['yes', 'no'] });
    return (await fx.control('GET', '/events?type=poll.received')).body.data.length === 0;
  },
  'events.contact-shared.no-upsert': async (fx) => {
    const address = fresh();
    await fx.control('POST', '/inbound/contact-shares', { channel_id: fx.channels['native-dedicated']!.id, address, display_name: 'Ada' });
    return (await fx.v4('GET', `/contacts?identifier=${encodeURIComponent(address)}`)).body.data.length === 1;
  },
  'events.v2-record.standard-errors': async (fx) => typeof (await fx.v4('GET', '/webhooks/wh_missing1')).body.error === 'string',
  // The webhooks suite's event faults (reference/events/faults.ts, second block).
  'events.delivery.method-put': async (fx) => {
    const methods: string[] = [];
    const server = createServer((req, res) => {
      methods.push(req.method ?? '');
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await fx.v4('POST', '/webhooks', { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` });
      await inbound(fx);
      for (let i = 0; i < 100 && methods.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      return methods[0] === 'POST';
    } finally {
      server.closeAllConnections();
      server.close();
    }
  },
  'events.deliveries.list-empty': async (fx) => {
    const { sub } = await firstDelivery(fx, null, () => inbound(fx));
    return (await fx.v4('GET', `/webhooks/${sub.id}/deliveries`)).body.data.length > 0;
  },
  'events.deliveries.page-skips': async (fx) => {
    const { sub } = await firstDelivery(fx, null, async () => { await inbound(fx); await inbound(fx); await inbound(fx); }, 3);
    const all = (await fx.v4('GET', `/webhooks/${sub.id}/deliveries?limit=100`)).body.data.length;
    let walked = 0;
    let cursor: string | null = null;
    do {
      const page: { data: unknown[]; has_more: boolean; next_cursor: string | null } = (await fx.v4('GET', `/webhooks/${sub.id}/deliveries?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body;
      walked += page.data.length;
      cursor = page.has_more ? page.next_cursor : null;
    } while (cursor !== null);
    return all >= 3 && walked === all;
  },
  'events.logs.list-empty': async (fx) => {
    const { sub } = await firstDelivery(fx, 'all', () => inbound(fx));
    for (let i = 0; i < 50; i++) {
      if ((await fx.v4('GET', `/webhooks/${sub.webhook_id}/logs`)).body.data.length > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  },
  'events.v4.received-chat-id-not-chat': async (fx) => /^chat_/.test(String((await firstDelivery(fx, null, () => inbound(fx))).delivery.body.data.chat_id)),
  'events.v4.filtered-like-v2': async (fx) => {
    const share = () => fx.control('POST', '/inbound/contact-shares', { channel_id: fx.channels['native-dedicated']!.id, address: fresh(), display_name: 'Ada' });
    const { delivery } = await firstDelivery(fx, null, async () => {
      await share();
      await inbound(fx);
    });
    return delivery.body.type === 'contact.shared';
  },
  'events.v2.extra-fields-missing': async (fx) => (await firstDelivery(fx, 'all', () => inbound(fx))).delivery.body.text === 'hi',
  'events.v2.no-base-fields': async (fx) => (await firstDelivery(fx, 'all', () => inbound(fx))).delivery.body.protocol !== undefined,
  'events.v2.group-fields-on-1to1': async (fx) => (await firstDelivery(fx, 'all', () => inbound(fx))).delivery.body.group_id == null,
  'events.v2.group-fields-missing': async (fx) => {
    const { delivery } = await firstDelivery(fx, 'all', () => inbound(fx, { group: { participants: [fresh()] } }));
    return delivery.body.is_group === true && Array.isArray(delivery.body.participants) && 'group_name' in delivery.body;
  },
  'events.v2.contact-merged-not-delivered': async (fx) => {
    const { delivery } = await firstDelivery(fx, 'all', async () => {
      const [a, b] = [(await fx.v4('POST', '/contacts', {})).body.data, (await fx.v4('POST', '/contacts', {})).body.data];
      await fx.v4('POST', `/contacts/${a.id}/merge`, { source_contact_id: b.id });
      await inbound(fx);
    });
    return delivery.body.event === 'contact.merged';
  },
  'events.read.not-emitted': async (fx) => {
    const chat = (await inbound(fx, { protocol: 'imessage', read_receipts: true })).body.data.chat_id;
    const sent = await fx.v4('POST', `/chats/${chat}/messages`, { text: 'x' });
    await fx.control('POST', `/messages/${sent.body.id}/status`, { status: 'read' });
    return (await fx.control('GET', '/events?type=message.read')).body.data.length === 1;
  },
  'events.contact-shared.reversed': async (fx) => {
    const address = fresh();
    const { delivery } = await firstDelivery(fx, 'all', () => fx.control('POST', '/inbound/contact-shares', { channel_id: fx.channels['native-dedicated']!.id, address }));
    return delivery.body.address === address;
  },
  'events.create.no-secret': async (fx) => typeof (await fx.v4('POST', '/webhooks', { url: 'http://127.0.0.1:9/none' })).body.data.signing_secret === 'string',
  'events.v2-list.leaks-secret': async (fx) => {
    const created = (await fx.v2('POST', '/webhooks', { webhook_url: 'http://127.0.0.1:9/none', webhook_type: 'message' })).body;
    return !JSON.stringify((await fx.v2('GET', '/webhooks')).body).includes(created.signing_secret);
  },
  'events.v2-list.empty': async (fx) => {
    await fx.v2('POST', '/webhooks', { webhook_url: 'http://127.0.0.1:9/none', webhook_type: 'message' });
    return (await fx.v2('GET', '/webhooks')).body.webhooks.length === 1;
  },
  'events.v2-list.type-all': async (fx) => {
    const { row, record } = await v2RowAndRecord(fx);
    return record.webhook_type === 'message' && row?.webhook_type === record.webhook_type;
  },
  'events.v2-list.inactive': async (fx) => {
    const { row, record } = await v2RowAndRecord(fx);
    return record.is_active === true && row?.is_active === record.is_active;
  },
  'events.ids.message-of-another-action': async (fx) => eventsNameOwnIds(fx, 'message.received', 'message_id', async () => (await inbound(fx)).body.data.message_id),
  'events.ids.chat-of-another-action': async (fx) => eventsNameOwnIds(fx, 'message.received', 'chat_id', async () => (await inbound(fx)).body.data.chat_id),
  'events.ids.group-of-another-action': async (fx) =>
    eventsNameOwnIds(fx, 'message.received', 'group_id', async () => (await inbound(fx, { group: { participants: [fresh()] } })).body.data.group_id),
  'events.ids.poll-of-another-action': async (fx) => {
    const chat = (await inbound(fx)).body.data.chat_id;
    return eventsNameOwnIds(fx, 'poll.received', 'poll_id', async () => (await fx.control('POST', '/inbound/polls', { chat_id: chat, sender: 'customer-poll', title: 'Lunch?', options: ['yes', 'no'] })).body.data.poll_id);
  },
  'events.webhook-id.bad-pattern': async (fx) => /^wh_[A-Za-z0-9]+$/.test((await fx.v2('POST', '/webhooks', { webhook_url: 'http://127.0.0.1:9/none', webhook_type: 'message' })).body.webhook_id),
  'events.v2-record.no-failure-count': async (fx) => {
    const created = (await fx.v2('POST', '/webhooks', { webhook_url: 'http://127.0.0.1:9/none', webhook_type: 'message' })).body;
    return typeof (await fx.v4('GET', `/webhooks/${created.webhook_id}`)).body.failure_count === 'number';
  },
  'events.v2-record.url-other': async (fx) => (await v2Record(fx)).webhook_url === 'http://127.0.0.1:9/none',
  'events.v2-record.api-key-name-number': async (fx) => typeof (await v2Record(fx)).api_key_name === 'string',
  'events.v2-record.integration-name-number': async (fx) => typeof (await v2Record(fx)).integration_name === 'string',
  'events.v2-record.created-at-string': async (fx) => Number.isInteger((await v2Record(fx)).created_at),
  'events.v2-record.deprecated-at-string': async (fx) => Number.isInteger((await v2Record(fx)).deprecated_at),
  'events.v2-record.valid-until-string': async (fx) => Number.isInteger((await v2Record(fx)).valid_until),
  'events.v2-record.last-triggered-string': async (fx) => Number.isInteger((await v2Record(fx)).last_triggered),
  'events.v2-record.is-active-string': async (fx) => typeof (await v2Record(fx)).is_active === 'boolean',
  ...fieldChecks(),
};

/**
 * The field faults of reference/events/field-faults.ts and the one-version header ones: each holds healthy and
 * breaks with its fault, read from the flat body a v2 `all` subscription receives (the `count`-th delivery).
 */
function fieldChecks(): Record<string, Check> {
  const line = (fx: Fixture) => fx.channels['native-dedicated']!.id;
  const flat = async (fx: Fixture, count: number, scenario: () => Promise<unknown>) => (await firstDelivery(fx, 'all', scenario, count)).delivery;
  /** A 1:1 chat's inbound message (delivery 1), then `next` in it. */
  const inChat = (fx: Fixture, count: number, next: (chat: { chat_id: string; message_id: string }) => Promise<unknown>, extra: Record<string, unknown> = {}) =>
    flat(fx, count, async () => next((await inbound(fx, extra)).body.data));
  const reply = async (fx: Fixture, chat: { chat_id: string }, status: string, extra: Record<string, unknown> = {}) => {
    const sent = await fx.v4('POST', `/chats/${chat.chat_id}/messages`, { text: 'x' });
    return fx.control('POST', `/messages/${sent.body.id}/status`, { status, ...extra });
  };
  const reaction = (fx: Fixture) => inChat(fx, 2, (chat) => fx.control('POST', '/inbound/reactions', { message_id: chat.message_id, reaction: 'love', action: 'add', sender: 'customer-reacting' }));
  const typing = (fx: Fixture, state: string) => inChat(fx, 2, (chat) => fx.control('POST', '/inbound/typing', { chat_id: chat.chat_id, state, sender: 'customer-typing' }));
  const poll = (fx: Fixture, origin: string) => inChat(fx, 2, (chat) => fx.control('POST', '/inbound/polls', { chat_id: chat.chat_id, sender: 'customer-poll', title: 'Lunch?', options: ['yes', 'no'], origin }));
  const vote = (fx: Fixture) =>
    inChat(fx, 3, async (chat) => {
      const made = await fx.control('POST', '/inbound/polls', { chat_id: chat.chat_id, sender: 'customer-poll', title: 'Lunch?', options: ['yes', 'no'] });
      return fx.control('POST', '/inbound/poll-votes', { poll_id: made.body.data.poll_id, voter: 'customer-voter', voted_options: ['yes'] });
    });
  const group = (fx: Fixture, change: Record<string, unknown>) =>
    flat(fx, 2, async () => fx.control('POST', '/inbound/group-changes', { group_id: (await inbound(fx, { group: { participants: [fresh()] } })).body.data.group_id, ...change }));
  const card = (fx: Fixture) => flat(fx, 1, () => fx.control('POST', '/inbound/contact-shares', { channel_id: line(fx), address: fresh(), first_name: 'Ada', last_name: 'L' }));
  return {
    'events.fields.received-text-not-sent': async (fx) => (await inChat(fx, 1, async () => undefined, { text: 'hi there' })).body.text === 'hi there',
    'events.fields.received-sender-is-the-line': async (fx) => (await inChat(fx, 1, async () => undefined, { sender: 'customer-x' })).body.sender === 'customer-x',
    'events.fields.received-is-group-flipped': async (fx) => (await inChat(fx, 1, async () => undefined)).body.is_group === false,
    'events.fields.received-direction-outbound': async (fx) => (await firstDelivery(fx, null, () => inbound(fx))).delivery.body.data.direction === 'inbound',
    'events.fields.sent-text-not-sent': async (fx) => (await inChat(fx, 2, (chat) => reply(fx, chat, 'sent'))).body.text === 'x',
    'events.fields.failed-code-generic': async (fx) => (await inChat(fx, 2, (chat) => reply(fx, chat, 'failed', { error_code: 'carrier_said_no' }))).body.error_code === 'carrier_said_no',
    'events.fields.reaction-action-flipped': async (fx) => (await reaction(fx)).body.action === 'add',
    'events.fields.reaction-direction-flipped': async (fx) => (await reaction(fx)).body.direction === 'inbound',
    'events.fields.reaction-other-tapback': async (fx) => (await reaction(fx)).body.reaction === 'love',
    'events.fields.reaction-original-text-wrong': async (fx) => (await reaction(fx)).body.original_text === 'hi',
    'events.fields.reaction-sender-wrong': async (fx) => (await reaction(fx)).body.sender === 'customer-reacting',
    'events.fields.typing-started-sender-wrong': async (fx) => (await typing(fx, 'started')).body.sender === 'customer-typing',
    'events.fields.typing-stopped-sender-wrong': async (fx) => (await typing(fx, 'stopped')).body.sender === 'customer-typing',
    'events.fields.typing-is-group-flipped': async (fx) => (await typing(fx, 'started')).body.is_group === false,
    'events.fields.poll-received-title-wrong': async (fx) => (await poll(fx, 'received')).body.title === 'Lunch?',
    'events.fields.poll-received-id-wrong': async (fx) => {
      let made = '';
      const delivery = await inChat(fx, 2, async (chat) => {
        made = (await fx.control('POST', '/inbound/polls', { chat_id: chat.chat_id, sender: 'customer-poll', title: 'Lunch?', options: ['yes', 'no'], origin: 'received' })).body.data.poll_id;
      });
      return delivery.body.poll_id === made;
    },
    'events.fields.group-icon-url-wrong': async (fx) => (await group(fx, { icon_url: 'https://example.com/i.png' })).body.icon_url === 'https://example.com/i.png',
    'events.fields.poll-received-options-dropped': async (fx) => (await poll(fx, 'received')).body.options.length === 2,
    'events.fields.poll-created-sender-wrong': async (fx) => (await poll(fx, 'created')).body.sender === 'customer-poll',
    'events.fields.poll-voted-options-not-voted': async (fx) => JSON.stringify((await vote(fx)).body.voted_options) === '["yes"]',
    'events.fields.poll-voted-voter-wrong': async (fx) => (await vote(fx)).body.voter === 'customer-voter',
    'events.fields.group-previous-name-wrong': async (fx) => (await group(fx, { name: 'new' })).body.previous_name === null,
    'events.fields.group-name-not-new': async (fx) => (await group(fx, { name: 'new' })).body.name === 'new',
    'events.fields.group-previous-icon-wrong': async (fx) => (await group(fx, { icon_url: 'https://example.com/i.png' })).body.previous_icon_url === null,
    'events.fields.contact-shared-pending-flipped': async (fx) => (await card(fx)).body.is_pending === false,
    'events.fields.contact-shared-names-swapped': async (fx) => (await card(fx)).body.first_name === 'Ada',
    'events.v2.received-at-seconds': async (fx) => (await inChat(fx, 1, async () => undefined)).body.received_at > 1e12,
    'events.v2.sent-at-seconds': async (fx) => (await inChat(fx, 2, (chat) => reply(fx, chat, 'sent'))).body.sent_at > 1e12,
    'events.v2.delivered-at-seconds': async (fx) => (await inChat(fx, 2, (chat) => reply(fx, chat, 'delivered'))).body.delivered_at > 1e12,
    'events.v2.read-at-seconds': async (fx) => (await inChat(fx, 2, (chat) => reply(fx, chat, 'read'), { protocol: 'imessage', read_receipts: true })).body.read_at > 1e12,
    'events.v2.timestamp-seconds': async (fx) => (await inChat(fx, 1, async () => undefined)).body.timestamp > 1e12,
    'events.header.v2-no-message-id': async (fx) => /^msg_/.test(String((await inChat(fx, 1, async () => undefined)).headers['x-service-message-id'])),
    'events.header.v2-no-event-type': async (fx) => (await inChat(fx, 1, async () => undefined)).headers['x-service-event'] === 'message.received',
    'events.header.v2-content-type-text': async (fx) => (await inChat(fx, 1, async () => undefined)).headers['content-type'] === 'application/json',
  };
}

describe('fault switches are observable', () => {
  it('cover every declared fault', () => {
    expect(Object.keys(checks).sort()).toEqual([...messagingFaults, ...eventFaults].map((f) => f.name).sort());
  });

  it.each(Object.keys(checks))('%s', async (fault) => {
    const check = checks[fault]!;
    for (const [faults, expected] of [[[], true], [[fault], false]] as const) {
      const fx = await fixture({ faults: [...faults] });
      try {
        expect(await check(fx), faults.length ? `with ${fault}` : 'healthy').toBe(expected);
      } finally {
        await fx.close();
      }
    }
  });
});
