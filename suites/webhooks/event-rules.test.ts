// When events fire (description sections 3 and 6): message.delivered never for group chats; message.read
// reports read state, only for 1:1 iMessage chats with read receipts; typing events only for iMessage;
// poll events for native iMessage polls; contact.shared is the other party's card and creates or updates
// the matching contact. "Never" is judged after a later event of the same subscription arrived (the
// subscription is the check's own, so everything it receives comes from the check) and a short grace.
import { check, isNothingArrived, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import type { ChannelFixture } from '../../harness/fixtures/control-client.js';
import { assign, assignOk, keyAdmin } from '../_shared/api-keys.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { uniquePhone } from '../_shared/values.js';
import { fail, isRecord, mentions, shown } from '../_shared/common.js';
import { concerns, drive, groupOutbound, inbound, notEmittedOnItsOwn, outbound, poll, reply, shareCard, statusAction, testRecipient, typing, type Outbound } from '../_shared/events.js';
import { bodyOf, describeDelivery, headerOf, safeJson, useHooks, type Hooks, type Subscription } from '../_shared/webhooks.js';

const area = 'webhooks';
const hooksOf = useHooks();

/** Whether a delivery names `messageId` (X-Service-Message-Id, or message_id in the body or its data). */
function namesMessage(delivery: Delivery, messageId: string): boolean {
  const body = safeJson(delivery);
  const record = isRecord(body) ? body : {};
  const data = isRecord(record.data) ? record.data : {};
  return [headerOf(delivery, 'x-service-message-id'), record.message_id, data.message_id].includes(messageId);
}

/**
 * A status event the target's own carrier emits for the message `sent`; not verifiable when none comes in time.
 * One that comes is judged against the status's action: a field contradicting it fails on that field's clause.
 */
async function waitOnItsOwn(t: CheckContext, hooks: Hooks, sub: Subscription, type: string, sent: Outbound): Promise<Delivery> {
  statusAction(type, sent);
  try {
    return await hooks.waitForEvent(sub, type, (d) => namesMessage(d, sent.messageId));
  } catch (error) {
    if (!isNothingArrived(error)) throw error;
    return t.notVerifiable(notEmittedOnItsOwn(type, hooks.timeoutMs, 'driveMessageStatus'));
  }
}

function expectNone(hooks: Hooks, sub: Subscription, type: string, forbidden: (d: Delivery) => boolean, what: string): void {
  const seen = hooks.deliveriesTo(sub, type).filter(forbidden);
  if (seen.length > 0) fail(what, `no ${type}`, describeDelivery(seen[0] as Delivery));
}

check(
  {
    area,
    name: 'message-delivered-never-for-group-chats',
    title: 'a message in a group chat reported delivered (by the control API, or by the target\'s own carrier) emits no message.delivered',
    clauses: ['events.message-delivered.never-for-group-chats'],
    needs: ['simulateInboundMessage', 'channel:native-dedicated'],
  },
  async (t) => {
    // Fault: events.delivered-for-groups.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    const group = await groupOutbound(fx);
    const { messageId } = group;
    if (fx.controlOffers('driveMessageStatus')) {
      await drive(fx, messageId, 'sent');
      await drive(fx, messageId, 'delivered');
      // A later event of the same subscription: once it arrived, a message.delivered would have too.
      const later = await inbound(fx, { protocol: 'imessage' });
      await hooks.settle(hooks.waitForEvent(sub, 'message.received', concerns({ messageId: later.message_id, eventIds: [] })));
      expectNone(hooks, sub, 'message.delivered', () => true, 'message.delivered fired for a group chat');
      return;
    }
    // The target's own carrier: once it has sent the group message and delivered a 1:1 message sent after it,
    // a delivery of the group message would have been reported. Other checks' messages share the subscription
    // in a shared organization, so only deliveries naming the group message count.
    const oneToOne = await outbound(fx, { protocol: 'imessage' });
    await waitOnItsOwn(t, hooks, sub, 'message.sent', group);
    await hooks.settle(waitOnItsOwn(t, hooks, sub, 'message.delivered', oneToOne));
    expectNone(hooks, sub, 'message.delivered', (d) => namesMessage(d, messageId), 'message.delivered fired for a group chat');
  },
);

check(
  {
    area,
    name: 'read-state-is-reported-by-message-read',
    title: 'a message read in a 1:1 iMessage chat with read receipts is reported by a message.read event',
    clauses: ['messages.read.reported-by-event', 'events.message-read.shape'],
    needs: ['simulateInboundMessage', 'channel:native-dedicated'],
  },
  async (t) => {
    // Fault: events.read.not-emitted. The read is driven through the control API, or left to the sandbox's
    // reading test recipient, which the config says reads every message it gets.
    const fx = await t.fixtures();
    const driven = fx.controlOffers('driveMessageStatus');
    const reader = driven ? undefined : testRecipient(fx, 'reading');
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    const { messageId } = await outbound(fx, { protocol: 'imessage', readReceipts: true, ...(reader === undefined ? {} : { sender: reader }) });
    const eventIds = driven ? await drive(fx, messageId, 'read') : [];
    await hooks.waitForEvent(sub, 'message.read', concerns({ messageId, eventIds }));
  },
);

check(
  {
    area,
    name: 'read-receipts-only-for-1to1-imessage-with-receipts',
    title: 'no message.read for a chat without read receipts, an SMS chat or a group chat',
    clauses: ['messages.read.receipts-1to1-imessage-only', 'events.message-read.shape'],
    needs: ['read-status', 'simulateInboundMessage', 'channel:native-dedicated'],
  },
  async (t) => {
    // Fault: events.read-without-receipts.
    const fx = await t.fixtures();
    if (!fx.controlOffers('driveMessageStatus')) return readByTheReadingRecipient(t, testRecipient(fx, 'reading'));
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    const noReceipts = (await outbound(fx, { protocol: 'imessage', readReceipts: false })).messageId;
    const sms = (await outbound(fx, { protocol: 'sms' })).messageId;
    const group = (await groupOutbound(fx)).messageId;
    for (const id of [noReceipts, sms, group]) await drive(fx, id, 'read');
    const { messageId } = await outbound(fx, { protocol: 'imessage', readReceipts: true });
    const eventIds = await drive(fx, messageId, 'read');
    const own = hooks.waitForEvent(sub, 'message.read', concerns({ messageId, eventIds }));
    await hooks.settle(own);
    const cases: Record<string, string> = { [noReceipts]: 'a 1:1 iMessage chat without read receipts', [sms]: 'an SMS chat', [group]: 'a group chat' };
    for (const [id, chat] of Object.entries(cases)) expectNone(hooks, sub, 'message.read', (d) => namesMessage(d, id), `message.read fired for ${chat}`);
    // The subscription is this check's own: any other message.read, even one naming no message, was forbidden.
    const sentinel = await own;
    expectNone(hooks, sub, 'message.read', (d) => d.seq !== sentinel.seq && !namesMessage(d, messageId), 'a message.read fired for a chat without read receipts, an SMS chat or a group chat');
  },
);

/** A 1:1 or group chat the reading test recipient starts on `line` (with the settings given), and the business's reply there. */
async function replyToTheReader(fx: Fixtures, line: ChannelFixture, reader: string, chat: { protocol: 'imessage' | 'sms'; read_receipts?: boolean; group?: { name: string; participants: string[] } }): Promise<string> {
  const first = await fx.control().call<{ chat_id: string }>('POST', '/inbound/messages', { channel_id: line.id, sender: reader, text: 'mcs read receipts', ...chat });
  return reply(fx, first.chat_id);
}

/**
 * The read-receipt rule where no control API drives reads: the sandbox's reading test recipient, whose device the
 * config says reads every message it gets, is the customer of four chats, each on a line of its own (a chat's
 * settings are its own) in an organization of the check's own (every message.read there is the check's): one
 * without read receipts, an SMS one, a group, and last the 1:1 iMessage chat with receipts whose read must come.
 */
async function readByTheReadingRecipient(t: CheckContext, reader: string): Promise<void> {
  const fx = await t.freshOrganization();
  const kinds = ['native-dedicated', 'native-dedicated-nocard', 'native-inbound', 'native-shared'] as const;
  const lines = kinds.map((kind) => fx.channels.find((channel) => channel.kind === kind) ?? t.notVerifiable(`needs a ${kind} line in the organization made for the check (createOrganization)`));
  // The business replies from each line: its key owns them (given through the public API).
  for (const line of lines) {
    if (line.owner_api_key === fx.apiKey()) continue;
    const given = await assign(keyAdmin(fx), fx.apiKey(), line.id);
    if (!(assignOk as readonly number[]).includes(given.status)) t.notVerifiable(`could not give the line ${line.id} to the organization's primary key: ${shown(given)}`);
  }
  const [home, quiet, sms, group] = lines as [ChannelFixture, ChannelFixture, ChannelFixture, ChannelFixture];
  const hooks = await hooksOf(t);
  const sub = await hooks.subscribeV4(fx.v4());
  const cases: Record<string, string> = {
    [await replyToTheReader(fx, quiet, reader, { protocol: 'imessage', read_receipts: false })]: 'a 1:1 iMessage chat without read receipts',
    [await replyToTheReader(fx, sms, reader, { protocol: 'sms' })]: 'an SMS chat',
    [await replyToTheReader(fx, group, reader, { protocol: 'imessage', group: { name: 'mcs read receipts', participants: [reader, uniquePhone()] } })]: 'a group chat',
  };
  const messageId = await replyToTheReader(fx, home, reader, { protocol: 'imessage', read_receipts: true });
  const own = hooks.waitForEvent(sub, 'message.read', concerns({ messageId, eventIds: [] }));
  await hooks.settle(own);
  for (const [id, chat] of Object.entries(cases)) expectNone(hooks, sub, 'message.read', (d) => namesMessage(d, id), `message.read fired for ${chat}`);
  const sentinel = await own;
  expectNone(hooks, sub, 'message.read', (d) => d.seq !== sentinel.seq && !namesMessage(d, messageId), 'a message.read fired for a chat without read receipts, an SMS chat or a group chat');
}

check(
  {
    area,
    name: 'typing-events-only-for-imessage',
    title: 'someone typing in an SMS chat emits no typing event (typing in an iMessage chat does)',
    clauses: ['events.typing.imessage-only'],
    needs: ['simulateInboundMessage', 'simulateTyping', 'channel:native-dedicated'],
  },
  async (t) => {
    // Fault: events.typing.non-imessage.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    await typing(fx, 'started', 'sms');
    const sentinel = await typing(fx, 'stopped', 'imessage');
    await hooks.settle(hooks.waitForEvent(sub, 'typing.stopped', concerns(sentinel)));
    expectNone(hooks, sub, 'typing.started', () => true, 'typing.started fired for an SMS chat');
  },
);

check(
  {
    area,
    name: 'poll-events-only-for-native-imessage-polls',
    title: 'a poll in an SMS chat emits no poll.received (a native iMessage poll does)',
    clauses: ['events.poll.native-imessage'],
    needs: ['simulateInboundMessage', 'simulatePoll', 'channel:native-dedicated'],
  },
  async (t) => {
    // Fault: events.poll.non-imessage.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    await poll(fx, 'received', 'sms');
    await poll(fx, 'created', 'imessage');
    await hooks.settle(hooks.waitForEvent(sub, 'poll.created'));
    expectNone(hooks, sub, 'poll.received', () => true, 'poll.received fired for a poll in an SMS chat');
  },
);

check(
  {
    area,
    name: 'contact-shared-creates-then-updates-the-contact',
    title: 'contact.shared creates the contact of its address if needed, then a new card updates its name',
    clauses: ['events.contact-shared.upserts-contact'],
    needs: ['simulateContactShare', 'channel:native-dedicated'],
  },
  async (t) => {
    // Fault: events.contact-shared.no-upsert.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    const address = uniquePhone();
    for (const name of ['Ada Lovelace', 'Ada King']) {
      const [first, last] = name.split(' ');
      const shared = await shareCard(fx, { address, display_name: name, first_name: first ?? null, last_name: last ?? null, avatar_url: null });
      await hooks.waitForEvent(sub, 'contact.shared', concerns(shared));
      const found = await fx.v4().get('/contacts', { query: { identifier: address } });
      t.expect.hasStatus(found, 200);
      const contacts = isRecord(found.body) && Array.isArray(found.body.data) ? found.body.data : [];
      if (!contacts.some((contact) => mentions(contact, name))) fail(`after the card "${name}" was shared, the contact of ${address} does not carry it`, `a contact of ${address} named ${name}`, shown(found));
    }
  },
);

check(
  {
    area,
    name: 'contact-shared-is-the-other-partys-card',
    title: "contact.shared is inbound: address is the party that shared its card, internal_id the organization's line (or null)",
    clauses: ['events.contact-shared.inbound-only', 'events.contact-shared.shape'],
    needs: ['v2', 'simulateContactShare', 'channel:native-dedicated'],
  },
  async (t) => {
    // Fault: events.contact-shared.reversed.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV2(fx.v2(), 'all');
    const address = uniquePhone();
    const shared = await shareCard(fx, { address, display_name: 'Grace H', first_name: 'Grace', last_name: 'H', avatar_url: null });
    const body = bodyOf(await hooks.waitForEvent(sub, 'contact.shared', concerns(shared)));
    const line = fx.channel('native-dedicated');
    if (body.address !== address) fail('contact.shared does not name the party that shared its card in address', `address: ${address}`, `address: ${JSON.stringify(body.address)}`);
    if (body.internal_id !== null && body.internal_id !== line.address) fail("contact.shared's internal_id is not the line the card was shared with", `internal_id: ${line.address} or null`, `internal_id: ${JSON.stringify(body.internal_id)}`);
  },
);
