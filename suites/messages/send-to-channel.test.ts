// POST /channels/{channel}/messages (section 4 Channels; section 8 fan-out limit): 201 with the message
// object for an accepted send, 207 for a fan-out with mixed results, 200 for a dry-run preview; several
// recipients form one group thread on group-capable channels (native, whatsapp) and fan out to individual
// sends, at most 100, elsewhere. The dry-run switch is not shown in the description: the target names it.
import { check, path, type ApiClient, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { uniquePhone, uniqueToken } from '../_shared/values.js';
import { fail, isRecord, messageIdOf, shown } from '../_shared/common.js';
import { ownKey } from '../_shared/api-keys.js';
import { expectNothingSent, keysLine, postSend, sendOnChannel } from '../_shared/messaging.js';
import { lineOfItsOwn } from '../_shared/spare-lines.js';
import { sendAfter, watchOutgoing, type Made } from '../_shared/outgoing.js';
import { cappedOrganization, keysOwnLine } from '../_shared/caps.js';
import { useHooks } from '../_shared/webhooks.js';

const area = 'messages';
const hooksOf = useHooks();
const phones = (count: number): string[] => Array.from({ length: count }, () => uniquePhone());

/**
 * An SMS line and a client of the key that owns it (a key of the check's own, so it owns that one line: made,
 * or a spare line leased): whether a key may send from a line it does not own is not shown (section 1.1 routes
 * across the calling key's channels).
 */
async function ownSmsLine(t: CheckContext, fx: Fixtures): Promise<{ key: string; v4: ApiClient; line: string }> {
  const key = await ownKey(t, fx);
  return { key, v4: fx.v4(key), line: (await lineOfItsOwn(t, fx, { owner: key, kind: 'sms_provider' })).id };
}

check(
  {
    area,
    name: 'channel-send-answers-201-unwrapped',
    title: 'POST /channels/{channel}/messages to one recipient answers 201 with the message object at the top level',
    clauses: ['channels.send.status-codes', 'envelope.send.unwrapped', 'errors.success.status-codes'],
  },
  async (t) => {
    // Faults: messaging.send.200-instead-of-201, messaging.send.wrapped.
    const fx = await t.fixtures();
    const line = keysLine(t, fx);
    const response = await postSend(fx.v4(), path`/channels/${line.id}/messages`, { to: uniquePhone(), text: 'hello' });
    t.expect.hasStatus(response, 201);
    if (!isRecord(response.body) || messageIdOf(response.body) === undefined || 'data' in response.body) fail('the 201 answer is not the message object at the top level', '{id (or message_id): "msg_...", ...} unwrapped', shown(response));
  },
);

check(
  {
    area,
    name: 'channel-send-dry-run-answers-200',
    title: 'a dry-run send to a channel answers 200 with a preview and sends nothing',
    clauses: ['channels.send.status-codes'],
    needs: ['owned-line', 'setting:dry_run_field'],
  },
  async (t) => {
    // Fault: messaging.dry-run.sends. The description names a 200 dry-run preview but not the switch that
    // asks for one (section 4), so the target names it: MCS_DRY_RUN_FIELD, a body field set to true.
    const field = t.targetSetting('dry_run_field') ?? t.notVerifiable('the dry-run switch is not shown in the description; set MCS_DRY_RUN_FIELD to the body field that asks the target for one');
    const fx = await t.fixtures();
    const line = keysLine(t, fx);
    const outgoing = await watchOutgoing(t, fx, hooksOf);
    const token = uniqueToken();
    const { response, key } = await sendOnChannel(fx, fx.v4(), line.id, { to: uniquePhone(), text: `dry run ${token}`, [field]: true });
    t.expect.hasStatus(response, 200);
    const after = await sendAfter(t, outgoing, fx.v4(), path`/channels/${line.id}/messages`);
    const made = await outgoing.made({ key, token, expected: 0, ...(after === undefined ? {} : { after }) });
    if (made.length > 0) fail('a dry-run send was sent', 'no message sent', `${made.length} message(s) sent: ${JSON.stringify(made).slice(0, 300)}`);
  },
);

for (const kind of ['native-dedicated', 'whatsapp'] as const) {
  check(
    {
      area,
      name: `several-recipients-form-one-thread.${kind}`,
      title: `several recipients on a ${kind} channel form one group thread (one message to all of them)`,
      clauses: ['channels.send.group-capable-one-thread'],
      needs: [`channel:${kind}`],
    },
    async (t) => {
      // Fault: messaging.group.fans-out.
      const fx = await t.fixtures();
      const outgoing = await watchOutgoing(t, fx, hooksOf);
      const to = phones(3);
      const line = fx.channel(kind).id;
      const token = uniqueToken();
      const { response, key } = await sendOnChannel(fx, fx.v4(), line, { to, text: `hello group ${token}` });
      t.expect.hasStatus(response, 201);
      const made = await outgoing.made({ key, token, expected: 1 });
      if (made.length !== 1) fail(`a send to ${to.length} recipients on ${kind} made ${made.length} messages`, 'one message in one group thread', JSON.stringify(made).slice(0, 600));
      const [message] = made as [Made];
      // The sent log names every recipient; a report names the group, or each member (one message id).
      const reached = new Set(message.to);
      const missing = outgoing.logged ? to.filter((p) => !reached.has(p)) : [];
      if (missing.length > 0) fail('the group message does not reach every recipient', to.join(', '), JSON.stringify(message));
    },
  );
}

check(
  {
    area,
    name: 'several-recipients-fan-out-elsewhere',
    title: 'several recipients on a non-group channel (sms_provider) fan out to one individual send each',
    clauses: ['channels.send.fan-out-individual'],
    needs: ['fresh-key', 'spare-line'],
  },
  async (t) => {
    // Fault: messaging.fanout.as-group.
    const fx = await t.fixtures();
    const to = phones(3);
    const sms = await ownSmsLine(t, fx);
    const outgoing = await watchOutgoing(t, fx, hooksOf, sms.key);
    const token = uniqueToken();
    const { response, key } = await sendOnChannel(fx, sms.v4, sms.line, { to, text: `hello each ${token}` });
    t.expect.hasStatus(response, 201);
    const records = await outgoing.made({ key, token, expected: to.length });
    if (records.length !== to.length) fail(`a fan-out to ${to.length} recipients made ${records.length} messages`, `${to.length} individual messages`, JSON.stringify(records).slice(0, 600));
    for (const record of records) if (record.to.length !== 1) fail('a fanned-out message has several recipients', 'one recipient per message', JSON.stringify(record));
    const reached = records.map((r) => r.to[0]).sort();
    if (JSON.stringify(reached) !== JSON.stringify([...to].sort())) fail('the fan-out did not reach each recipient once', to.join(', '), reached.join(', '));
    if (new Set(records.map((r) => r.chatId)).size !== to.length) fail('fanned-out messages share a chat', 'one chat per recipient', JSON.stringify(records));
  },
);

check(
  {
    area,
    name: 'fan-out-of-100-is-accepted',
    title: 'a fan-out to exactly 100 recipients is accepted (as 100 messages, where the sent log shows them)',
    clauses: ['limits.fan-out.recipients-100'],
    needs: ['fresh-key', 'spare-line'],
  },
  async (t) => {
    // Fault: messaging.fanout.limit-off-by-one.
    const fx = await t.fixtures();
    const sms = await ownSmsLine(t, fx);
    const outcome = await sendOnChannel(fx, sms.v4, sms.line, { to: phones(100), text: 'hello hundred' });
    t.expect.hasStatus(outcome.response, 201);
    if (outcome.observed && outcome.records.length !== 100) fail(`a fan-out to 100 recipients made ${outcome.records.length} messages`, '100 messages', `${outcome.records.length}`);
  },
);

check(
  {
    area,
    name: 'fan-out-of-101-is-refused',
    title: 'a fan-out to 101 recipients is refused with 422 (the validation status the channel send lists), sending nothing where the sent log shows it',
    clauses: ['limits.fan-out.recipients-100'],
    needs: ['fresh-key', 'spare-line'],
  },
  async (t) => {
    // Faults: messaging.fanout.no-limit, messaging.fanout.limit-as-403. The send lists no 400; 403, 409 and 429
    // name other conditions (section 7), so the over-limit body is the 422 "invalid body".
    const fx = await t.fixtures();
    const sms = await ownSmsLine(t, fx);
    const outcome = await sendOnChannel(fx, sms.v4, sms.line, { to: phones(101), text: 'hello too many' });
    t.expect.errorShape(outcome.response, 422);
    expectNothingSent(outcome, 'the refused fan-out to 101 recipients');
  },
);

check(
  {
    area,
    name: 'fan-out-with-mixed-results-answers-207',
    title: 'a fan-out where some recipients are refused (past a per-number cap) answers 207 and sends the others',
    clauses: ['channels.send.status-codes', 'channels.send.fan-out-individual', 'errors.success.status-codes'],
    needs: ['organization-with-a-per-number-cap'],
    // Its 207 comes from a per-number cap: set low, or as the config states it.
    judgesThrottling: true,
  },
  async (t) => {
    // Faults that make it fail: messaging.caps.outbound-not-enforced (all sent: 201).
    const { fx, cap } = await cappedOrganization(t, 'outbound_cap_per_number');
    // Two recipients past the cap, within the 100 a fan-out may have (section 8).
    if (cap + 2 > 100) t.notVerifiable(`needs a per-number cap below 99 to fan out past it (plan.outbound_cap_per_number is ${cap})`);
    const sms = (await keysOwnLine(t, fx, 'sms_provider')).id;
    const outgoing = await watchOutgoing(t, fx, hooksOf);
    const to = phones(cap + 2);
    const token = uniqueToken();
    const { response, key } = await sendOnChannel(fx, fx.v4(), sms, { to, text: `some of you ${token}` });
    t.expect.hasStatus(response, 207);
    const made = await outgoing.made({ key, token, expected: cap });
    if (made.length !== cap) fail(`with a per-number cap of ${cap} the fan-out to ${to.length} made ${made.length} messages`, `${cap} (the other recipients refused)`, JSON.stringify(made).slice(0, 600));
  },
);
