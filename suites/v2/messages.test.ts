// v2 sends, status, reactions, typing and read (section 4 "v2 quick-reference endpoints", section 2 "v2
// message and capability shapes"), and how a v2 send maps onto the v4 conversation (section 9 item 4).
import { check, CheckFailure, path, type ApiClient, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { drive } from '../_shared/events.js';
import { expectViewsAgree } from '../_shared/views.js';
import { safeJson, useHooks } from '../_shared/webhooks.js';
import { uniqueEmail, uniquePhone, uniqueToken } from '../_shared/values.js';
import { isRecord, stringsIn } from '../_shared/common.js';
import { inbound, sendInChat, sendMessage, sentMessages, sentRecord, type SentRecord } from '../_shared/messaging.js';
import { expectSuccess, firstIdWith, queued, sendV2 } from '../_shared/v2.js';

const area = 'v2';
const reactions = ['love', 'like', 'dislike', 'laugh', 'emphasize', 'question'] as const;
const hooksOf = useHooks();

// Fault: v2.send.200-instead-of-202, v2.send.status-sent.
check(
  {
    area,
    name: 'send-is-queued-202',
    title: 'v2 POST /chats/{chatId}/messages to a %2B-encoded phone number answers 202 {message_id, status: queued}',
    clauses: ['v2.chats.send-202', 'v2.messages.send-result-shape'],
    needs: ['v2'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    for (const body of [{ text: 'hello from mcs' }, { text: 'with the rest', attachments: ['https://example.com/mcs.png'], metadata: { order: 'mcs-1' } }]) {
      const response = await sendV2(v2, uniquePhone(), body);
      t.expect.hasStatus(response, 202);
      const result = isRecord(response.body) ? response.body : {};
      t.expect.that(result.status, 'status of the send result').toBe('queued');
      t.expect.that(typeof result.message_id, 'message_id of the send result').toBe('string');
    }
  },
);

// Fault: v2.send.200-instead-of-202.
check(
  {
    area,
    name: 'send-to-email-or-group-is-queued-202',
    title: 'v2 POST /chats/{chatId}/messages to an email address and to a grp_ group id answers 202',
    clauses: ['v2.chats.send-202'],
    needs: ['v2'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    t.expect.hasStatus(await sendV2(v2, uniqueEmail()), 202);
    const group = await v2.post('/groups', { json: { name: 'mcs v2 group', members: [uniquePhone(), uniquePhone()] } });
    expectSuccess(group, 'v2 POST /groups');
    const groupId = firstIdWith(group.body, 'grp_');
    if (groupId === undefined) return t.notVerifiable('the v2 group creation answer names no grp_ id (its body is not shown)');
    t.expect.hasStatus(await sendV2(v2, groupId), 202);
  },
);

// Fault: v2.status.no-protocol.
check(
  {
    area,
    name: 'status-result-shape',
    title: 'v2 GET /chats/{chatId}/messages/{messageId}/status answers {message_id, status, protocol} for a sent message',
    clauses: ['v2.messages.status-result-shape'],
    needs: ['v2'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    const chatId = uniquePhone();
    const messageId = await queued(v2, chatId);
    const status = await v2.get(path`/chats/${chatId}/messages/${messageId}/status`);
    t.expect.hasStatus(status, 200);
    const body = isRecord(status.body) ? status.body : {};
    t.expect.that(body.message_id, 'message_id of the status result').toBe(messageId);
    t.expect.that(['queued', 'sent', 'delivered', 'failed'], 'status of the status result').toContain(body.status);
    t.expect.that(['imessage', 'sms'], 'protocol of the status result').toContain(body.protocol);
  },
);

// Fault: v2.reactions.remove-refused.
check(
  {
    area,
    name: 'reactions-add-and-remove',
    title: 'v2 POST .../reactions accepts each of +love +like +dislike +laugh +emphasize +question and its - form',
    clauses: ['v2.reactions.values'],
    needs: ['v2'],
    // The success status is not shown: any 2xx is taken (spec/AMBIGUITIES.md v2 11).
    responses: 'schema',
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    const chatId = uniquePhone();
    const messageId = await queued(v2, chatId);
    for (const reaction of reactions) {
      for (const sign of ['+', '-']) {
        const response = await v2.post(path`/chats/${chatId}/messages/${messageId}/reactions`, { json: { reaction: `${sign}${reaction}` } });
        expectSuccess(response, `reaction ${sign}${reaction}`);
      }
    }
  },
);

// Fault: v2.chats.read-refused.
check(
  {
    area,
    name: 'typing-and-read',
    title: 'v2 POST /chats/{chatId}/typing and POST /chats/{chatId}/read succeed on a chat with a message',
    clauses: ['v2.chats.typing-and-read'],
    needs: ['v2'],
    responses: 'schema',
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    const chatId = uniquePhone();
    await queued(v2, chatId);
    expectSuccess(await v2.post(path`/chats/${chatId}/typing`), 'v2 POST /chats/{chatId}/typing');
    expectSuccess(await v2.post(path`/chats/${chatId}/read`), 'v2 POST /chats/{chatId}/read');
  },
);

// Fault: v2.send.new-thread.
check(
  {
    area,
    name: 'v2-send-joins-the-v4-conversation',
    title: 'a v2 send to a phone number that goes out on the line of a v4 chat with that number lands in that chat (customer-started or v4 POST /messages-started)',
    clauses: ['versioning.messages.v2-v4-mapping'],
    needs: ['v2', 'listSentMessages', 'simulateInboundMessage', 'channel:native-dedicated'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();

    // The customer writes first and v4 answers in that chat; then v4 starts a conversation with POST /messages.
    const customer = uniquePhone();
    const opened = await inbound(fx, { channel_id: fx.channel('native-dedicated').id, sender: customer });
    const v4Reply = await sendInChat(fx, fx.v4(), opened.chat_id, { text: 'v4 reply' });
    const recipient = uniquePhone();
    const started = await sendMessage(fx, fx.v4(), { to: recipient, text: 'v4 starts' });

    const compared = [
      await sameChatOnSameLine(t, fx, v2, sentRecord(v4Reply, 'v4 POST /chats/{chatId}/messages'), customer),
      await sameChatOnSameLine(t, fx, v2, sentRecord(started, 'v4 POST /messages'), recipient),
    ];
    if (!compared.includes(true)) t.notVerifiable('no v2 send went out on the line of the v4 chat with its number (which line a v2 send uses is not shown)');
  },
);

/**
 * Section 9 item 4 maps the v2 chat send onto the v4 one, so a v2 send to `peer` continues the v4 chat with
 * `peer` (`v4`) - when it goes out on that chat's line: which line a v2 send uses is not shown, and another
 * line is another conversation. Answers whether the chats could be compared.
 */
async function sameChatOnSameLine(t: CheckContext, fx: Fixtures, v2: ApiClient, v4: SentRecord, peer: string): Promise<boolean> {
  const messageId = await queued(v2, peer);
  const record = (await sentMessages(fx)).find((r) => r.message_id === messageId);
  if (record === undefined || record.channel_id !== v4.channel_id) return false;
  t.expect.that(record.chat_id, `chat of the v2 send to ${peer} on the line ${v4.channel_id} (the v4 chat_id)`).toBe(v4.chat_id);
  return true;
}

// Fault: v2.status.stale-queued.
check(
  {
    area,
    name: 'status-follows-the-events',
    title: 'once message.delivered reported a v2-sent message delivered, v2 GET .../status reads it delivered',
    clauses: ['views.messages.status-agrees-with-events'],
    needs: ['v2'],
    concurrent: true,
    timeoutMs: 120_000,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV2(v2, 'message');
    const chatId = uniquePhone();
    const messageId = await queued(v2, chatId, { text: `deliver me ${uniqueToken(6)}` });
    const driven = fx.controlOffers('driveMessageStatus');
    if (driven) {
      await drive(fx, messageId, 'sent');
      await drive(fx, messageId, 'delivered');
    }
    const ours = (delivery: Delivery) => stringsIn(safeJson(delivery)).includes(messageId);
    await hooks.waitForEvent(sub, 'message.delivered', ours, { judge: false }).catch((error: unknown) => {
      if (!driven && error instanceof CheckFailure) t.notVerifiable(`no message.delivered of the v2 send came within ${hooks.timeoutMs} ms, and the control API does not drive statuses (driveMessageStatus)`);
      throw error;
    });
    await expectViewsAgree(t, { v2 }, 'Message', { given: [{ view: 'event', object: { message_id: messageId, status: 'delivered' } }], known: { chat: chatId } });
  },
);
