// v4 sends (section 4 Messages, chats, typing; section 7; section 8 Idempotency): POST /messages answers the
// message object at the top level, not wrapped; one Idempotency-Key makes one message; a brand-new
// conversation cannot start with attachments only; an inbound-plan number answers only recipients who
// wrote first; replies through POST /chats/{chatId}/messages stay in the thread; typing starts an indicator.
// The message object's fields are not shown: its id is read from `id` or `message_id` (common messageIdOf),
// and no other field is required.
import { check, path, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { uniquePhone, uniqueToken } from '../_shared/values.js';
import { fail, idemKey, isAccepted, isEpochMillis, isRecord, messageIdOf, sendAccepted, shown } from '../_shared/common.js';
import { expectCarrier, expectNothingSent, expectReplaysAnswerTheFirst, inbound, postSend, sendInChat, sendMessage } from '../_shared/messaging.js';
import { watchOutgoing } from '../_shared/outgoing.js';
import { useHooks } from '../_shared/webhooks.js';
import { ownKey } from '../_shared/api-keys.js';
import { lineOfItsOwn } from '../_shared/spare-lines.js';

const area = 'messages';
const hooksOf = useHooks();
const attachment = 'https://example.com/mcs-photo.png';

check(
  {
    area,
    name: 'send-answers-the-message-unwrapped',
    title: 'POST /messages answers the message object (msg_ id) at the top level, not wrapped in data',
    clauses: ['messages.send.request', 'envelope.send.unwrapped', 'ids.prefix.per-resource'],
    needs: ['owned-line'],
  },
  async (t) => {
    // Faults: messaging.send.wrapped, messaging.send.id-without-prefix.
    const fx = await t.fixtures();
    const response = await fx.v4().post('/messages', { json: { to: uniquePhone(), text: 'hello' }, idempotencyKey: idemKey() });
    t.expect.hasStatus(response, 200, 201, 202);
    const id = messageIdOf(response.body);
    if (id === undefined || !id.startsWith('msg_')) fail('the send answer is not a message object with a msg_ id at the top level', '{id (or message_id): "msg_...", ...} unwrapped', shown(response));
  },
);

check(
  {
    area,
    name: 'message-timestamps-are-epoch-milliseconds',
    title: 'a timestamp the message object carries (created_at) is integer epoch milliseconds',
    clauses: ['time.v4.epoch-milliseconds'],
    needs: ['owned-line'],
  },
  async (t) => {
    // Fault: messaging.send.created-at-seconds.
    const fx = await t.fixtures();
    const response = await fx.v4().post('/messages', { json: { to: uniquePhone(), text: 'when' }, idempotencyKey: idemKey() });
    t.expect.hasStatus(response, 200, 201, 202);
    const body = isRecord(response.body) ? response.body : {};
    const stamps = Object.entries(body).filter(([field, value]) => field.endsWith('_at') && typeof value === 'number');
    if (stamps.length === 0) t.notVerifiable('the message object carries no *_at timestamp (its fields are not shown)');
    for (const [field, value] of stamps) {
      if (!isEpochMillis(value)) fail(`${field} is not epoch milliseconds`, 'integer epoch milliseconds', String(value));
    }
  },
);

check(
  {
    area,
    name: 'idempotency-key-replayed-makes-one-message',
    title: 'POST /messages replayed with the same Idempotency-Key (in turn and at once) makes one message and answers the same one (a duplicate in flight may get 409)',
    clauses: ['idempotency.send.retry-safe', 'messages.send.request'],
    needs: ['owned-line'],
  },
  async (t) => {
    // Fault: messaging.idempotency.ignored.
    const fx = await t.fixtures();
    const outgoing = await watchOutgoing(t, fx, hooksOf);
    for (const concurrently of [false, true]) {
      const key = idemKey();
      const token = uniqueToken();
      const json = { to: uniquePhone(), text: `only once ${token}` };
      const send = () => fx.v4().post('/messages', { json, idempotencyKey: key });
      const responses = concurrently ? await Promise.all([send(), send(), send()]) : [await send(), await send(), await send()];
      const accepted = responses.filter(isAccepted);
      // What a duplicate still in flight gets is not shown: 409 (conflict) is a safe answer too. Section 7 shows
      // no fields of its body beyond the error shapes, which response validation judges.
      for (const response of responses) t.expect.hasStatus(response, ...sendAccepted, ...(concurrently ? [409] : []));
      const how = concurrently ? 'three concurrent sends' : 'three sends in turn';
      if (accepted.length === 0) fail(`${how} with one Idempotency-Key were all refused`, 'at least one accepted send', responses.map(shown).join(' | '));
      const ids = new Set(accepted.map((r) => messageIdOf(r.body)));
      const made = await outgoing.made({ key, token, expected: 1 });
      if (made.length !== 1) fail(`${how} with one Idempotency-Key made ${made.length} messages`, 'one message', JSON.stringify(made).slice(0, 500));
      if (ids.size !== 1) fail(`${how} with one Idempotency-Key answered different messages`, 'the same message every time', [...ids].join(', '));
      // Fault: messaging.idempotency.replay-new-created-at.
      expectReplaysAnswerTheFirst(accepted);
    }
  },
);

/**
 * After a 422 to an attachment-only first message: not verifiable when the target refuses the attachment form
 * itself (a URL string; the v4 attachment item shape is not shown), which an attachment-only message after a
 * first text tells. When that one is accepted, the 422 was about the first message and should have been the 400.
 */
async function judgeAttachment422(t: CheckContext, fx: Fixtures, first: ApiResponse): Promise<never> {
  const to = uniquePhone();
  const text = await postSend(fx.v4(), '/messages', { to, text: 'text first' });
  if (!isAccepted(text)) return t.notVerifiable(`the text sent to tell the 422 apart was refused: ${shown(text)}`);
  const later = await postSend(fx.v4(), '/messages', { to, attachments: [attachment] });
  if (isAccepted(later)) {
    fail('an attachment-only first message got 422 though the same attachments are accepted after a text', '400 attachment_first_message_not_allowed', shown(first));
  }
  return t.notVerifiable('the target refused the attachment form (a URL string) after a text as well; the v4 attachment item shape is not shown');
}

check(
  {
    area,
    name: 'attachment-first-message-is-refused',
    title: 'a first message with attachments and no text in a brand-new conversation answers 400 attachment_first_message_not_allowed (and, where the sent log shows it, sends nothing)',
    clauses: ['errors.400.attachment-first-message-not-allowed', 'messages.send.request'],
    needs: ['owned-line'],
  },
  async (t) => {
    // Fault: messaging.attachment-first-allowed.
    const fx = await t.fixtures();
    const outcome = await sendMessage(fx, fx.v4(), { to: uniquePhone(), attachments: [attachment] });
    if (outcome.response.status === 422) await judgeAttachment422(t, fx, outcome.response);
    t.expect.errorShape(outcome.response, 400);
    t.expect.hasErrorCode(outcome.response, 'attachment_first_message_not_allowed');
    expectNothingSent(outcome);
  },
);

check(
  {
    area,
    name: 'attachments-after-text-are-sent',
    title: 'once a conversation has its first text, an attachment-only message is accepted',
    clauses: ['errors.400.attachment-first-message-not-allowed', 'messages.send.request'],
    needs: ['owned-line'],
  },
  async (t) => {
    // Fault: messaging.attachments-never-alone.
    const fx = await t.fixtures();
    const to = uniquePhone();
    const first = await fx.v4().post('/messages', { json: { to, text: 'text first' }, idempotencyKey: idemKey() });
    t.expect.hasStatus(first, 200, 201, 202);
    const second = await fx.v4().post('/messages', { json: { to, attachments: [attachment] }, idempotencyKey: idemKey() });
    if (second.status === 422) t.notVerifiable('the target refused the attachment form (a URL string); the v4 attachment item shape is not shown');
    t.expect.hasStatus(second, 200, 201, 202);
  },
);

check(
  {
    area,
    name: 'inbound-only-number-needs-prior-inbound',
    title: 'an inbound-plan number answers 403 inbound_only_no_prior_inbound to a recipient who never wrote (sending nothing, where the sent log shows it), and sends once they have',
    clauses: ['errors.403.inbound-only-no-prior-inbound'],
    needs: ['fresh-key', 'spare-line', 'simulateInboundMessage'],
  },
  async (t) => {
    // Fault: messaging.inbound-only.not-enforced. A key of its own owns the inbound line (made, or leased).
    const fx = await t.fixtures();
    const key = await ownKey(t, fx);
    const line = await lineOfItsOwn(t, fx, { owner: key, kind: 'native-inbound' });
    const stranger = uniquePhone();
    const refused = await sendMessage(fx, fx.v4(key), { to: stranger, text: 'hello?', from: line.id });
    t.expect.errorShape(refused.response, 403);
    t.expect.hasErrorCode(refused.response, 'inbound_only_no_prior_inbound');
    expectNothingSent(refused);
    await inbound(fx, { channel_id: line.id, sender: stranger, text: 'hi, it is me' });
    expectCarrier(await sendMessage(fx, fx.v4(key), { to: stranger, text: 'welcome', from: line.id }), line.id, 'a reply after the recipient wrote first');
  },
);

check(
  {
    area,
    name: 'chat-reply-stays-in-the-thread',
    title: 'POST /chats/{chatId}/messages answers the message object and the reply goes out in that chat',
    clauses: ['chats.send.stays-in-thread', 'envelope.send.unwrapped'],
    needs: ['simulateInboundMessage', 'channel:native-dedicated'],
  },
  async (t) => {
    // Fault: messaging.chat-reply.new-thread.
    const fx = await t.fixtures();
    const line = fx.channel('native-dedicated');
    const { chat_id: chatId } = await inbound(fx, { channel_id: line.id, sender: uniquePhone(), protocol: 'imessage' });
    const outcome = await sendInChat(fx, fx.v4(), chatId, { text: 'a reply' });
    t.expect.hasStatus(outcome.response, 200, 201, 202);
    const body = outcome.response.body;
    if (!isRecord(body) || messageIdOf(body) === undefined) fail('the reply answer is not a message object at the top level', '{id (or message_id): "msg_...", ...}', shown(outcome.response));
    if ('chat_id' in body && body.chat_id !== chatId) fail('the reply answer names another chat', `chat_id ${chatId}`, String(body.chat_id));
    // Where the control API does not show what went out, the answer's chat_id (a field not shown) is the evidence.
    if (!outcome.observed) {
      if (!('chat_id' in body)) t.notVerifiable('which chat the reply went out in cannot be seen (the control operation listSentMessages, or a chat_id in the answer)');
      return;
    }
    const records = outcome.records;
    if (records.length !== 1 || records[0]?.chat_id !== chatId) fail('the reply did not go out in the chat it was sent to', `one message in ${chatId}`, JSON.stringify(records));
  },
);

check(
  {
    area,
    name: 'typing-starts-an-indicator',
    title: 'POST /chats/{chatId}/typing in an iMessage chat answers a success status',
    clauses: ['chats.typing.starts-indicator'],
    needs: ['simulateInboundMessage', 'channel:native-dedicated'],
  },
  async (t) => {
    // Fault: messaging.typing.refused.
    const fx = await t.fixtures();
    const { chat_id: chatId } = await inbound(fx, { channel_id: fx.channel('native-dedicated').id, sender: uniquePhone(), protocol: 'imessage' });
    t.expect.hasStatus(await fx.v4().post(path`/chats/${chatId}/typing`), 200, 202, 204);
  },
);

check(
  {
    area,
    name: 'unknown-chat-gets-404',
    title: 'POST /chats/{unknown}/messages and /typing answer 404',
    clauses: ['errors.404.not-found', 'chats.send.stays-in-thread'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    t.expect.errorShape(await fx.v4().post(path`/chats/${'chat_mcsunknown000000'}/messages`, { json: { text: 'anyone?' }, idempotencyKey: idemKey() }), 404);
    t.expect.errorShape(await fx.v4().post(path`/chats/${'chat_mcsunknown000000'}/typing`), 404);
  },
);
