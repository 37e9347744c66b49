// A delivery is paired with the trigger that caused it by the ids the action yields (suites/_shared/events.ts
// concerns), never by arrival order: two poll.received of two polls, arriving in either order, each go to their
// own poll; a delivery naming another action's poll, message, group, chat or purchase is not this one's; ids a
// body does not carry decide nothing; a reaction's message id (it may be its own) picks nothing.
import { describe, expect, it } from 'vitest';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import type { EventAction } from '../../harness/oracle/index.js';
import { concerns, idsOf, type Triggered } from '../../suites/_shared/events.js';

let seq = 0;
function delivery(body: Record<string, unknown>, headers: Record<string, string> = {}): Delivery {
  const raw = Buffer.from(JSON.stringify(body));
  return { seq: ++seq, path: '/e', endpoint: 'e', method: 'POST', headers, rawBody: raw, receivedAt: Date.now(), json: () => JSON.parse(raw.toString('utf8')) as unknown };
}

const chat = { chat_id: 'chat_A', external_id: '+14155550001', group_id: null, line: '+14155550100' };
const pollAction = (pollId: string, subject = chat): EventAction => ({ type: 'poll.received', startedAt: 0, subject: { ...subject, poll_id: pollId }, did: { sender: '+14155550009' } });
const pollOf = (pollId: string, subject = chat): Triggered => ({ eventIds: [], action: pollAction(pollId, subject) });

describe("concerns: which delivery is a trigger's", () => {
  it('pairs two deliveries of one type with their own triggers, whichever arrived first', () => {
    const first = pollOf('pl_first');
    const second = pollOf('pl_second', { ...chat, chat_id: 'chat_B', external_id: '+14155550002' });
    const late = delivery({ event: 'poll.received', poll_id: 'pl_first', chat_id: '+14155550001', external_id: '+14155550001' });
    const early = delivery({ event: 'poll.received', poll_id: 'pl_second', chat_id: '+14155550002', external_id: '+14155550002' });
    for (const arrived of [[early, late], [late, early]]) {
      expect(arrived.filter(concerns(first))).toEqual([late]);
      expect(arrived.filter(concerns(second))).toEqual([early]);
    }
  });

  it("refuses a delivery that names another action's poll, even in the trigger's chat", () => {
    expect(concerns(pollOf('pl_mine'))(delivery({ event: 'poll.received', poll_id: 'pl_other', chat_id: 'chat_A' }))).toBe(false);
  });

  it('takes any form of the chat the action knows (its chat_ id, the other party, the group) and refuses another chat', () => {
    const mine = pollOf('pl_1');
    for (const chatId of ['chat_A', '+14155550001']) expect(concerns(mine)(delivery({ poll_id: 'pl_1', chat_id: chatId })), chatId).toBe(true);
    expect(concerns(mine)(delivery({ poll_id: 'pl_1', chat_id: 'chat_Z' }))).toBe(false);
    expect(concerns(mine)(delivery({ data: { poll_id: 'pl_1', chat_id: 'chat_Z' } }))).toBe(false);
  });

  it("judges the message id in the body, in data and in X-Service-Message-Id, but never a reaction's", () => {
    const sent: Triggered = { messageId: 'msg_1', eventIds: [] };
    expect(concerns(sent)(delivery({ message_id: 'msg_1' }, { 'x-service-message-id': 'msg_1' }))).toBe(true);
    expect(concerns(sent)(delivery({ data: { message_id: 'msg_2' } }))).toBe(false);
    expect(concerns(sent)(delivery({}, { 'x-service-message-id': 'msg_2' }))).toBe(false);
    const reaction: Triggered = { messageId: 'msg_1', eventIds: [], mayNameOtherMessage: true };
    expect(concerns(reaction)(delivery({ message_id: 'msg_own' }))).toBe(true);
  });

  it('decides nothing on ids the body does not carry, and by the event id where the control API reported it', () => {
    expect(concerns(pollOf('pl_1'))(delivery({ event: 'poll.received' }))).toBe(true);
    const reported: Triggered = { eventIds: ['evt_1'], messageId: 'msg_1' };
    expect(concerns(reported)(delivery({ id: 'evt_2', data: { message_id: 'msg_1' } }))).toBe(false);
    expect(concerns(reported)(delivery({ id: 'evt_1' }))).toBe(true);
  });

  it("holds a trigger's own ids beside its action's: a purchase's, a removed line's, a merge's contacts", () => {
    const purchase: Triggered = { eventIds: [], ids: { purchase_id: ['pur_1'] } };
    expect(concerns(purchase)(delivery({ data: { purchase_id: 'pur_1' } }))).toBe(true);
    expect(concerns(purchase)(delivery({ data: { purchase_id: 'pur_2' } }))).toBe(false);
    expect(idsOf({ eventIds: [], ids: { phone_number: ['+14155550111'], channel_id: ['ch_1'] } })).toEqual(new Map([['phone_number', ['+14155550111']], ['channel_id', ['ch_1']]]));
  });

  it("does not pick by the values the action sent: a wrong title is the oracle's to fail, not a lost delivery", () => {
    const mine: Triggered = { eventIds: [], action: { ...pollAction('pl_1'), sent: { title: 'Lunch?' } } };
    expect(concerns(mine)(delivery({ poll_id: 'pl_1', title: 'Poll' }))).toBe(true);
  });
});
