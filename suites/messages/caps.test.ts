// The send caps (section 7 429 rows; section 8 Limits): the new-contact cap per organization and per number
// over a rolling 24 hours answers 429 outbound_limit_reached with `limit`, `current`, `mode`; the shared
// plan's daily new-conversation cap answers 429 new_conversation_limit_reached with `plan_id`, `cap`,
// `current`, while existing conversations still send. The configured cap values are not shown, so each
// check runs into a cap it set or one the config states (suites/_shared/caps.ts), and moves that
// organization's clock. Where the fields sit (top level or error details) is not shown (spec/AMBIGUITIES.md
// 2): either place passes.
import { check, errorCodeOf, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { uniquePhone } from '../_shared/values.js';
import { fail, isAccepted, shown, type Json } from '../_shared/common.js';
import { capFields, expectCarrier, expectNothingSent, sendMessage, type SendOutcome } from '../_shared/messaging.js';
import { cappedOrganization, day, keysOwnLine, type Capped } from '../_shared/caps.js';

const area = 'messages';

function expectCapped(t: CheckContext, outcome: SendOutcome, code: string, fields: readonly string[]): Json {
  t.expect.errorShape(outcome.response, 429);
  t.expect.hasErrorCode(outcome.response, code);
  const found = capFields(outcome.response.body, fields);
  if (!found) fail(`the ${code} body lacks ${fields.join(', ')}`, `${fields.join(', ')} at the top level or in error.details`, shown(outcome.response));
  expectCapReached(found, code);
  expectNothingSent(outcome);
  return found;
}

/**
 * A one-recipient send refused for a cap: the cap is reached, so the body's `current` is at least its `limit`
 * (`cap`), whether it counts before the refused send or with it. Fault: messaging.caps.current-below-limit.
 */
function expectCapReached(found: Json, code: string): void {
  const boundName = 'limit' in found ? 'limit' : 'cap';
  const [current, bound] = [Number(found.current), Number(found[boundName])];
  if (!Number.isFinite(current) || !Number.isFinite(bound)) fail(`the ${code} body's current and ${boundName} are not numbers`, `numbers, current at least ${boundName}`, JSON.stringify(found));
  if (current < bound) fail(`the ${code} body's current is below its ${boundName}: a send refused for a cap the body says is not reached`, `current >= ${boundName} (${bound})`, JSON.stringify(found));
}

function expectAccepted(response: ApiResponse, what: string): void {
  if (!isAccepted(response)) fail(`${what} was refused`, 'an accepted send (200, 201 or 202)', shown(response));
}

/** The codes of the send caps' 429s (section 7). */
const capCodes = ['outbound_limit_reached', 'new_conversation_limit_reached'];

/**
 * One send to a new contact (or conversation) that must be accepted. A 429 for a cap right after a configured
 * organization's clock moved a day on (`first`) means its window did not roll; any other 429 before the cap is
 * reached is another cap's or limit's (a lower per-number cap, a rate limit): the check cannot judge its own.
 */
async function acceptedNew(t: CheckContext, fx: Fixtures, what: string, options: { to?: string; from?: string; first?: boolean } = {}): Promise<void> {
  const { to = uniquePhone(), from, first = false } = options;
  const { response } = await sendMessage(fx, fx.v4(), { to, text: what, ...(from === undefined ? {} : { from }) });
  if (response.status === 429) {
    const code = errorCodeOf(response.body);
    if (first && fx.source === 'config' && code !== undefined && capCodes.includes(code)) {
      fail(`${what} was refused (${code}) though the organization's clock was first moved a day on`, "accepted: the cap's 24-hour or daily window holds nothing from a day before", shown(response));
    }
    t.notVerifiable(`${what} was refused with 429 before the cap was reached (another cap or a rate limit): ${shown(response)}`);
  }
  expectAccepted(response, what);
}

/** A new contact per send, `count` times, each accepted (from `from` when given); `first`: the check's first sends. */
async function fillWithNewContacts(t: CheckContext, fx: Fixtures, count: number, what: string, from?: string, first = true): Promise<void> {
  for (let i = 0; i < count; i++) await acceptedNew(t, fx, `${what} ${i + 1} of a cap of ${count}`, { ...(from === undefined ? {} : { from }), first: first && i === 0 });
}

/** The organization with the daily new-conversation cap and its shared line, the only line of a shared plan. */
async function keysSharedLine(t: CheckContext): Promise<Capped & { shared: string }> {
  const capped = await cappedOrganization(t, 'new_conversation_cap');
  return { ...capped, shared: (await keysOwnLine(t, capped.fx, 'native-shared')).id };
}

/** The organization with the organization's new-contact cap, with the native line its key sends from. */
async function organizationCapped(t: CheckContext): Promise<Capped> {
  const capped = await cappedOrganization(t, 'outbound_cap_per_organization');
  await keysOwnLine(t, capped.fx, 'native-dedicated');
  return capped;
}

const outboundFields = ['limit', 'current', 'mode'] as const;
const conversationFields = ['plan_id', 'cap', 'current'] as const;

check(
  {
    area,
    name: 'organization-new-contact-cap-answers-429',
    title: 'past the organization\'s 24-hour new-contact cap a send to a new contact answers 429 outbound_limit_reached with limit, current, mode',
    clauses: ['errors.429.outbound-limit-reached', 'limits.sends.new-contact-cap'],
    needs: ['organization-with-an-organization-cap'],
  },
  async (t) => {
    // Faults: messaging.caps.outbound-not-enforced, messaging.caps.body-fields-missing, messaging.caps.403-instead-of-429.
    const { fx, cap } = await organizationCapped(t);
    await fillWithNewContacts(t, fx, cap, 'new contact');
    const fields = expectCapped(t, await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'one too many' }), 'outbound_limit_reached', outboundFields);
    if (String(fields.limit) !== String(cap)) fail('limit is not the cap in force', `limit ${cap}`, JSON.stringify(fields));
  },
);

check(
  {
    area,
    name: 'new-contact-cap-spares-known-contacts',
    title: 'at the new-contact cap, a send to a contact already messaged is still accepted',
    clauses: ['limits.sends.new-contact-cap'],
    needs: ['organization-with-an-organization-cap'],
  },
  async (t) => {
    // Fault: messaging.caps.counts-every-send.
    const { fx, cap } = await organizationCapped(t);
    const known = uniquePhone();
    await acceptedNew(t, fx, 'the first new contact', { to: known, first: true });
    await fillWithNewContacts(t, fx, cap - 1, 'another new contact', undefined, false);
    expectAccepted((await sendMessage(fx, fx.v4(), { to: known, text: 'again' })).response, 'a second send to the same contact at the cap');
  },
);

check(
  {
    area,
    name: 'new-contact-cap-window-rolls-after-24-hours',
    title: 'once 24 hours have passed, new contacts of the previous day no longer count toward the cap',
    clauses: ['limits.sends.new-contact-cap'],
    needs: ['advanceClock', 'organization-with-an-organization-cap'],
  },
  async (t) => {
    // Fault: messaging.caps.window-never-rolls.
    const { fx, cap } = await organizationCapped(t);
    await fillWithNewContacts(t, fx, cap, 'day one');
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
    needs: ['organization-with-a-per-number-cap'],
  },
  async (t) => {
    // Faults: messaging.caps.outbound-not-enforced, messaging.caps.body-fields-missing.
    const { fx, cap } = await cappedOrganization(t, 'outbound_cap_per_number');
    const first = await keysOwnLine(t, fx, 'native-dedicated');
    const second = await keysOwnLine(t, fx, 'sms_provider');
    await fillWithNewContacts(t, fx, cap, 'the number\'s new contact', first.id);
    const next = uniquePhone();
    expectCapped(t, await sendMessage(fx, fx.v4(), { to: next, text: 'capped', from: first.id }), 'outbound_limit_reached', outboundFields);
    const other = await sendMessage(fx, fx.v4(), { to: next, text: 'other number', from: second.id });
    // A configured organization's other caps are its own (an organization cap the other number's send may
    // reach, a rate limit): a 429 there is not this cap's to judge.
    if (other.response.status === 429 && fx.source === 'config') t.notVerifiable(`the other number was refused too (429), by a cap or limit of the organization other than the per-number cap: ${shown(other.response)}`);
    expectCarrier(other, second.id, 'the same new contact from another number');
  },
);

check(
  {
    area,
    name: 'new-conversation-cap-answers-429',
    title: 'past the shared plan\'s daily new-conversation cap a new conversation answers 429 new_conversation_limit_reached with plan_id, cap, current',
    clauses: ['errors.429.new-conversation-limit-reached', 'limits.sends.new-conversation-cap'],
    needs: ['organization-with-a-new-conversation-cap'],
  },
  async (t) => {
    // Faults: messaging.caps.new-conversation-not-enforced, messaging.caps.body-fields-missing, messaging.caps.403-instead-of-429.
    const { fx, cap, shared } = await keysSharedLine(t);
    await fillWithNewContacts(t, fx, cap, 'new conversation of the day', shared);
    const fields = expectCapped(t, await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'one too many', from: shared }), 'new_conversation_limit_reached', conversationFields);
    if (String(fields.cap) !== String(cap)) fail('cap is not the cap in force', `cap ${cap}`, JSON.stringify(fields));
  },
);

check(
  {
    area,
    name: 'new-conversation-cap-spares-existing-conversations',
    title: 'at the daily new-conversation cap, existing conversations still send',
    clauses: ['errors.429.new-conversation-limit-reached', 'limits.sends.new-conversation-cap'],
    needs: ['organization-with-a-new-conversation-cap'],
  },
  async (t) => {
    // Fault: messaging.caps.blocks-existing-conversations.
    const { fx, cap, shared } = await keysSharedLine(t);
    const existing = uniquePhone();
    await acceptedNew(t, fx, 'the first new conversation of the day', { to: existing, from: shared, first: true });
    await fillWithNewContacts(t, fx, cap - 1, 'another new conversation of the day', shared, false);
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
    needs: ['advanceClock', 'organization-with-an-organization-cap'],
  },
  async (t) => {
    // Faults: messaging.caps.window-too-short, messaging.caps.window-never-rolls.
    const { fx, cap } = await organizationCapped(t);
    await fillWithNewContacts(t, fx, cap, 'hour zero');
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
    needs: ['advanceClock', 'organization-with-a-new-conversation-cap'],
  },
  async (t) => {
    // Fault: messaging.caps.new-conversation-never-resets. "Daily" may be a calendar day or a rolling one
    // (not shown): 24 hours and a minute later both have started again.
    const { fx, cap, shared } = await keysSharedLine(t);
    await fillWithNewContacts(t, fx, cap, 'today', shared);
    expectCapped(t, await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'today again', from: shared }), 'new_conversation_limit_reached', conversationFields);
    await fx.control().advanceClock(day + 60_000);
    expectAccepted((await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'tomorrow', from: shared })).response, 'a new conversation a day after the cap was reached');
  },
);
