// Message statuses (section 3 Message: `queued`, `sent`, `delivered`, `failed`) as the v4 send answers
// report them, and sends a channel does not support (section 7: 501, send not supported). The message
// object's fields beyond those named are not shown, so a send answer without `status` says nothing: the
// status check is then not verifiable rather than passed. Which sends a channel does not support is read
// from GET /channels/{channel}/capabilities ("also reports ... interactive features"): quick_reply or
// list_picker (the two kinds whose payload section 2 describes in full) not reported by a line the primary
// key owns is a send that line does not support. Sends go from the key's own lines (messaging keysLine).
import { check, path, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { uniquePhone } from '../_shared/values.js';
import { dataOf, isAccepted, isRecord, shown, fail, type Json } from '../_shared/common.js';
import { fullyDescribedKinds, inbound, keysLine, keysLines, postSend } from '../_shared/messaging.js';

const area = 'messages';
const statuses = ['queued', 'sent', 'delivered', 'failed'];

/** The accepted single sends of the three v4 send endpoints, each with what it was (the chat send needs the control API). */
async function acceptedSends(t: CheckContext, fx: Fixtures): Promise<{ what: string; response: ApiResponse }[]> {
  const line = keysLine(t, fx);
  const sends = [
    { what: 'POST /messages', response: await postSend(fx.v4(), '/messages', { to: uniquePhone(), text: 'status please' }) },
    { what: 'POST /channels/{channel}/messages', response: await postSend(fx.v4(), path`/channels/${line.id}/messages`, { to: uniquePhone(), text: 'status please' }) },
  ];
  if (t.hasControl) {
    const { chat_id: chatId } = await inbound(fx, { channel_id: line.id, sender: uniquePhone(), protocol: 'imessage' });
    sends.push({ what: 'POST /chats/{chatId}/messages', response: await postSend(fx.v4(), path`/chats/${chatId}/messages`, { text: 'a reply' }) });
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
    title: 'a quick_reply or list_picker send on a line whose capabilities do not report it answers 501',
    clauses: ['errors.501.send-not-supported'],
  },
  async (t) => {
    // Fault: messaging.send.unsupported-as-422.
    const fx = await t.fixtures();
    const refusedOpenings: string[] = [];
    for (const line of keysLines(fx)) {
      const interactive = await reportedInteractive(fx, line.id);
      const kind = interactive === undefined ? undefined : fullyDescribedKinds.find((k) => !interactive.includes(k));
      if (kind === undefined) continue;
      // Text first: an interactive send carries no text, and a brand-new conversation may not start without it (section 7 400).
      const to = uniquePhone();
      const first = await postSend(fx.v4(), path`/channels/${line.id}/messages`, { to, text: 'hello first' });
      if (!isAccepted(first)) {
        refusedOpenings.push(`${line.kind}: ${shown(first)}`);
        continue;
      }
      const payload = { kind, summary_text: 'Pick one', items: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }] };
      // Section 7 shows no fields of a send's 501 beyond the error shapes, which response validation judges.
      t.expect.hasStatus(await postSend(fx.v4(), path`/channels/${line.id}/messages`, { to, interactive: payload }), 501);
      return;
    }
    if (refusedOpenings.length > 0) t.notVerifiable(`the text that opens a conversation was refused on every candidate line (${refusedOpenings.join('; ')})`);
    t.notVerifiable('no line of the primary key reports capabilities.interactive without quick_reply or list_picker');
  },
);
