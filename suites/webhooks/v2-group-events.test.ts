// The flat v2 bodies of group events (section 6, "Event types and their extra fields"), which the 1:1
// triggers of v2-delivery.test.ts never produce: a group message.received carries is_group true, group_id,
// group_name and participants; a group typing event has sender null; a group poll.received and poll.voted
// carry group_id, group_name and participants. And contact.merged, a contact event, reaches a v2 `all`
// subscription (spec/AMBIGUITIES.md v2 9). One v2 `all` subscription receives the group's events (the file's
// scenario: the group message first, then the typing and poll events, which need further control operations);
// the merge check subscribes on its own, through the public API alone.
import { check, isNothingArrived, path, type CheckContext } from '../../harness/check/index.js';
import { webhookPayloadProblems } from '../../harness/checks/webhook-payload.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { fail, isRecord, type Json } from '../_shared/common.js';
import { dataOf } from '../_shared/contacts.js';
import { eventTexts, inbound, poll, typing, vote } from '../_shared/events.js';
import { shared } from '../_shared/event-scenario.js';
import { bodyOf, describeDelivery, expectFollowsAction, type Hooks, type Subscription, useHooks } from '../_shared/webhooks.js';
import { uniquePhone, uniqueToken } from '../_shared/values.js';

const area = 'webhooks';
const hooksOf = useHooks();
const messageNeeds: ['simulateInboundMessage', 'v2'] = ['simulateInboundMessage', 'v2'];
const typingNeeds: ['simulateInboundMessage', 'simulateTyping', 'v2'] = ['simulateInboundMessage', 'simulateTyping', 'v2'];
const pollNeeds: ['simulateInboundMessage', 'simulatePoll', 'simulatePollVote', 'v2'] = ['simulateInboundMessage', 'simulatePoll', 'simulatePollVote', 'v2'];

interface GroupScenario {
  hooks: Hooks;
  sub: Subscription;
  groupName: string;
  groupId: string;
  members: string[];
  /** Event type -> the delivery of the group's event, or why none could be had. */
  arrived: Map<string, Delivery | string>;
}

/** The group's first message, and the wait for its message.received. */
const groupOpened = shared(async (t) => {
  const fx = await t.fixtures();
  const hooks = await hooksOf(t);
  const sub = await hooks.subscribeV2(fx.v2(), 'all');
  const groupName = `${eventTexts.group} ${uniqueToken(4)}`;
  const members = [uniquePhone(), uniquePhone()];
  const opened = await inbound(fx, { protocol: 'imessage', group: { name: groupName, participants: members } });
  if (typeof opened.group_id !== 'string') fail('the control API did not open a group chat', 'group_id in the answer', JSON.stringify(opened));
  const groupId = opened.group_id;
  const received = settled(hooks.waitForEvent(sub, 'message.received', (d) => bodyOf(d).message_id === opened.message_id));
  return { fx, hooks, sub, groupName, groupId, members, opened, received };
});

/** A delivery, or why none arrived (one found wrong fails on its clause). */
async function settled(wait: Promise<Delivery>): Promise<Delivery | string> {
  return wait.catch((error: unknown) => {
    if (!isNothingArrived(error)) throw error;
    return error.message;
  });
}

function scenarioOf(group: Awaited<ReturnType<typeof groupOpened>>, arrived: Map<string, Delivery | string>): GroupScenario {
  const { hooks, sub, groupName, groupId, members } = group;
  return { hooks, sub, groupName, groupId, members, arrived };
}

const messageScenario = async (t: CheckContext): Promise<GroupScenario> => {
  const group = await groupOpened(t);
  return scenarioOf(group, new Map([['message.received', await group.received]]));
};

/** The group's typing.started (simulateTyping). */
const typingScenario = shared(async (t): Promise<GroupScenario> => {
  const group = await groupOpened(t);
  const { fx, hooks, sub, opened, groupId } = group;
  await typing(fx, 'started', 'imessage', { chat: opened });
  const inGroup = (d: Delivery) => bodyOf(d).group_id === groupId || bodyOf(d).external_id === groupId;
  return scenarioOf(group, new Map([['typing.started', await settled(hooks.waitForEvent(sub, 'typing.started', inGroup))]]));
});

/** A poll received in the group and a vote on it (simulatePoll, simulatePollVote). */
const pollScenario = shared(async (t): Promise<GroupScenario> => {
  const group = await groupOpened(t);
  const { fx, hooks, sub, opened, members } = group;
  const created = await poll(fx, 'received', 'imessage', { chat: opened, ...(members[0] === undefined ? {} : { sender: members[0] }) });
  const isPoll = (d: Delivery) => bodyOf(d).poll_id === created.pollId;
  const received = settled(hooks.waitForEvent(sub, 'poll.received', isPoll));
  await vote(fx, created, ['Pizza'], members[1]);
  const voted = settled(hooks.waitForEvent(sub, 'poll.voted', isPoll));
  return scenarioOf(group, new Map([['poll.received', await received], ['poll.voted', await voted]]));
});

/** The group's delivery of `type`, judged against the flat body's fields of its type; fails when none arrived. */
async function groupDelivery(s: GroupScenario, type: string): Promise<Json> {
  const delivery = s.arrived.get(type);
  if (delivery === undefined || typeof delivery === 'string') return fail(`no group ${type} delivery reached the v2 \`all\` subscription`, `a ${type} delivery for group ${s.groupId}`, delivery ?? 'not triggered');
  const body = bodyOf(delivery);
  const problems = webhookPayloadProblems('v2', type, body);
  if (problems.length > 0) fail(`the group ${type} flat body does not have the fields section 6 gives it`, 'the base fields and the fields of the event type', `${problems.join('; ')} — ${describeDelivery(delivery)}`);
  return body;
}

/** is_group true, group_id naming the group, and (unless left out) group_name and participants. */
function groupFieldProblems(s: GroupScenario, body: Json, options: { nameAndParticipants: boolean }): string[] {
  const problems: string[] = [];
  if (body.is_group !== true) problems.push(`is_group is ${JSON.stringify(body.is_group)}`);
  if (body.group_id !== s.groupId) problems.push(`group_id is ${JSON.stringify(body.group_id)}, not ${s.groupId}`);
  if (!options.nameAndParticipants) return problems;
  if (body.group_name !== s.groupName) problems.push(`group_name is ${JSON.stringify(body.group_name)}, not ${JSON.stringify(s.groupName)}`);
  const participants = Array.isArray(body.participants) ? body.participants : undefined;
  if (participants === undefined) problems.push('participants is not an array');
  else {
    const named = participants.filter((p) => isRecord(p) && typeof p.identifier === 'string' && 'contact_id' in p && (p.name === null || typeof p.name === 'string'));
    if (named.length !== participants.length) problems.push('a participant is not {contact_id, identifier, name or null}');
    for (const member of s.members) if (!participants.some((p) => isRecord(p) && p.identifier === member)) problems.push(`participants lack ${member}`);
  }
  return problems;
}

function judge(type: string, problems: string[], body: Json): void {
  if (problems.length > 0) fail(`the group ${type} flat body lacks its group fields`, 'is_group true, group_id, group_name, participants [{contact_id, identifier, name}]', `${problems.join('; ')} — ${JSON.stringify(body).slice(0, 400)}`);
}

check(
  {
    area,
    name: 'flat-group-message-received-carries-the-group',
    title: 'a group message.received flat body has is_group true, group_id, group_name (non-ASCII, as named) and participants {contact_id, identifier, name}',
    clauses: ['events.message-received.shape'],
    needs: messageNeeds,
  },
  async (t) => {
    // Fault: events.v2.group-fields-missing.
    const s = await messageScenario(t);
    const body = await groupDelivery(s, 'message.received');
    judge('message.received', groupFieldProblems(s, body, { nameAndParticipants: true }), body);
    if (body.text !== eventTexts.inbound) fail('the group message.received text is not the text received', JSON.stringify(eventTexts.inbound), JSON.stringify(body.text));
  },
);

check(
  {
    area,
    name: 'flat-group-typing-has-sender-null',
    title: 'a group typing.started flat body has is_group true, its group_id and sender null (section 6: sender is 1:1 only)',
    clauses: ['events.typing-started.shape'],
    needs: typingNeeds,
  },
  async (t) => {
    // Fault: events.v2.group-fields-missing.
    const s = await typingScenario(t);
    const body = await groupDelivery(s, 'typing.started');
    const problems = groupFieldProblems(s, body, { nameAndParticipants: false });
    if (body.sender !== null) problems.push(`sender is ${JSON.stringify(body.sender)}, not null`);
    judge('typing.started', problems, body);
  },
);

for (const type of ['poll.received', 'poll.voted'] as const) {
  check(
    {
      area,
      name: `flat-group-${type.replace('.', '-')}-carries-the-group`,
      title: `a group ${type} flat body has is_group true, group_id, group_name and participants`,
      clauses: [type === 'poll.received' ? 'events.poll-received.shape' : 'events.poll-voted.shape'],
      needs: pollNeeds,
    },
    async (t) => {
      // Fault: events.v2.group-fields-missing.
      const s = await pollScenario(t);
      const body = await groupDelivery(s, type);
      judge(type, groupFieldProblems(s, body, { nameAndParticipants: true }), body);
    },
  );
}

check(
  {
    area,
    name: 'flat-unnamed-group-message-received-follows-the-message',
    title: 'a message.received of a group without a name has is_group true, its group_id, group_name null (or absent), its participants and the text received',
    clauses: ['events.message-received.shape'],
    needs: messageNeeds,
  },
  async (t) => {
    // Faults: events.fields.received-* (variant unnamed-group-name-absent passes).
    const { fx, hooks, sub } = await groupOpened(t);
    const opened = await inbound(fx, { protocol: 'imessage', group: { name: null, participants: [uniquePhone(), uniquePhone()] } });
    const delivery = await hooks.waitForEvent(sub, 'message.received', (d) => bodyOf(d).message_id === opened.message_id, { judge: false });
    expectFollowsAction(delivery, opened.action, sub, { clauses: ['events.message-received.shape'] });
  },
);

check(
  {
    area,
    name: 'contact-merged-reaches-a-v2-all-subscription',
    title: 'contact.merged, a contact event, reaches a v2 `all` subscription as a flat body (spec/AMBIGUITIES.md v2 9)',
    clauses: ['events.routing.v2-contact-events-all-only', 'events.contact-merged.emitted'],
    needs: ['v2'],
  },
  async (t) => {
    // Fault: events.v2.contact-merged-not-delivered.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV2(fx.v2(), 'all');
    const v4 = fx.v4();
    const survivor = dataOf<Json>(await v4.post('/contacts', { json: { name: 'mcs survivor ✓' } }));
    const source = dataOf<Json>(await v4.post('/contacts', { json: { name: 'mcs source ✓' } }));
    const merged = await v4.post(path`/contacts/${String(survivor.id)}/merge`, { json: { source_contact_id: source.id } });
    t.expect.hasStatus(merged, 200);
    // Its payload is not shown, so nothing in it is required to name the contacts. In an organization others
    // share, another check's merge may reach this subscription first: any contact.merged shows the routing.
    const delivery = await hooks.waitForEvent(sub, 'contact.merged').catch((error: unknown) => {
      if (!isNothingArrived(error)) throw error;
      return undefined;
    });
    if (delivery === undefined) fail('no contact.merged delivery reached the v2 `all` subscription', 'a contact.merged flat body naming the merged contacts', 'none');
    const problems = webhookPayloadProblems('v2', 'contact.merged', bodyOf(delivery));
    if (problems.length > 0) fail('the contact.merged delivery to a v2 subscription is not a flat body', 'the flat body with its base fields', `${problems.join('; ')} — ${describeDelivery(delivery)}`);
  },
);
