// What a check's sends made. The control API's sent log (listSentMessages) shows it where offered. Elsewhere a
// sandbox whose carrier sends on its own reports each outbound message as `message.sent` (section 6), whose
// flat body (a v2 subscription's) carries the message's `text` and `message_id`: the judged sends carry a
// token of the check's own in their text, so that only their reports count, however the carrier names the
// recipient (a phone number, the group, each member) and whatever the shared organization sends meanwhile.
// Reports are awaited until as many messages as the sends should have made were reported (or the delivery
// timeout passed), then a grace as long as that took lets any further one arrive.
import { isNothingArrived, NotVerifiable, type ApiClient, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { unofferedReason } from '../../harness/fixtures/control-client.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { idemKey, isAccepted, isRecord, shown } from './common.js';
import { sentMessages } from './messaging.js';
import { uniquePhone, uniqueToken } from './values.js';
import { safeJson, type Hooks, type Subscription } from './webhooks.js';

/** A message a send made: its id, and whom it went to (as the sent log or the report names them). */
export interface Made {
  messageId: string | undefined;
  to: string[];
  /** The chat it went out in, as the sent log (a chat id) or the report (a phone number or identifier) names it. */
  chatId: string | undefined;
}

export interface MadeQuery {
  /** The idempotency key of the sends: how the sent log files them. */
  key: string;
  /** A token of the check's own the judged sends carry in their text (values.ts uniqueToken). */
  token: string;
  /** How many messages the sends should have made: that many reports are awaited before the grace. */
  expected: number;
  /** The token of a send after the judged ones (sendAfter), awaited when they should have made none. */
  after?: string;
}

export interface Outgoing {
  /** Whether the sent log shows what went out (else the target's own reports). */
  logged: boolean;
  made(query: MadeQuery): Promise<Made[]>;
}

/** The shortest grace, for a carrier that reports faster than a further message could arrive. */
const minimumGraceMs = 500;

/**
 * How the check will see what its sends make: the sent log where offered, else a v2 `message` subscription
 * made now, before the sends, with `credential` (a key of the check's own, where it sends with one: a
 * subscription may be the key's). Not verifiable when neither can be had.
 */
export async function watchOutgoing(t: CheckContext, fx: Fixtures, hooksOf: (t: CheckContext) => Promise<Hooks>, credential?: string): Promise<Outgoing> {
  if (fx.controlOffers('listSentMessages')) return { logged: true, made: (query) => logged(fx, query) };
  if (t.target.v2Url === undefined) return t.notVerifiable(`${unofferedReason('listSentMessages')}, and no v2 API is given whose message.sent would report what went out`);
  const hooks = await hooksOf(t);
  const sub = await hooks.subscribeV2OrWhyNot(fx.v2(credential), 'message');
  if (typeof sub === 'string') return t.notVerifiable(`could not subscribe to the message.sent reports that would show what went out (${sub}): ${unofferedReason('listSentMessages')}`);
  const watchedFrom = Date.now();
  return { logged: false, made: (query) => reported(hooks, sub, watchedFrom, query) };
}

/**
 * Where only the target's reports show what went out: a send to a fresh recipient after the judged ones, with
 * a token of its own, whose report is awaited when they should have made none (a dry run). Undefined with the
 * sent log.
 */
export async function sendAfter(t: CheckContext, outgoing: Outgoing, client: ApiClient, sendPath: string): Promise<string | undefined> {
  if (outgoing.logged) return undefined;
  const token = uniqueToken();
  const response = await client.post(sendPath, { json: { to: uniquePhone(), text: `sent after the judged sends ${token}` }, idempotencyKey: idemKey() });
  if (!isAccepted(response)) t.notVerifiable(`the send made to wait for the target's reports was refused (${shown(response)}): ${unofferedReason('listSentMessages')}`);
  return token;
}

async function logged(fx: Fixtures, { key }: MadeQuery): Promise<Made[]> {
  return (await sentMessages(fx, key)).map((r) => ({ messageId: r.message_id, to: r.to, chatId: r.chat_id }));
}

async function reported(hooks: Hooks, sub: Subscription, watchedFrom: number, { token, expected, after }: MadeQuery): Promise<Made[]> {
  const unseen = `${unofferedReason('listSentMessages')}, or a sandbox whose carrier sends on its own`;
  if (after !== undefined) {
    try {
      await hooks.waitForEvent(sub, 'message.sent', (d) => textOf(d).includes(after));
    } catch (error) {
      // Only a report that never came: one that came with a field contradicting its send fails on that field's clause.
      if (!isNothingArrived(error)) throw error;
      throw new NotVerifiable(`the target reported no message.sent for the send after the judged ones within ${hooks.timeoutMs} ms: ${unseen}`);
    }
  }
  const until = Date.now() + hooks.timeoutMs;
  while (reportsWith(hooks, sub, token).length < expected && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  if (expected > 0 && reportsWith(hooks, sub, token).length === 0) {
    throw new NotVerifiable(`the target reported no message.sent for the judged sends within ${hooks.timeoutMs} ms, so what they made could not be seen: ${unseen}`);
  }
  const took = Date.now() - watchedFrom;
  await new Promise((resolve) => setTimeout(resolve, Math.min(hooks.timeoutMs, Math.max(minimumGraceMs, took))));
  return reportsWith(hooks, sub, token);
}

/** The messages whose reports carry `token` in their text, one per message id (delivery is at least once). */
function reportsWith(hooks: Hooks, sub: Subscription, token: string): Made[] {
  const byId = new Map<string, Made>();
  for (const delivery of hooks.deliveriesTo(sub, 'message.sent')) {
    if (!textOf(delivery).includes(token)) continue;
    const report = reportOf(delivery);
    if (report.messageId === undefined) throw new NotVerifiable(`a message.sent report names no message_id, so its messages cannot be told apart: ${unofferedReason('listSentMessages')}`);
    const known = byId.get(report.messageId);
    // A carrier may report a group message once per member: one message, all of them.
    if (known === undefined) byId.set(report.messageId, report);
    else known.to = [...new Set([...known.to, ...report.to])];
  }
  return [...byId.values()];
}

/** The message and recipient a flat message.sent names (base fields at the top level; `data` read too). */
function reportOf(delivery: Delivery): Made {
  const { record, data } = partsOf(delivery);
  const recipient = text(record.external_id) ?? text(data.external_id);
  return { messageId: text(record.message_id) ?? text(data.message_id), to: recipient === undefined ? [] : [recipient], chatId: text(record.chat_id) ?? text(data.chat_id) };
}

function textOf(delivery: Delivery): string {
  const { record, data } = partsOf(delivery);
  return text(record.text) ?? text(data.text) ?? '';
}

function partsOf(delivery: Delivery): { record: Record<string, unknown>; data: Record<string, unknown> } {
  const body = safeJson(delivery);
  const record = isRecord(body) ? body : {};
  return { record, data: isRecord(record.data) ? record.data : {} };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
