// The send caps (section 7 429 rows; section 8 Limits): the new-contact cap per organization and per number
// over a rolling 24 hours answers 429 outbound_limit_reached with `limit`, `current`, `mode`; the shared
// plan's daily new-conversation cap answers 429 new_conversation_limit_reached with `plan_id`, `cap`,
// `current`, while existing conversations still send. The configured cap values are not shown, so each
// check sets them on an organization of its own and moves its clock through the control API. Where the
// fields sit (top level or error details) is not shown (spec/AMBIGUITIES.md 2): either place passes.
import { check, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { uniquePhone } from '../_shared/values.js';
import { fail, isAccepted, newLine, shown, type Json } from '../_shared/common.js';
import { capFields, expectCarrier, expectNothingSent, sendMessage, type SendOutcome } from '../_shared/messaging.js';

const area = 'messages';
const day = 24 * 60 * 60 * 1000;

function expectCapped(t: CheckContext, outcome: SendOutcome, code: string, fields: readonly string[]): Json {
  t.expect.errorShape(outcome.response, 429);
  t.expect.hasErrorCode(outcome.response, code);
  const found = capFields(outcome.response.body, fields);
  if (!found) fail(`the ${code} body lacks ${fields.join(', ')}`, `${fields.join(', ')} at the top level or in error.details`, shown(outcome.response));
  expectNothingSent(outcome);
  return found;
}

function expectAccepted(response: ApiResponse, what: string): void {
  if (!isAccepted(response)) fail(`${what} was refused`, 'an accepted send (200, 201 or 202)', shown(response));
}

/**
 * An organization with the daily new-conversation cap at 1 whose only line is a shared one the primary key
 * owns: whether a key may send from a line it does not own is not shown, and a shared plan has one line per
 * organization (section 8), so the organization starts without the standard lines.
 */
async function keysSharedLine(t: CheckContext): Promise<{ fx: Fixtures; shared: string }> {
  const fx = await t.freshOrganization({ plan: { new_conversation_cap: 1 }, with_channels: false });
  return { fx, shared: (await newLine(fx, 'native-shared', fx.apiKey())).id };
}

const outboundFields = ['limit', 'current', 'mode'] as const;
const conversationFields = ['plan_id', 'cap', 'current'] as const;

check(
  {
    area,
    name: 'organization-new-contact-cap-answers-429',
    title: 'past the organization\'s 24-hour new-contact cap a send to a new contact answers 429 outbound_limit_reached with limit, current, mode',
    clauses: ['errors.429.outbound-limit-reached', 'limits.sends.new-contact-cap'],
    needs: ['createOrganization', 'listSentMessages'],
  },
  async (t) => {
    // Faults: messaging.caps.outbound-not-enforced, messaging.caps.body-fields-missing, messaging.caps.403-instead-of-429.
    const fx = await t.freshOrganization({ plan: { outbound_cap_per_organization: 2 } });
    for (let i = 0; i < 2; i++) expectAccepted((await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: `new ${i}` })).response, `new contact ${i + 1} of a cap of 2`);
    const fields = expectCapped(t, await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'one too many' }), 'outbound_limit_reached', outboundFields);
    if (fields.limit !== 2 && fields.limit !== '2') fail('limit is not the cap in force', 'limit 2', JSON.stringify(fields));
  },
);

check(
  {
    area,
    name: 'new-contact-cap-spares-known-contacts',
    title: 'at the new-contact cap, a send to a contact already messaged is still accepted',
    clauses: ['limits.sends.new-contact-cap'],
    needs: ['createOrganization', 'listSentMessages'],
  },
  async (t) => {
    // Fault: messaging.caps.counts-every-send.
    const fx = await t.freshOrganization({ plan: { outbound_cap_per_organization: 1 } });
    const known = uniquePhone();
    expectAccepted((await sendMessage(fx, fx.v4(), { to: known, text: 'first' })).response, 'the first new contact');
    expectAccepted((await sendMessage(fx, fx.v4(), { to: known, text: 'again' })).response, 'a second send to the same contact at the cap');
  },
);

check(
  {
    area,
    name: 'new-contact-cap-window-rolls-after-24-hours',
    title: 'once 24 hours have passed, new contacts of the previous day no longer count toward the cap',
    clauses: ['limits.sends.new-contact-cap'],
    needs: ['advanceClock', 'createOrganization', 'listSentMessages'],
  },
  async (t) => {
    // Fault: messaging.caps.window-never-rolls.
    const fx = await t.freshOrganization({ plan: { outbound_cap_per_organization: 1 } });
    expectAccepted((await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'day one' })).response, 'the first new contact');
    expectCapped(t, await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'same day' }), 'outbound_limit_reached', outboundFields);
    await fx.control().advanceClock(day + 60_000);
    expectAccepted((await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'day two' })).response, 'a new contact 24 hours after the cap was reached');
  },
);

check(
  {
    area,
    name: 'per-number-new-contact-cap-answers-429',
    title: 'past a number\'s new-contact cap that number answers 429 outbound_limit_reached, while another number still reaches the contact',
    clauses: ['errors.429.outbound-limit-reached', 'limits.sends.new-contact-cap'],
    needs: ['createFixtureChannel', 'createOrganization', 'listSentMessages', 'channel:native-dedicated'],
  },
  async (t) => {
    // Faults: messaging.caps.outbound-not-enforced, messaging.caps.body-fields-missing.
    const fx = await t.freshOrganization({ plan: { outbound_cap_per_number: 1 } });
    const first = fx.channel('native-dedicated');
    const second = await newLine(fx, 'native-dedicated', fx.apiKey());
    expectAccepted((await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'first', from: first.id })).response, 'the number\'s first new contact');
    const next = uniquePhone();
    expectCapped(t, await sendMessage(fx, fx.v4(), { to: next, text: 'capped', from: first.id }), 'outbound_limit_reached', outboundFields);
    expectCarrier(await sendMessage(fx, fx.v4(), { to: next, text: 'other number', from: second.id }), second.id, 'the same new contact from another number');
  },
);

check(
  {
    area,
    name: 'new-conversation-cap-answers-429',
    title: 'past the shared plan\'s daily new-conversation cap a new conversation answers 429 new_conversation_limit_reached with plan_id, cap, current',
    clauses: ['errors.429.new-conversation-limit-reached', 'limits.sends.new-conversation-cap'],
    needs: ['createFixtureChannel', 'createOrganization', 'listSentMessages'],
  },
  async (t) => {
    // Faults: messaging.caps.new-conversation-not-enforced, messaging.caps.body-fields-missing, messaging.caps.403-instead-of-429.
    const { fx, shared } = await keysSharedLine(t);
    expectAccepted((await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'first', from: shared })).response, 'the first new conversation of the day');
    const fields = expectCapped(t, await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'second', from: shared }), 'new_conversation_limit_reached', conversationFields);
    if (fields.cap !== 1 && fields.cap !== '1') fail('cap is not the cap in force', 'cap 1', JSON.stringify(fields));
  },
);

check(
  {
    area,
    name: 'new-conversation-cap-spares-existing-conversations',
    title: 'at the daily new-conversation cap, existing conversations still send',
    clauses: ['errors.429.new-conversation-limit-reached', 'limits.sends.new-conversation-cap'],
    needs: ['createFixtureChannel', 'createOrganization', 'listSentMessages'],
  },
  async (t) => {
    // Fault: messaging.caps.blocks-existing-conversations.
    const { fx, shared } = await keysSharedLine(t);
    const existing = uniquePhone();
    expectAccepted((await sendMessage(fx, fx.v4(), { to: existing, text: 'first', from: shared })).response, 'the first new conversation of the day');
    expectCapped(t, await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'new', from: shared }), 'new_conversation_limit_reached', conversationFields);
    expectAccepted((await sendMessage(fx, fx.v4(), { to: existing, text: 'still here', from: shared })).response, 'a send in the existing conversation at the cap');
  },
);

check(
  {
    area,
    name: 'new-contact-cap-holds-for-the-whole-24-hours',
    title: 'a cap reached stays reached for 24 hours (still 429 23 hours later) and frees once 24 hours have passed',
    clauses: ['limits.sends.new-contact-cap', 'errors.429.outbound-limit-reached'],
    needs: ['advanceClock', 'createOrganization', 'listSentMessages'],
  },
  async (t) => {
    // Faults: messaging.caps.window-too-short, messaging.caps.window-never-rolls.
    const fx = await t.freshOrganization({ plan: { outbound_cap_per_organization: 1 } });
    expectAccepted((await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'hour zero' })).response, 'the first new contact');
    await fx.control().advanceClock(day - 60 * 60_000);
    expectCapped(t, await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'hour 23' }), 'outbound_limit_reached', outboundFields);
    await fx.control().advanceClock(2 * 60 * 60_000);
    expectAccepted((await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'hour 25' })).response, 'a new contact 25 hours after the first');
  },
);

check(
  {
    area,
    name: 'new-conversation-cap-frees-the-next-day',
    title: 'the daily new-conversation cap reached today no longer refuses a new conversation a day later',
    clauses: ['limits.sends.new-conversation-cap'],
    needs: ['advanceClock', 'createFixtureChannel', 'createOrganization', 'listSentMessages'],
  },
  async (t) => {
    // Fault: messaging.caps.new-conversation-never-resets. "Daily" may be a calendar day or a rolling one
    // (not shown): 24 hours and a minute later both have started again.
    const { fx, shared } = await keysSharedLine(t);
    expectAccepted((await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'today', from: shared })).response, 'the first new conversation of the day');
    expectCapped(t, await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'today again', from: shared }), 'new_conversation_limit_reached', conversationFields);
    await fx.control().advanceClock(day + 60_000);
    expectAccepted((await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'tomorrow', from: shared })).response, 'a new conversation a day after the cap was reached');
  },
);
