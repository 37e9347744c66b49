// What a check's sends made. The control API's sent log (listSentMessages) shows it where offered. Elsewhere a
// sandbox whose carrier sends on its own reports each outbound message as `message.sent` (section 6), and the
// flat body a v2 subscription receives names its recipient (`external_id`: phone number, email or group id).
// A check counts the messages to its own fresh recipients, so the shared organization's other sends never
// count. A message a send made besides the one it answered was queued with it, so it is reported about as
// late: once the messages waited for are reported, a grace as long as they took lets any such one arrive.
import { NotVerifiable, type ApiClient, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { unofferedReason } from '../../harness/fixtures/control-client.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { idemKey, isAccepted, isRecord, messageIdOf, shown } from './common.js';
import { sentMessages } from './messaging.js';
import { uniquePhone } from './values.js';
import { safeJson, type Hooks, type Subscription } from './webhooks.js';

/** A message a send made: its id where known, and whom it went to (a group's id where the report names the group). */
export interface Made {
  messageId: string | undefined;
  to: string[];
  /** The chat it went out in, as the sent log (a chat id) or the report (a phone number or identifier) names it. */
  chatId: string | undefined;
}

export interface MadeQuery {
  /** The idempotency key of the sends (how the sent log files them); without one, their recipients tell. */
  key?: string;
  /** The check's own fresh recipients. */
  recipients: readonly string[];
  /** Message ids the sends answered: counted, and reported before the count is taken. */
  answered: readonly string[];
  /** A message sent after the judged sends (when they answered none): reported before the count, never counted. */
  after?: string;
}

export interface Outgoing {
  /** Whether the sent log shows what went out (else the target's own reports). */
  logged: boolean;
  made(query: MadeQuery): Promise<Made[]>;
}

/**
 * Where only the target's reports show what went out: a send to a fresh recipient after the judged ones, whose
 * report is waited for when they answered no message id (a dry run, a fan-out). Undefined with the sent log.
 */
export async function sendAfter(t: CheckContext, outgoing: Outgoing, client: ApiClient, sendPath: string): Promise<string | undefined> {
  if (outgoing.logged) return undefined;
  const response = await client.post(sendPath, { json: { to: uniquePhone(), text: 'sent after the judged sends' }, idempotencyKey: idemKey() });
  const [id] = answeredIds([response]);
  return id ?? t.notVerifiable(`the send made to wait for the target's reports was not answered with a message id (${shown(response)}): ${unofferedReason('listSentMessages')}`);
}

/** The message ids the accepted ones of `responses` answered, each once (an answer that names none adds nothing). */
export function answeredIds(responses: readonly ApiResponse[]): string[] {
  return [...new Set(responses.filter(isAccepted).map((r) => messageIdOf(r.body)))].filter((id): id is string => id !== undefined);
}

/** The shortest grace, for a carrier that reports faster than a duplicate could be told apart. */
const minimumGraceMs = 500;

/**
 * How the check will see what its sends make: the sent log where offered, else a v2 `message` subscription
 * made now, before the sends. Not verifiable when neither is there.
 */
export async function watchOutgoing(t: CheckContext, fx: Fixtures, hooksOf: (t: CheckContext) => Promise<Hooks>): Promise<Outgoing> {
  if (fx.controlOffers('listSentMessages')) return { logged: true, made: (query) => logged(fx, query) };
  if (t.target.v2Url === undefined) return t.notVerifiable(`${unofferedReason('listSentMessages')}, and no v2 API is given whose message.sent would report what went out`);
  const hooks = await hooksOf(t);
  const sub = await hooks.subscribeV2(fx.v2(), 'message');
  const watchedFrom = Date.now();
  return { logged: false, made: (query) => reported(hooks, sub, watchedFrom, query) };
}

async function logged(fx: Fixtures, { key, recipients }: MadeQuery): Promise<Made[]> {
  const wanted = new Set(recipients);
  const records = key === undefined ? (await sentMessages(fx)).filter((r) => r.to.some((to) => wanted.has(to))) : await sentMessages(fx, key);
  return records.map((r) => ({ messageId: r.message_id, to: r.to, chatId: r.chat_id }));
}

async function reported(hooks: Hooks, sub: Subscription, watchedFrom: number, { recipients, answered, after }: MadeQuery): Promise<Made[]> {
  const awaited = after === undefined ? answered : [...answered, after];
  if (awaited.length === 0) throw new NotVerifiable(`the sends' answers name no message id whose message.sent could be waited for: ${unofferedReason('listSentMessages')}`);
  for (const id of awaited) {
    try {
      await hooks.waitForEvent(sub, 'message.sent', (d) => reportOf(d).messageId === id);
    } catch {
      throw new NotVerifiable(
        `the target reported no message.sent for ${id} within ${hooks.timeoutMs} ms, so what the sends made could not be seen: ${unofferedReason('listSentMessages')}, or a sandbox whose carrier sends on its own`,
      );
    }
  }
  const took = Date.now() - watchedFrom;
  await new Promise((resolve) => setTimeout(resolve, Math.min(hooks.timeoutMs, Math.max(minimumGraceMs, took))));
  const wanted = new Set(recipients.map(normalized));
  return reportsTo(hooks, sub)
    .filter((r) => (r.messageId !== undefined && answered.includes(r.messageId)) || (r.to[0] !== undefined && wanted.has(normalized(r.to[0]))))
    .filter((r) => after === undefined || r.messageId !== after);
}

/** One report per message: a delivery repeated (delivery is at least once) is the same message. */
function reportsTo(hooks: Hooks, sub: Subscription): Made[] {
  const seen = new Set<string>();
  return hooks
    .deliveriesTo(sub, 'message.sent')
    .map((d) => ({ report: reportOf(d), raw: d.rawBody.toString('utf8') }))
    .filter(({ report, raw }) => {
      const key = report.messageId ?? raw;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(({ report }) => report);
}

/** The message and recipient a flat message.sent names (base fields at the top level; `data` read too). */
function reportOf(delivery: Delivery): Made {
  const body = safeJson(delivery);
  const record = isRecord(body) ? body : {};
  const data = isRecord(record.data) ? record.data : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const recipient = text(record.external_id) ?? text(data.external_id);
  return { messageId: text(record.message_id) ?? text(data.message_id), to: recipient === undefined ? [] : [recipient], chatId: text(record.chat_id) ?? text(data.chat_id) };
}

/** A phone number by its digits (E.164 may be written with spaces or dashes); anything else as given. */
function normalized(recipient: string): string {
  return /^\+?[\d\s().-]+$/.test(recipient) ? recipient.replace(/\D/g, '') : recipient.toLowerCase();
}
