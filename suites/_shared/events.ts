// How the webhooks suites make each event happen: through the API where it can (replies, merges,
// purchases, number removal) and through the control API's simulations otherwise (inbound messages,
// statuses, reactions, typing, polls, group changes, shared cards), and how a delivery is matched to the
// trigger that caused it. Every trigger but the merge needs a control operation, or, for the statuses of a
// message the business writes first, a target whose carrier reports them on its own.
import { CheckFailure, path, prerequisite, type ApiResponse, type Fixtures } from '../../harness/check/index.js';
import { brokenClauseOf } from '../../harness/check/attribution.js';
import { notClaimedReason, unclaimedFeature } from '../../results/claims.js';
import { loadEventFields } from '../../spec/fields/index.js';
import { isNotVerifiable, NotVerifiable } from '../../harness/fixtures/not-verifiable.js';
import type { ControlOperation } from '../../harness/fixtures/control-operations.js';
import { unofferedReason } from '../../harness/fixtures/control-client.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { declareAction, type EventAction } from '../../harness/oracle/index.js';
import type { operations } from '../../spec/types/control.js';
import { uniquePhone } from './values.js';
import { dataOf, fail, idemKey, isRecord, messageIdOf, shown, type Json } from './common.js';
import { headerOf, safeJson } from './webhooks.js';

export interface Triggered {
  /** The message the event concerns, when there is one. */
  messageId?: string;
  /** Event ids the control API reported, when it did. */
  eventIds: string[];
  /**
   * The event may name another message than `messageId` (a reaction may carry its own id, spec/AMBIGUITIES.md
   * v4 41): without event ids, its deliveries are then matched by type alone.
   */
  mayNameOtherMessage?: true;
  /**
   * Left to the target, for want of the control operation named here: its own carrier's progress, or a report
   * the description allows but does not promise. An event that never arrives was then not emitted, which leaves
   * it not verifiable rather than lost.
   */
  onItsOwn?: ControlOperation;
  /** What the trigger did, declared once: the oracle judges every field of the event's deliveries against it. */
  action?: EventAction;
  /**
   * Ids the action yields that its declaration does not hold, by the field that would carry each (a purchase's
   * purchase_id, a removed line's phone_number and channel_id, a merge's contacts): see idsOf.
   */
  ids?: Readonly<Record<string, readonly string[]>>;
}

export interface InboundResult {
  message_id: string;
  chat_id: string;
  group_id?: string | null;
  /** The message.received it causes, declared to the oracle. */
  action?: EventAction;
}

export type Protocol = 'imessage' | 'sms' | 'rcs' | 'non-imessage';

/** The line inbound messages arrive on: the primary key's native dedicated line. */
export function homeLine(fx: Fixtures): string {
  return fx.channel('native-dedicated').id;
}

/**
 * Texts of the triggers: non-ASCII (accents, right-to-left, an astral emoji), so that every delivery carries
 * multi-byte UTF-8 and a signature is judged over the exact bytes, not over an ASCII subset.
 */
export const eventTexts = { inbound: 'hello from mcs — héllo مرحبا 👋', reply: 'a reply from mcs ✓ Zoë 😀', group: 'mcs group ✨ Ωμέγα', poll: 'Lunch? 🍕 déjeuner' } as const;

/** What the oracle knows of a chat the suite opened: the parts of an action every event in it shares. */
export interface ChatFacts {
  subject: NonNullable<EventAction['subject']>;
  setup: { is_group: boolean; group_name: string | null; members: string[] | null };
}

/** The home line's address and type, as the fixtures give them. */
function lineFacts(fx: Fixtures): { line: string; channel_type: string } {
  const line = fx.channel('native-dedicated');
  return { line: line.address, channel_type: line.type };
}

export async function inbound(fx: Fixtures, options: { protocol?: Protocol; readReceipts?: boolean; group?: { name?: string | null; participants: string[] }; sender?: string; text?: string } = {}): Promise<InboundResult & { action: EventAction; chat: ChatFacts }> {
  const sender = options.sender ?? uniquePhone();
  const text = options.text ?? eventTexts.inbound;
  const body: Json = { channel_id: homeLine(fx), sender, text };
  if (options.protocol !== undefined) body.protocol = options.protocol;
  if (options.readReceipts !== undefined) body.read_receipts = options.readReceipts;
  if (options.group !== undefined) body.group = options.group;
  const startedAt = Date.now();
  const done = await fx.control().call<InboundResult>('POST', '/inbound/messages', body);
  const group = options.group === undefined ? null : (done.group_id ?? undefined);
  const chat: ChatFacts = {
    subject: {
      chat_id: done.chat_id,
      ...(group === undefined ? {} : { external_id: group ?? sender, group_id: group }),
      ...lineFacts(fx),
      ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
    },
    setup: {
      is_group: options.group !== undefined,
      group_name: options.group === undefined ? null : (options.group.name ?? null),
      members: options.group === undefined ? null : [...options.group.participants, sender],
    },
  };
  const action = declareAction({
    type: 'message.received',
    startedAt,
    subject: { ...chat.subject, message_id: done.message_id },
    did: { direction: 'inbound', sender },
    sent: { text, attachments: [] },
    setup: chat.setup,
  });
  return { ...done, action, chat };
}

/** A reply in a chat (v4 POST /chats/{chatId}/messages as the primary key): the outbound message id. */
export async function reply(fx: Fixtures, chatId: string, text: string = eventTexts.reply): Promise<string> {
  return prerequisite('sendChatMessage', async () => {
    const response = await fx.v4().post(path`/chats/${chatId}/messages`, { json: { text }, idempotencyKey: idemKey() });
    return sentMessageId(response, 'the reply that should trigger the event');
  });
}

/** The id of an accepted send's message; a refusal fails the step (`what` names it). */
function sentMessageId(response: ApiResponse, what: string): string {
  const body = response.body;
  // The message object's id field is not shown (common messageIdOf); it is read wrapped or not.
  const id = messageIdOf(body) ?? (isRecord(body) ? messageIdOf(body.data) : undefined);
  if (response.status < 200 || response.status > 299 || id === undefined) fail(`${what} was not accepted`, 'an accepted send with the message id', shown(response));
  return id;
}

export async function drive(fx: Fixtures, messageId: string, status: 'sent' | 'delivered' | 'failed' | 'read', failure: { error_code?: string; error_message?: string } = {}): Promise<string[]> {
  const done = await fx.control().call<{ event_ids?: string[] }>('POST', path`/messages/${messageId}/status`, { status, ...failure });
  return done.event_ids ?? [];
}

/** An outbound message the business sent: its chat, text and when the send was asked for (its events' action). */
export interface Outbound {
  messageId: string;
  chat: ChatFacts;
  text: string;
  startedAt: number;
}

/**
 * A message the business writes first (v4 POST /messages to a fresh number), for where no customer can be made
 * to write in: every channel but business chat lets the business start (section 1.3). It is sent from the home
 * line where the primary key owns it (`from` pins the sender, section 1.2), so its events name that line. Its
 * chat is not known (the send's answer is not shown beyond the message id), so its events' chat is left
 * underived, as is the protocol the target chose.
 */
export async function businessFirst(fx: Fixtures, to: string = uniquePhone()): Promise<Outbound> {
  const home = fx.channel('native-dedicated');
  const pinned = home.owner_api_key === fx.apiKey();
  const text = eventTexts.reply;
  const startedAt = Date.now();
  const messageId = await prerequisite('sendMessage', async () => {
    const response = await fx.v4().post('/messages', { json: { to, text, ...(pinned ? { from: home.id } : {}) }, idempotencyKey: idemKey() });
    return sentMessageId(response, 'the message the business writes first, whose statuses are the events');
  });
  const subject = { external_id: to, group_id: null, ...(pinned ? { line: home.address } : {}) };
  return { messageId, chat: { subject, setup: { is_group: false, group_name: null, members: null } }, text, startedAt };
}

/** An outbound message in a 1:1 chat a customer (`sender`, else a fresh one) started, and that chat. */
export async function outbound(fx: Fixtures, options: { protocol?: Protocol; readReceipts?: boolean; sender?: string } = {}): Promise<Outbound> {
  const first = await inbound(fx, options);
  const startedAt = Date.now();
  return { messageId: await reply(fx, first.chat_id), chat: first.chat, text: eventTexts.reply, startedAt };
}

/** An outbound message in a fresh group chat (named eventTexts.group unless `name` says otherwise; null: unnamed). */
export async function groupOutbound(fx: Fixtures, name: string | null = eventTexts.group): Promise<Outbound & { groupId: string }> {
  const first = await inbound(fx, { protocol: 'imessage', group: { name, participants: [uniquePhone()] } });
  if (typeof first.group_id !== 'string') fail('the control API did not open a group chat', 'group_id in the answer', JSON.stringify(first));
  const startedAt = Date.now();
  const text = 'hello group';
  return { messageId: await reply(fx, first.chat_id, text), chat: first.chat, text, startedAt, groupId: first.group_id };
}

/** The action of a status event of an outbound message (message.sent, .delivered, .failed, .read). */
export function statusAction(type: string, sent: Outbound, eventIds: string[] = [], did: Record<string, unknown> = {}): EventAction {
  return declareAction({ type, startedAt: sent.startedAt, subject: { ...sent.chat.subject, message_id: sent.messageId }, did, sent: { text: sent.text, attachments: [] }, setup: sent.chat.setup, eventIds });
}

/** The carrier's failure a driven message.failed reports: its code is the set-up's, so the event must name it. */
export const carrierFailure = { error_code: 'mcs_carrier_rejected', error_message: 'The carrier rejected the message (mcs conformance)' } as const;

/** Why an event left to the target's own progress is not verifiable when it never came. */
export function notEmittedOnItsOwn(type: string, waitedMs: number, operation: ControlOperation): string {
  return `the target emitted no ${type} on its own within ${waitedMs} ms: ${unofferedReason(operation)}`;
}

/**
 * The sandbox's test recipient the config names (fixtures.test_recipients), for a failure or a read where no
 * control operation drives one: every message to `failing` fails, and `reading`'s device reads what it gets.
 */
export function testRecipient(fx: Fixtures, kind: 'failing' | 'reading'): string {
  const given = fx.target.fixtures.test_recipients?.[kind];
  if (given === undefined) throw new NotVerifiable(`${unofferedReason('driveMessageStatus')}, or the sandbox's ${kind} test recipient (the config file's fixtures.test_recipients.${kind})`);
  return given;
}

/**
 * A status event of an outbound message: driven where the control API offers driveMessageStatus. Else a
 * carrier of the target's own may send and deliver it (a vendor's sandbox), and the event is waited for; a
 * failure and a read come from the sandbox's test recipients, which the config says fail and read every
 * message, so that one that never comes is lost, not unmade (a failure names the code the config states its
 * failures carry, where it states one). The message is a reply in a chat a customer started; where no customer
 * can be made to write in, it is one the business writes first (to the failing recipient, for a failure), but
 * for a read, which needs a chat with read receipts.
 */
async function statusEvent(fx: Fixtures, status: 'sent' | 'delivered' | 'failed' | 'read', options: { readReceipts?: boolean } = {}): Promise<Triggered> {
  const driven = fx.controlOffers('driveMessageStatus');
  const sender = driven || status === 'sent' || status === 'delivered' ? undefined : testRecipient(fx, status === 'failed' ? 'failing' : 'reading');
  const writesFirst = status !== 'read' && !fx.controlOffers('simulateInboundMessage');
  const opened = writesFirst ? businessFirst(fx, sender) : outbound(fx, { protocol: 'imessage', ...options, ...(sender === undefined ? {} : { sender }) });
  const sent = await opened.catch((error: unknown) => {
    // Whether a business-first send is taken is the send checks' to judge (a cap may refuse it), and a sandbox
    // may refuse a send to its failing number at once: either leaves no message whose status could follow.
    if (writesFirst && error instanceof CheckFailure) throw new NotVerifiable(`the message the business would write first${sender === undefined ? '' : ` to the sandbox's test recipient ${sender}`} was refused, so no ${status} status could follow: ${error.message}`);
    if (sender !== undefined && error instanceof CheckFailure) throw new NotVerifiable(`the reply to the sandbox's test recipient ${sender} was refused, so no ${status} status could follow: ${error.message}`);
    throw error;
  });
  const { messageId } = sent;
  if (driven) {
    const failure = status === 'failed' ? carrierFailure : {};
    const eventIds = await drive(fx, messageId, status, failure);
    return { messageId, eventIds, action: statusAction(`message.${status}`, sent, eventIds, status === 'failed' ? { error_code: carrierFailure.error_code } : {}) };
  }
  const stated = status === 'failed' ? fx.target.fixtures.test_recipients?.failing_error_code : undefined;
  return { messageId, eventIds: [], action: statusAction(`message.${status}`, sent, [], stated === undefined ? {} : { error_code: stated }), ...(sender === undefined ? { onItsOwn: 'driveMessageStatus' as const } : {}) };
}

/** A chat to act in: a fresh 1:1 chat of `protocol` (its customer the one acting), or one the caller opened. */
type ChatOf = { chat_id: string; chat: ChatFacts };

async function chatFor(fx: Fixtures, protocol: Protocol, chat: ChatOf | undefined): Promise<ChatOf> {
  return chat ?? (await inbound(fx, { protocol }));
}

/** Someone types in a chat: in a 1:1 chat the customer (its sender), in a group `sender` or any participant. */
export async function typing(fx: Fixtures, state: 'started' | 'stopped', protocol: Protocol = 'imessage', options: { chat?: ChatOf; sender?: string } = {}): Promise<Triggered> {
  const { chat_id, chat } = await chatFor(fx, protocol, options.chat);
  const customer = chat.setup.is_group ? undefined : chat.subject.external_id;
  const sender = options.sender ?? customer;
  const startedAt = Date.now();
  const done = await fx.control().call<{ event_ids?: string[] }>('POST', '/inbound/typing', { chat_id, state, ...(sender === undefined ? {} : { sender }) });
  const eventIds = done.event_ids ?? [];
  // "sender (1:1 only; null for groups)".
  const action = declareAction({ type: `typing.${state}`, startedAt, subject: chat.subject, did: { sender: chat.setup.is_group ? null : (sender ?? null) }, setup: chat.setup, eventIds });
  return { eventIds, action };
}

/** A native poll appears in a chat (a fresh 1:1 one unless given): poll.received, or poll.created from the own device. */
export async function poll(fx: Fixtures, origin: 'received' | 'created', protocol: Protocol = 'imessage', options: { chat?: ChatOf; sender?: string } = {}): Promise<{ pollId: string; chatId: string; chat: ChatFacts; action: EventAction; title: string }> {
  const { chat_id, chat } = await chatFor(fx, protocol, options.chat);
  const sender = options.sender ?? uniquePhone();
  const title = eventTexts.poll;
  const pollOptions = ['Pizza', 'Salad'];
  const startedAt = Date.now();
  const created = await fx.control().call<{ poll_id: string }>('POST', '/inbound/polls', { chat_id, sender, title, options: pollOptions, origin });
  const action = declareAction({ type: `poll.${origin}`, startedAt, subject: { ...chat.subject, poll_id: created.poll_id }, did: { sender }, sent: { title, options: pollOptions }, setup: chat.setup });
  return { pollId: created.poll_id, chatId: chat_id, chat, action, title };
}

/** Someone votes on a poll: the options now selected are `votedOptions`. */
export async function vote(fx: Fixtures, made: { pollId: string; chat: ChatFacts; title: string }, votedOptions: string[], voter: string = uniquePhone()): Promise<Triggered> {
  const startedAt = Date.now();
  const ack = await fx.control().call<{ event_ids?: string[] }>('POST', '/inbound/poll-votes', { poll_id: made.pollId, voter, voted_options: votedOptions });
  const eventIds = ack.event_ids ?? [];
  const action = declareAction({ type: 'poll.voted', startedAt, subject: { ...made.chat.subject, poll_id: made.pollId }, did: { voter }, sent: { voted_options: votedOptions }, before: { title: made.title }, setup: made.chat.setup, eventIds });
  return { eventIds, action };
}

/**
 * A group's name (`name`) or icon (`icon_url`) changes, in a fresh group without an icon: an unnamed one for a
 * rename (previous_name is then null), one named eventTexts.group for a new icon.
 */
async function groupChange(fx: Fixtures, change: { name: string } | { icon_url: string }): Promise<Triggered> {
  const group = await groupOutbound(fx, 'name' in change ? null : eventTexts.group);
  const startedAt = Date.now();
  const done = await fx.control().call<{ event_ids?: string[] }>('POST', '/inbound/group-changes', { group_id: group.groupId, ...change });
  const eventIds = done.event_ids ?? [];
  const renamed = 'name' in change;
  const action = declareAction({
    type: renamed ? 'group.name_changed' : 'group.icon_changed',
    startedAt,
    subject: group.chat.subject,
    sent: change,
    before: renamed ? { name: group.chat.setup.group_name } : { icon_url: null },
    setup: group.chat.setup,
    eventIds,
  });
  return { eventIds, action };
}

/** The card a party shares: the control API's simulateContactShare body beside `channel_id`. */
export type SharedCard = Omit<operations['simulateContactShare']['requestBody']['content']['application/json'], 'channel_id'>;

/** The other party shares a card with the home line. */
export async function shareCard(fx: Fixtures, card: SharedCard): Promise<Triggered> {
  const startedAt = Date.now();
  const done = await fx.control().call<{ event_ids?: string[] }>('POST', '/inbound/contact-shares', { channel_id: homeLine(fx), ...card });
  const eventIds = done.event_ids ?? [];
  const { address, is_pending: pending, ...shown } = card;
  const action = declareAction({
    type: 'contact.shared',
    startedAt,
    subject: { external_id: address, line: lineFacts(fx).line },
    did: { address },
    // A field the card left out is null in the event ("each string or null"); is_pending defaults to false.
    sent: { display_name: null, first_name: null, last_name: null, avatar_url: null, ...shown },
    setup: { is_pending: pending ?? false },
    eventIds,
  });
  return { eventIds, action };
}

async function mergeContacts(fx: Fixtures): Promise<Triggered> {
  const startedAt = Date.now();
  const v4 = fx.v4();
  const contact = (name: string) => prerequisite('createContact', async () => dataOf<Json>(await v4.post('/contacts', { json: { name } })));
  const survivor = await contact('mcs survivor');
  const source = await contact('mcs source');
  await prerequisite('mergeContact', async () => {
    const merged = await v4.post(path`/contacts/${String(survivor.id)}/merge`, { json: { source_contact_id: source.id } });
    if (merged.status !== 200) fail('the merge that should emit contact.merged was refused', '200', shown(merged));
  });
  // Its payload is not shown: where it names the source or the survivor by the description's field names, they are these.
  const ids = { source_contact_id: [String(source.id)], merged_into: [String(survivor.id)] };
  return { eventIds: [], ids, action: declareAction({ type: 'contact.merged', startedAt }) };
}

/**
 * The business reacts to a customer's message through the v2 API: message.reaction has a `direction` with
 * `outbound` among its values (section 6), so a target may report it; whether it does is not said, so one that
 * never comes is not verifiable (`onItsOwn`).
 */
async function outboundReaction(fx: Fixtures, customer: string, received: InboundResult & { chat: ChatFacts }): Promise<Triggered> {
  const messageId = received.message_id;
  const startedAt = Date.now();
  const response = await fx.v2().post(path`/chats/${customer}/messages/${messageId}/reactions`, { json: { reaction: '+love' } });
  // Its answers are not shown, nor that a v2 chat and message are the ones the simulation named: a refusal
  // leaves message.reaction unmade (the v2 reaction checks judge the endpoint).
  if (response.status < 200 || response.status > 299) throw new NotVerifiable(`the business's own reaction that would report message.reaction was refused (${shown(response)}): ${unofferedReason('simulateReaction')}`);
  // Who the business's own reaction names as its sender is not shown: left underived.
  const action = declareAction({ type: 'message.reaction', startedAt, subject: { ...received.chat.subject, message_id: messageId }, did: { direction: 'outbound', reaction: 'love', action: 'add' }, before: { text: eventTexts.inbound }, setup: received.chat.setup, mayNameOtherMessage: true });
  return { messageId, eventIds: [], mayNameOtherMessage: true, action };
}

/** Someone reacts to a customer's message in a fresh 1:1 chat: `reaction` (love, like, ...) added or removed. */
export async function inboundReaction(fx: Fixtures, reaction: string, act: 'add' | 'remove'): Promise<Triggered> {
  const sender = uniquePhone();
  const done = await inbound(fx, { protocol: 'imessage', sender });
  if (!fx.controlOffers('simulateReaction')) return { ...(await outboundReaction(fx, sender, done)), onItsOwn: 'simulateReaction' };
  const reactor = uniquePhone();
  const startedAt = Date.now();
  const ack = await fx.control().call<{ event_ids?: string[] }>('POST', '/inbound/reactions', { message_id: done.message_id, reaction, action: act, sender: reactor });
  const eventIds = ack.event_ids ?? [];
  const action = declareAction({
    type: 'message.reaction',
    startedAt,
    subject: { ...done.chat.subject, message_id: done.message_id },
    did: { direction: 'inbound', reaction, action: act, sender: reactor },
    before: { text: eventTexts.inbound },
    setup: done.chat.setup,
    eventIds,
    mayNameOtherMessage: true,
  });
  return { messageId: done.message_id, eventIds, mayNameOtherMessage: true, action };
}

/** The message, poll, typing, group and contact events: each type with the trigger that emits it. */
export const messagingTriggers: Readonly<Record<string, (fx: Fixtures) => Promise<Triggered>>> = {
  'message.received': async (fx) => {
    const done = await inbound(fx, { protocol: 'imessage' });
    return { messageId: done.message_id, eventIds: [], action: done.action };
  },
  'message.sent': (fx) => statusEvent(fx, 'sent'),
  'message.delivered': (fx) => statusEvent(fx, 'delivered'),
  'message.failed': (fx) => statusEvent(fx, 'failed'),
  'message.read': (fx) => statusEvent(fx, 'read', { readReceipts: true }),
  'message.reaction': (fx) => inboundReaction(fx, 'love', 'add'),
  'typing.started': (fx) => typing(fx, 'started'),
  'typing.stopped': (fx) => typing(fx, 'stopped'),
  'poll.received': async (fx) => ({ eventIds: [], action: (await poll(fx, 'received')).action }),
  'poll.created': async (fx) => ({ eventIds: [], action: (await poll(fx, 'created')).action }),
  'poll.voted': async (fx) => vote(fx, await poll(fx, 'received'), ['Pizza']),
  'group.name_changed': (fx) => groupChange(fx, { name: 'mcs renamed' }),
  'group.icon_changed': (fx) => groupChange(fx, { icon_url: 'https://example.com/mcs-icon.png' }),
  'contact.shared': (fx) => shareCard(fx, { address: uniquePhone(), display_name: 'Ada L', first_name: 'Ada', last_name: 'L', avatar_url: null }),
  'contact.merged': mergeContacts,
};

const purchasePath = '/channels/native/purchases';

/** A purchase (a step of its own clause, purchases.create.accepted-202): its purchase_id. */
async function purchase(fx: Fixtures): Promise<string> {
  return prerequisite('purchaseNativeNumbers', async () => {
    const token = fx.appToken({ with: ['numbers:manage'] });
    const response = await fx.v4(token).post(purchasePath, { json: { plan: 'dedicated_com', quantity: 1 }, idempotencyKey: idemKey() });
    const data = isRecord(response.body) && isRecord(response.body.data) ? response.body.data : undefined;
    if (response.status !== 202 || typeof data?.purchase_id !== 'string') fail('the purchase that should emit a number event was not accepted', '202 with purchase_id', shown(response));
    return data.purchase_id;
  });
}

/** A purchase the control API then settles (`outcome`): the number.purchase.* event it emits. */
async function settledPurchase(fx: Fixtures, outcome: 'confirm' | 'fail', type: string): Promise<Triggered> {
  const id = await purchase(fx);
  const startedAt = Date.now();
  await fx.control().call('POST', path`/purchases/${id}/${outcome}`);
  return { eventIds: [], ids: { purchase_id: [id] }, action: declareAction({ type, startedAt }) };
}

/** The number events, in an organization whose plan allows purchases (with 3DS for action_required). */
export const numberTriggers: Readonly<Record<string, (fx: Fixtures) => Promise<Triggered>>> = {
  'number.purchase.completed': (fx) => settledPurchase(fx, 'confirm', 'number.purchase.completed'),
  'number.purchase.failed': (fx) => settledPurchase(fx, 'fail', 'number.purchase.failed'),
  'number.removed': async (fx) => {
    const line = await fx.control().createChannel({ kind: 'native-dedicated-nocard', owner_api_key: fx.apiKey() });
    const startedAt = Date.now();
    await prerequisite('removeChannel', async () => {
      const removed = await fx.v4().delete(path`/channels/${line.id}`, { json: { reasons: ['mcs conformance'] } });
      if (removed.status !== 200) fail('the number removal that should emit number.removed was refused', '200', shown(removed));
    });
    return { eventIds: [], ids: { phone_number: [line.address], channel_id: [line.id] }, action: declareAction({ type: 'number.removed', startedAt }) };
  },
  'number.purchase.action_required': async (fx) => {
    await fx.control().setPlan({ payment_method: 'requires_3ds' });
    try {
      const startedAt = Date.now();
      const id = await purchase(fx);
      return { eventIds: [], ids: { purchase_id: [id] }, action: declareAction({ type: 'number.purchase.action_required', startedAt }) };
    } finally {
      await fx.control().setPlan({ payment_method: 'valid' });
    }
  },
};

/** What a run of triggers made, what it could not make (and why), and which steps of other clauses failed. */
export interface TriggerRun {
  triggered: Map<string, Triggered>;
  /** Types the target could not be made to emit (a control operation it lacks, a feature it does not claim), with why. */
  untriggered: Map<string, string>;
  /**
   * Types whose trigger failed on a step of another clause or of an optional feature (a prerequisite: a purchase,
   * a removal, a merge, a send): the failure, attributed to that step's clause. The checks that needed the type
   * rethrow it; the others judge what the rest made.
   */
  broken: Map<string, unknown>;
}

/** Why an event type is out of the run's scope: the feature of its clause is not claimed (undefined: in scope). */
export function unclaimedReason(type: string, claims: readonly string[] | undefined): string | undefined {
  const clause = loadEventFields().events[type]?.clause;
  const feature = clause === undefined ? undefined : unclaimedFeature({ id: type, clauses: [clause] }, claims);
  return feature === undefined ? undefined : `${notClaimedReason(feature)}: the target emits no ${type}`;
}

/**
 * Runs each trigger the target can make happen (the others need a control operation it does not offer, or a
 * feature it does not claim): what each made, why the others were not made, and which failed on a step of another
 * clause. The checks judging deliveries then judge those that arrived.
 */
export async function triggerOffered(fx: Fixtures, triggers: Readonly<Record<string, (fx: Fixtures) => Promise<Triggered>>>, claims?: readonly string[]): Promise<TriggerRun> {
  const run: TriggerRun = { triggered: new Map(), untriggered: new Map(), broken: new Map() };
  for (const [type, trigger] of Object.entries(triggers)) {
    const unclaimed = unclaimedReason(type, claims);
    if (unclaimed !== undefined) {
      run.untriggered.set(type, unclaimed);
      continue;
    }
    try {
      run.triggered.set(type, await trigger(fx));
    } catch (error) {
      if (isNotVerifiable(error)) run.untriggered.set(type, error.message);
      else if (brokenClauseOf(error) !== undefined) run.broken.set(type, error);
      else throw error;
    }
  }
  return run;
}

/**
 * The number events where the target can make them: purchases enabled with a valid card (then a card asking for
 * 3DS, for action_required), plan facts and purchase outcomes being control operations. One whose purchase or
 * removal fails is broken (its clause's failure), and the others are still made.
 */
export async function triggerOfferedNumberEvents(fx: Fixtures, claims?: readonly string[]): Promise<TriggerRun> {
  const inScope = Object.keys(numberTriggers).some((type) => unclaimedReason(type, claims) === undefined);
  try {
    if (inScope) await fx.control().setPlan({ number_purchase_enabled: true, payment_method: 'valid' });
  } catch (error) {
    if (!isNotVerifiable(error)) throw error;
    return { triggered: new Map(), untriggered: new Map(Object.keys(numberTriggers).map((type) => [type, unclaimedReason(type, claims) ?? error.message])), broken: new Map() };
  }
  return triggerOffered(fx, numberTriggers, claims);
}

/** Runs each trigger in turn: event type -> what it reported. */
export async function triggerEach(fx: Fixtures, triggers: Readonly<Record<string, (fx: Fixtures) => Promise<Triggered>>>, types: readonly string[] = Object.keys(triggers)): Promise<Map<string, Triggered>> {
  const done = new Map<string, Triggered>();
  for (const type of types) {
    const trigger = triggers[type];
    if (trigger === undefined) throw new Error(`no trigger for ${type}`);
    done.set(type, await trigger(fx));
  }
  return done;
}

/**
 * The ids a trigger's action yields, by the delivery field that would carry each (at the top of a flat body or in
 * the `data` of either body; the message's also in X-Service-Message-Id), with the values it may hold there: the
 * message, chat, poll, group, contact, number and purchase the action made or acted on (ids are prefixed and
 * globally unique, section 2; the other party's number is the chat's). The values the action sent (a text, a
 * title, a sender) do not pick a delivery: one whose ids are the action's is the action's, and a value
 * contradicting it is the oracle's to fail on that field's own clause, where picking by it would turn a wrong
 * field into a lost delivery.
 */
export function idsOf(triggered: Triggered): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  const put = (field: string, ...values: unknown[]) => {
    const strings = values.filter((value): value is string => typeof value === 'string');
    if (strings.length > 0) ids.set(field, [...new Set([...(ids.get(field) ?? []), ...strings])]);
  };
  const action = triggered.action;
  const subject = action?.subject ?? {};
  // A reaction may name its own message (spec/AMBIGUITIES.md v4 41): its message id picks nothing.
  if (!triggered.mayNameOtherMessage) put('message_id', triggered.messageId);
  // The flat chat_id is "phone number or identifier": the chat_ id, the other party or the group, any of them;
  // where the action does not know its chat_ id (a message the business wrote first), none is judged (oracle 4).
  if (subject.chat_id !== undefined) put('chat_id', subject.chat_id, subject.external_id, subject.group_id);
  put('external_id', subject.external_id);
  put('poll_id', subject.poll_id);
  put('group_id', subject.group_id);
  put('address', action?.did?.address);
  for (const [field, values] of Object.entries(triggered.ids ?? {})) put(field, ...values);
  return ids;
}

/** The string values a delivery carries in `field`: at the top of its body, in its `data`. */
function carried(body: Json, field: string): string[] {
  const data = isRecord(body.data) ? body.data : {};
  return [body[field], data[field]].filter((value): value is string => typeof value === 'string');
}

/**
 * Whether a delivery is the one a trigger caused: its event id (v4 envelope) when the control API reported the
 * trigger's, else every id of the action (idsOf) that the delivery carries agrees. A delivery carrying none of
 * them is taken as a match (the description does not make every event carry them); arrival order decides
 * nothing, and a delivery whose ids are another action's is not this one's.
 */
export function concerns(triggered: Triggered | undefined): (delivery: Delivery) => boolean {
  if (triggered === undefined) return () => true;
  const ids = idsOf(triggered);
  return (delivery) => {
    const body = safeJson(delivery);
    const record = isRecord(body) ? body : {};
    if (typeof record.id === 'string' && record.id.startsWith('evt_') && triggered.eventIds.length > 0) return triggered.eventIds.includes(record.id);
    for (const [field, values] of ids) {
      const named = carried(record, field);
      if (field === 'message_id') {
        const header = headerOf(delivery, 'x-service-message-id');
        if (header !== undefined) named.push(header);
      }
      if (named.some((value) => !values.includes(value))) return false;
    }
    return true;
  };
}
