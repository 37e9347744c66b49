// Message statuses (section 3 Message: `queued`, `sent`, `delivered`, `failed`) as the v4 send answers
// report them, and sends a channel does not support (section 7: 501, send not supported). The message
// object's fields beyond those named are not shown, so a send answer without `status` says nothing: the
// status check is then not verifiable rather than passed. Which sends a channel does not support is read
// from GET /channels/{channel}/capabilities ("also reports ... interactive features"): an interactive kind
// of the six the description names that the channel does not report is a send it does not support.
import { check, path, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { uniquePhone } from '../_shared/a-values.js';
import { dataOf, isAccepted, isRecord, shown, fail, type Json } from '../_shared/b-common.js';
import { inbound, sendInChat, sendMessage, sendOnChannel } from '../_shared/b-messaging.js';

const area = 'messages';
const statuses = ['queued', 'sent', 'delivered', 'failed'];
const preferredKinds = ['sms_provider', 'native-dedicated', 'native-dedicated-nocard', 'rcs', 'whatsapp', 'native-shared'];
const interactiveKinds = ['quick_reply', 'list_picker', 'time_picker', 'form', 'apple_pay', 'authenticate'] as const;

/** The accepted single sends of the three v4 send endpoints, each with what it was. */
async function acceptedSends(t: CheckContext, fx: Fixtures): Promise<{ what: string; response: ApiResponse }[]> {
  const line = fx.channels.find((c) => c.kind === 'native-dedicated') ?? fx.channels[0] ?? t.notVerifiable('needs a channel (none configured)');
  const sends = [
    { what: 'POST /messages', response: (await sendMessage(fx, fx.v4(), { to: uniquePhone(), text: 'status please' })).response },
    { what: 'POST /channels/{channel}/messages', response: (await sendOnChannel(fx, fx.v4(), line.id, { to: uniquePhone(), text: 'status please' })).response },
  ];
  if (t.hasControl) {
    const { chat_id: chatId } = await inbound(fx, { channel_id: line.id, sender: uniquePhone(), protocol: 'imessage' });
    sends.push({ what: 'POST /chats/{chatId}/messages', response: (await sendInChat(fx, fx.v4(), chatId, { text: 'a reply' })).response });
  }
  return sends;
}

check(
  {
    area,
    name: 'send-reports-a-message-status',
    title: 'the status an accepted v4 send reports is one of queued, sent, delivered and failed',
    clauses: ['messages.status.values'],
  },
  async (t) => {
    // Fault: messaging.send.status-accepted.
    const fx = await t.fixtures();
    let reported = 0;
    for (const { what, response } of await acceptedSends(t, fx)) {
      if (!isAccepted(response)) fail(`${what} was not accepted`, 'an accepted send (200, 201 or 202)', shown(response));
      if (!isRecord(response.body) || !('status' in response.body)) continue;
      reported++;
      const status = response.body.status;
      if (typeof status !== 'string' || !statuses.includes(status)) fail(`${what} reports status ${JSON.stringify(status)}`, `one of ${statuses.join(', ')}`, shown(response));
    }
    if (reported === 0) t.notVerifiable('no send answer carries a status (the message object\'s fields are not shown)');
  },
);

/** The interactive kinds a channel reports in its capabilities, or undefined when it reports none in a readable form. */
async function reportedInteractive(fx: Fixtures, channelId: string): Promise<string[] | undefined> {
  const response = await fx.v4().get(path`/channels/${channelId}/capabilities`);
  if (response.status !== 200) return undefined;
  const capabilities = dataOf<Json>(response).capabilities;
  const interactive = isRecord(capabilities) ? capabilities.interactive : undefined;
  return Array.isArray(interactive) && interactive.every((k) => typeof k === 'string') ? interactive : undefined;
}

check(
  {
    area,
    name: 'unsupported-interactive-send-gets-501',
    title: 'an interactive send of a kind the channel\'s capabilities do not report answers 501',
    clauses: ['errors.501.send-not-supported'],
  },
  async (t) => {
    // Fault: messaging.send.unsupported-as-422.
    const fx = await t.fixtures();
    // Lines whose sends no policy refuses first (inbound-only and customer-initiated lines may say 403 before 501).
    const candidates = preferredKinds.flatMap((kind) => fx.channels.filter((c) => c.kind === kind));
    for (const channel of candidates) {
      const interactive = await reportedInteractive(fx, channel.id);
      const kind = interactive === undefined ? undefined : interactiveKinds.find((k) => !interactive.includes(k));
      if (kind === undefined) continue;
      const payload = { kind, summary_text: 'Pick one', items: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }] };
      const { response } = await sendOnChannel(fx, fx.v4(), channel.id, { to: uniquePhone(), interactive: payload });
      t.expect.errorShape(response, 501);
      return;
    }
    t.notVerifiable('no channel reports its interactive features as capabilities.interactive, or every channel supports all six kinds');
  },
);
