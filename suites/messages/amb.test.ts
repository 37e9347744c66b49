// The business-chat channel `amb` (section 1 behaviours 3 and 4; section 2 Interactive message payload;
// section 8 quick reply choices): conversations start with the customer, an inbound sender is an opaque
// customer id and replies go to the chat id of the inbound event; interactive payloads (`kind`,
// `summary_text`, `items`) carry no text and a quick_reply offers 2 to 5 choices; customers unreachable on
// amb fall back to RCS, then SMS, in priority order. The refusal code of a business-first message is not
// shown (the reference says customer_initiated_only), so only a refusal is asserted. The one business-first
// message allowed, an approved invitation to an opted-in customer, takes a form the description does not
// show: the target names its body field (MCS_AMB_INVITATION_FIELD) and its control API sets up the rest.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { check, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { uniquePhone } from '../_shared/values.js';
import { fail, isAccepted, isRecord, shown, type Json } from '../_shared/common.js';
import { expectCarrier, expectNothingSent, fullyDescribedKinds, inbound, interactiveKinds, sendInChat, sendMessage, sendOnChannel } from '../_shared/messaging.js';
import { createPriority } from '../_shared/priorities.js';
import { ownKey } from '../_shared/api-keys.js';
import { lineOfItsOwn } from '../_shared/spare-lines.js';
import { bodyOf, useHooks } from '../_shared/webhooks.js';

const area = 'messages';
const hooksOf = useHooks();
const customerId = (): string => `cust-${randomUUID()}`;
const items = (count: number): Json[] => Array.from({ length: count }, (_, i) => ({ id: `choice-${i + 1}`, title: `Choice ${i + 1}` }));

/** A business-chat conversation the customer started: the amb line and the chat to reply to. */
async function customerChat(t: CheckContext): Promise<{ fx: Fixtures; amb: string; chatId: string; customer: string }> {
  const fx = await t.fixtures();
  const amb = fx.channel('amb').id;
  const customer = customerId();
  const { chat_id: chatId } = await inbound(fx, { channel_id: amb, sender: customer, text: 'Hi, I have a question' });
  return { fx, amb, chatId, customer };
}

check(
  {
    area,
    name: 'amb-business-first-message-is-refused',
    title: 'a business-first message on amb to a customer who has not written is refused (4xx), sending nothing where the sent log shows it',
    clauses: ['amb.conversation.customer-initiated'],
    needs: ['channel:amb'],
  },
  async (t) => {
    // Fault: messaging.amb.business-first-allowed.
    const fx = await t.fixtures();
    const outcome = await sendOnChannel(fx, fx.v4(), fx.channel('amb').id, { to: customerId(), text: 'Hello, buy now' });
    t.expect.errorShape(outcome.response, undefined);
    expectNothingSent(outcome, 'the business-first amb message');
  },
);

check(
  {
    area,
    name: 'amb-approved-invitation-goes-first-to-an-opted-in-customer-only',
    title: 'the one business-first amb message, an approved invitation, is accepted for a customer who opted in on the line and refused (4xx, nothing sent) for one who did not',
    clauses: ['amb.conversation.customer-initiated'],
    needs: ['approveAmbInvitation', 'listSentMessages', 'simulateAmbOptIn', 'channel:amb', 'setting:amb_invitation_field'],
  },
  async (t) => {
    // Faults: messaging.amb.invitation-refused, messaging.amb.invitation-without-opt-in.
    const field =
      t.targetSetting('amb_invitation_field') ??
      t.notVerifiable('how a send names an approved invitation is not shown in the description; set MCS_AMB_INVITATION_FIELD to the body field that carries the invitation id');
    const fx = await t.fixtures();
    const control = fx.control();
    const amb = fx.channel('amb').id;
    const unoffered = 'the control API offers no business-chat set-up (amb/invitations, amb/opt-ins in spec/control.openapi.yaml)';
    const invitation = (await control.callIfOffered<{ invitation_id: string }>('POST', '/amb/invitations', { text: 'We are here to help with your order' })) ?? t.notVerifiable(unoffered);
    const optedIn = customerId();
    if ((await control.callIfOffered('POST', '/amb/opt-ins', { channel_id: amb, customer_id: optedIn })) === undefined) t.notVerifiable(unoffered);
    const stranger = await sendOnChannel(fx, fx.v4(), amb, { to: customerId(), [field]: invitation.invitation_id });
    t.expect.errorShape(stranger.response, undefined);
    if (stranger.records.length > 0) fail('an invitation went to a customer who never opted in', 'a refusal, nothing sent', JSON.stringify(stranger.records));
    const invited = await sendOnChannel(fx, fx.v4(), amb, { to: optedIn, [field]: invitation.invitation_id });
    if (!isAccepted(invited.response)) fail('an approved invitation to a customer who opted in was refused', 'an accepted send', shown(invited.response));
    const record = invited.records[0];
    if (invited.records.length !== 1 || record?.channel_id !== amb) fail('the invitation did not go out once on the amb line', `one message on ${amb}`, JSON.stringify(invited.records));
  },
);

check(
  {
    area,
    name: 'amb-inbound-sender-is-opaque-and-reply-goes-to-chat',
    title: 'an amb inbound event carries the opaque customer id as sender and a chat_ id; a reply to that chat goes out on amb in that chat',
    clauses: ['amb.inbound.opaque-sender-reply-to-chat', 'amb.conversation.customer-initiated', 'chats.send.stays-in-thread'],
    needs: ['simulateInboundMessage', 'channel:amb'],
  },
  async (t) => {
    // Fault: messaging.chat-reply.new-thread (the answer names another chat). The event is seen as a client
    // sees it, through a v4 subscription of the check's own (a v4 subscription receives every event type).
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4((await t.fixtures()).v4());
    const { fx, amb, chatId, customer } = await customerChat(t);
    const delivery = await hooks.waitForEvent(sub, 'message.received', (d) => isRecord(bodyOf(d).data) && (bodyOf(d).data as Json).chat_id === chatId);
    const data = bodyOf(delivery).data as Json;
    if (data.sender !== customer) fail('the amb inbound sender is not the opaque customer id', customer, JSON.stringify(data.sender));
    if (!chatId.startsWith('chat_')) fail('the amb chat id is not a chat_ id', 'chat_...', chatId);
    const reply = await sendInChat(fx, fx.v4(), chatId, { text: 'Happy to help' });
    if (!isAccepted(reply.response)) fail('a reply to the customer\'s chat was refused', 'an accepted send', shown(reply.response));
    const body = reply.response.body;
    if (isRecord(body) && 'chat_id' in body && body.chat_id !== chatId) fail('the reply answer names another chat', chatId, String(body.chat_id));
    // Where no sent log shows the reply, its answer's chat_id and channel_id (fields not shown) are the evidence.
    if (!reply.observed) {
      if (!isRecord(body) || !('chat_id' in body)) t.notVerifiable('which chat the reply went out in cannot be seen (the control operation listSentMessages, or a chat_id in the answer)');
      expectCarrier(reply, amb, 'the reply to the amb customer');
      return;
    }
    const record = reply.records[0];
    if (reply.records.length !== 1 || record?.chat_id !== chatId || record.channel_id !== amb) fail('the reply did not go out on amb in the customer\'s chat', `one message on ${amb} in ${chatId}`, JSON.stringify(reply.records));
  },
);

check(
  {
    area,
    name: 'quick-reply-offers-2-to-5-choices',
    title: 'an interactive quick_reply is accepted with 2 to 5 choices and refused (4xx) with fewer or more, sending nothing where the sent log shows it',
    clauses: ['limits.interactive.quick-reply-2-to-5'],
    needs: ['simulateInboundMessage', 'channel:amb'],
  },
  async (t) => {
    // Fault: messaging.interactive.quick-reply-count-unchecked.
    const { fx, chatId } = await customerChat(t);
    const judge = async (count: number): Promise<void> => {
      const outcome = await sendInChat(fx, fx.v4(), chatId, { interactive: { kind: 'quick_reply', summary_text: 'Pick one', items: items(count) } });
      if (count >= 2 && count <= 5) {
        if (!isAccepted(outcome.response)) fail(`a quick_reply with ${count} choices was refused`, 'accepted', shown(outcome.response));
      } else {
        t.expect.errorShape(outcome.response, undefined);
        expectNothingSent(outcome, `a quick_reply with ${count} choices`);
      }
    };
    // The edges every run (random draws alone would miss some of them in many runs), then random counts.
    for (const count of [0, 1, 2, 5, 6]) await judge(count);
    await t.assertProperty(fc.asyncProperty(fc.integer({ min: 0, max: 9 }), judge), { numRuns: 8 });
  },
);

check(
  {
    area,
    name: 'interactive-send-carries-no-text',
    title: 'an interactive send that also carries text is refused (4xx), sending nothing where the sent log shows it',
    clauses: ['interactive.payload.no-text'],
    needs: ['simulateInboundMessage', 'channel:amb'],
  },
  async (t) => {
    // Fault: messaging.interactive.text-allowed.
    const { fx, chatId } = await customerChat(t);
    const outcome = await sendInChat(fx, fx.v4(), chatId, { text: 'Pick one', interactive: { kind: 'quick_reply', summary_text: 'Pick one', items: items(3) } });
    t.expect.errorShape(outcome.response, undefined);
    expectNothingSent(outcome, 'the interactive send with text');
  },
);

check(
  {
    area,
    name: 'interactive-kinds-are-handled',
    title: 'every named interactive kind sent in an amb chat is accepted, refused (4xx with an error body) or not supported (501); quick_reply and list_picker are accepted',
    clauses: ['interactive.payload.kinds', 'interactive.payload.shape'],
    needs: ['simulateInboundMessage', 'channel:amb'],
  },
  async (t) => {
    // Fault: messaging.interactive.kinds-unsupported.
    const { fx, chatId } = await customerChat(t);
    // Kind-specific fields beyond kind, summary_text and items are not shown: those kinds may be refused with a
    // 4xx, or answered 501 by a line that cannot send them (section 7), but only quick_reply and list_picker
    // are fully described, so only they must be accepted.
    for (const kind of interactiveKinds) {
      const { response } = await sendInChat(fx, fx.v4(), chatId, { interactive: { kind, summary_text: `A ${kind}`, items: items(kind === 'list_picker' ? 8 : 3) } });
      if (isAccepted(response)) continue;
      if (fullyDescribedKinds.includes(kind)) fail(`an interactive ${kind} in an amb chat was refused`, 'accepted', shown(response));
      // Section 7 shows no fields of a send's 501 beyond the error shapes (response validation judges those).
      if (response.status === 501) continue;
      t.expect.errorShape(response, undefined);
    }
  },
);

async function fallbackLands(t: CheckContext, order: ('amb' | 'rcs' | 'sms_provider')[], expected: 'rcs' | 'sms_provider'): Promise<void> {
  const fx = await t.fixtures();
  // A key of its own, whose default priority changes nothing for the other checks, with an SMS line of its own.
  const key = await ownKey(t, fx);
  const lines: Record<string, string> = { amb: fx.channel('amb').id, rcs: fx.channel('rcs').id, sms_provider: (await lineOfItsOwn(t, fx, { owner: key, kind: 'sms_provider' })).id };
  await createPriority(fx.v4(key), { name: 'mcs-amb-fallback', is_default: true, channels: order.map((kind, i) => ({ channel: lines[kind] ?? '', tier: i + 1 })) });
  expectCarrier(await sendMessage(fx, fx.v4(key), { to: uniquePhone(), text: 'Your order shipped' }), lines[expected] ?? '', `a customer who never wrote on amb, priority ${order.join(' > ')}`);
}

check(
  {
    area,
    name: 'amb-falls-back-to-rcs-first',
    title: 'with amb, RCS and SMS placed in that order, a customer unreachable on amb gets the message over RCS',
    clauses: ['amb.fallback.rcs-then-sms', 'routing.agnostic.priority-waterfall'],
    needs: ['fresh-key', 'spare-line', 'channel:amb', 'channel:rcs'],
  },
  async (t) => {
    // Faults: messaging.amb.business-first-allowed (it stays on amb), messaging.routing.descending-tiers.
    await fallbackLands(t, ['amb', 'rcs', 'sms_provider'], 'rcs');
  },
);

check(
  {
    area,
    name: 'amb-falls-back-to-sms-without-rcs',
    title: 'with amb then SMS in the priority, a customer unreachable on amb gets the message over SMS',
    clauses: ['amb.fallback.rcs-then-sms'],
    needs: ['fresh-key', 'spare-line', 'channel:amb', 'channel:rcs'],
  },
  async (t) => {
    // Fault: messaging.amb.business-first-allowed.
    await fallbackLands(t, ['amb', 'sms_provider'], 'sms_provider');
  },
);
