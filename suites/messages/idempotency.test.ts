// Idempotent sends beyond POST /messages (section 8: "the Idempotency-Key header makes retries safe ... sent
// with message sends"): a reply in a chat and a send on a channel, retried in turn and raced in flight with
// one key, make one message and answer the same one. The same key with a different body is not a retry: the
// description is silent on it, so any answer passes, but silently answering the first request's message
// hides the second request's loss from the client, and warns. What the sends made is seen in the sent log, or
// else in the message.sent reports of a sandbox that sends on its own (outgoing.ts).
import { check, path, type ApiClient, type Need, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { fail, idemKey, isAccepted, messageIdOf, sendAccepted, shown, type Json } from '../_shared/common.js';
import { expectReplaysAnswerTheFirst, inbound, keysLine } from '../_shared/messaging.js';
import { watchOutgoing } from '../_shared/outgoing.js';
import { uniquePhone, uniqueToken } from '../_shared/values.js';
import { useHooks } from '../_shared/webhooks.js';

const area = 'messages';
const hooksOf = useHooks();
/** Requests in flight at once with one key. */
const racing = 5;

interface SendPoint {
  name: string;
  /** What opening it takes (what went out is seen through the sent log or the target's own reports). */
  needs: Need[];
  /** The path to send to and a body for one message, set up in the file's organization. */
  open(t: CheckContext, fx: Fixtures): Promise<{ sendPath: string; body: (text: string) => Json }>;
}

const points: SendPoint[] = [
  {
    name: 'chat',
    needs: ['simulateInboundMessage', 'channel:native-dedicated'],
    async open(_t, fx) {
      const { chat_id: chatId } = await inbound(fx, { channel_id: fx.channel('native-dedicated').id, sender: uniquePhone(), protocol: 'imessage' });
      return { sendPath: path`/chats/${chatId}/messages`, body: (text) => ({ text }) };
    },
  },
  {
    name: 'channel',
    needs: ['owned-line'],
    async open(t, fx) {
      const line = keysLine(t, fx);
      return { sendPath: path`/channels/${line.id}/messages`, body: (text) => ({ to: uniquePhone(), text }) };
    },
  },
];

/** `count` sends of `json` with one key, in turn or all in flight at once. */
async function sendRepeatedly(client: ApiClient, sendPath: string, json: Json, key: string, count: number, atOnce: boolean): Promise<ApiResponse[]> {
  const send = () => client.post(sendPath, { json, idempotencyKey: key });
  if (atOnce) return Promise.all(Array.from({ length: count }, send));
  const responses: ApiResponse[] = [];
  for (let i = 0; i < count; i++) responses.push(await send());
  return responses;
}

for (const point of points) {
  check(
    {
      area,
      name: `${point.name}-send-replayed-with-one-key-makes-one-message`,
      title: `a ${point.name} send retried with one Idempotency-Key (three in turn, ${racing} in flight at once) makes one message and answers the same one (a duplicate in flight may get 409)`,
      clauses: ['idempotency.send.retry-safe'],
      needs: point.needs,
    },
    async (t) => {
      // Faults: messaging.idempotency.ignored, messaging.idempotency.thread-sends-ignored, messaging.idempotency.race.
      const fx = await t.fixtures();
      const outgoing = await watchOutgoing(t, fx, hooksOf);
      for (const atOnce of [false, true]) {
        const { sendPath, body } = await point.open(t, fx);
        const key = idemKey();
        const token = uniqueToken();
        const responses = await sendRepeatedly(fx.v4(), sendPath, body(`only once ${token}`), key, atOnce ? racing : 3, atOnce);
        const how = atOnce ? `${racing} ${point.name} sends in flight at once` : `three ${point.name} sends in turn`;
        // What a duplicate still in flight gets is not shown: 409 (conflict) is a safe answer too.
        for (const response of responses) t.expect.hasStatus(response, ...sendAccepted, ...(atOnce ? [409] : []));
        const accepted = responses.filter(isAccepted);
        if (accepted.length === 0) fail(`${how} with one Idempotency-Key were all refused`, 'at least one accepted send', responses.map(shown).join(' | '));
        const ids = new Set(accepted.map((r) => messageIdOf(r.body)));
        const made = await outgoing.made({ key, token, expected: 1 });
        if (made.length !== 1) fail(`${how} with one Idempotency-Key made ${made.length} messages`, 'one message', JSON.stringify(made).slice(0, 500));
        if (ids.size !== 1) fail(`${how} with one Idempotency-Key answered different messages`, 'the same message every time', [...ids].join(', '));
        expectReplaysAnswerTheFirst(accepted);
      }
    },
  );
}

check(
  {
    area,
    name: 'same-key-with-another-body-is-not-answered-with-the-first-message',
    title: 'POST /messages reusing an Idempotency-Key with another body: any answer passes (not shown), but the first message answered as if it were this one warns',
    clauses: ['idempotency.send.retry-safe'],
    needs: ['owned-line'],
  },
  async (t) => {
    // Variant idempotency-body-ignored: passes with the warning.
    const fx = await t.fixtures();
    const outgoing = await watchOutgoing(t, fx, hooksOf);
    const key = idemKey();
    const token = uniqueToken();
    const first = await fx.v4().post('/messages', { json: { to: uniquePhone(), text: `the first body ${token}` }, idempotencyKey: key });
    if (!isAccepted(first)) t.notVerifiable(`the first send was refused: ${shown(first)}`);
    const other = await fx.v4().post('/messages', { json: { to: uniquePhone(), text: `another body ${token}` }, idempotencyKey: key });
    t.expect.noServerError(other);
    const records = await outgoing.made({ key, token, expected: 1 });
    if (records.length === 0 || records.length > 2) fail(`two sends with one key made ${records.length} messages`, 'one message (the second refused or answered) or two (the second taken as new)', JSON.stringify(records).slice(0, 500));
    const answeredTheFirst = isAccepted(other) && messageIdOf(other.body) === messageIdOf(first.body);
    // Fault: messaging.idempotency.reuse-sends-and-replays.
    if (answeredTheFirst && records.length === 2) fail('the send with a reused key and another body was sent, but answered with the first message', 'either the first message answered and nothing sent, or a message of its own', JSON.stringify(records).slice(0, 500));
    if (answeredTheFirst) {
      t.warn(`POST /messages with a reused Idempotency-Key and another body answered ${other.status} with the first message (${messageIdOf(first.body) ?? '?'}): the client believes its second message was sent; a 409 or 422 would tell it`);
    }
  },
);
