// Every write's effect is observed (issue 39 item 2), for v2's writes: a group's members are what the group is
// then listed with and what a message to it goes to, not only what the creation answer echoes; a `-` reaction
// removes the tapback ("prefix - instead of + removes it"), as the message.reaction it causes reports.
import { check, path, type CheckContext } from '../../harness/check/index.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { fail, isRecord, shown, type Json } from '../_shared/common.js';
import { sentMessages } from '../_shared/messaging.js';
import { offsetPagesMention } from '../_shared/pages.js';
import { expectSuccess, firstIdWith, queued } from '../_shared/v2.js';
import { uniquePhone, uniqueToken } from '../_shared/values.js';
import { bodyOf, isCopyOf, useHooks, type Hooks, type Subscription } from '../_shared/webhooks.js';

const area = 'v2';
const hooksOf = useHooks();

/** The first object anywhere in `value` whose `name` is `name` (the v2 group list's shape is not shown). */
function objectNamed(value: unknown, name: string): Json | undefined {
  if (Array.isArray(value)) return value.map((item) => objectNamed(item, name)).find((found) => found !== undefined);
  if (!isRecord(value)) return undefined;
  if (value.name === name) return value;
  return objectNamed(Object.values(value), name);
}

const sameSet = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify([...new Set(a)].sort()) === JSON.stringify([...new Set(b)].sort());

// Fault: v2.groups.first-member-only.
check(
  {
    area,
    name: 'group-holds-every-member',
    title: 'a group made by v2 POST /groups with three members is listed with all three, and a message to it goes to all three',
    clauses: ['v2.groups.list-and-create'],
    needs: ['v2'],
    responses: 'schema',
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    const name = `mcs members ${uniqueToken(6)}`;
    const members = [uniquePhone(), uniquePhone(), uniquePhone()];
    const created = await v2.post('/groups', { json: { name, members } });
    expectSuccess(created, 'v2 POST /groups {name, members}');
    let seen = 0;
    // The list: the group's members where its item carries them (the item's fields are not shown).
    const { found, last } = await offsetPagesMention(v2, '/groups', 'groups', name);
    const listed = found ? objectNamed(last.body, name) : undefined;
    if (listed !== undefined && Array.isArray(listed.members)) {
      seen++;
      if (!sameSet(listed.members, members)) fail('v2 GET /groups lists the group with other members than it was made with', `members ${members.join(', ')}`, shown(last));
    }
    // The sent log: a message to the group goes to every member.
    const groupId = firstIdWith(created.body, 'grp_');
    if (groupId !== undefined && fx.controlOffers('listSentMessages')) {
      const messageId = await queued(v2, groupId, { text: `to the members ${uniqueToken(4)}` });
      const record = (await sentMessages(fx)).find((r) => r.message_id === messageId);
      if (record !== undefined) {
        seen++;
        if (!members.every((member) => record.to.includes(member))) fail('a message to the v2 group did not go to every member it was made with', `to ${members.join(', ')}`, `to ${record.to.join(', ')}`);
      }
    }
    if (seen === 0) t.notVerifiable('neither the v2 group list (its items carry no members field) nor the sent log (listSentMessages) shows the group\'s members');
  },
);

/** The flat message.reaction deliveries about a message: by its id, or by its text (a reaction may name its own id). */
function aboutMessage(messageId: string, text: string): (delivery: Delivery) => boolean {
  return (delivery) => {
    const body = bodyOf(delivery);
    const data = isRecord(body.data) ? body.data : {};
    return [body.message_id, data.message_id].includes(messageId) || [body.original_text, data.original_text].includes(text);
  };
}

/** The reaction and action a flat message.reaction reports (at the top level, or in `data`). */
function reported(delivery: Delivery): { reaction: unknown; action: unknown } {
  const body = bodyOf(delivery);
  const data = isRecord(body.data) ? body.data : {};
  return { reaction: body.reaction ?? data.reaction, action: body.action ?? data.action };
}

/** The next message.reaction about the message after `previous` (its copies aside: delivery is at least once). */
async function nextReaction(t: CheckContext, hooks: Hooks, sub: Subscription, about: (d: Delivery) => boolean, previous: Delivery | undefined, what: string): Promise<Delivery> {
  const later = (d: Delivery) => about(d) && (previous === undefined || (d !== previous && !isCopyOf(d, previous)));
  const arrived = hooks.deliveriesTo(sub, 'message.reaction').find(later);
  if (arrived !== undefined) return arrived;
  return hooks.waitForEvent(sub, 'message.reaction', later, { judge: false }).catch((error: unknown) => {
    // Whether the business's own reaction is reported is not promised ("direction ... outbound" allows it).
    if (previous === undefined) t.notVerifiable(`no message.reaction reported the business's own ${what} within ${hooks.timeoutMs} ms`);
    throw error;
  });
}

// Fault: v2.reactions.remove-adds.
check(
  {
    area,
    name: 'reaction-remove-removes-the-tapback',
    title: 'v2 +love then -love on a message: the message.reaction events report love added, then removed',
    clauses: ['v2.reactions.values'],
    needs: ['v2'],
    responses: 'schema',
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV2(v2, 'message');
    const chatId = uniquePhone();
    const text = `react to me ${uniqueToken(6)}`;
    const messageId = await queued(v2, chatId, { text });
    const about = aboutMessage(messageId, text);
    const react = async (reaction: string) => expectSuccess(await v2.post(path`/chats/${chatId}/messages/${messageId}/reactions`, { json: { reaction } }), `reaction ${reaction}`);
    await react('+love');
    const added = await nextReaction(t, hooks, sub, about, undefined, '+love');
    t.expect.that(reported(added), 'the message.reaction of +love').toEqual({ reaction: 'love', action: 'add' });
    await react('-love');
    const removed = await nextReaction(t, hooks, sub, about, added, '-love');
    t.expect.that(reported(removed), 'the message.reaction of -love (prefix - removes it)').toEqual({ reaction: 'love', action: 'remove' });
  },
);
