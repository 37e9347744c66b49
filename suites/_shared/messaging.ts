// Sends as the routing, messages and business-chat checks make and observe them: the control API tells
// which channel carried each accepted message (listSentMessages) and lets a customer write first. Without
// listSentMessages, the channel the send's own answer names (a ch_ channel_id, a field the description does
// not show) is taken as the carrier; an answer that names none leaves the check not verifiable.
import { CheckFailure, NotVerifiable, path, type ApiClient, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { unofferedReason } from '../../harness/fixtures/control-client.js';
import type { ChannelFixture } from '../../harness/fixtures/control-client.js';
import type { components } from '../../spec/types/control.js';
import { fail, idemKey, isAccepted, isRecord, shown, type Json } from './common.js';
import { compareReplay } from '../../harness/views/index.js';
import { expectNoFindings } from './views.js';

/** A message the control API's sent log holds (spec/control.openapi.yaml SentMessageRecord). */
export type SentRecord = components['schemas']['SentMessageRecord'];

/** Every outbound message the organization accepted (oldest first), optionally of one idempotency key. */
export function sentMessages(fx: Fixtures, idempotencyKey?: string): Promise<SentRecord[]> {
  const query = idempotencyKey === undefined ? '' : `?idempotency_key=${encodeURIComponent(idempotencyKey)}`;
  return fx.control().call<SentRecord[]>('GET', `/messages${query}`);
}

/** A customer writes to one of the organization's channels; answers the chat to reply to. */
export function inbound(fx: Fixtures, message: { channel_id: string; sender: string; text?: string; protocol?: 'imessage' | 'sms' | 'rcs' | 'non-imessage' }): Promise<{ message_id: string; chat_id: string }> {
  return fx.control().call('POST', '/inbound/messages', { text: 'hello from a customer', ...message });
}

export interface SendOutcome {
  response: ApiResponse;
  key: string;
  /** What the control API recorded for this send's idempotency key: reading it where the control API does not offer listSentMessages makes the check not verifiable. */
  readonly records: SentRecord[];
  /** Whether the records were observed (listSentMessages offered). */
  observed: boolean;
}

/** A send with a fresh idempotency key, and what it produced as far as the target lets it be seen. */
async function sent(fx: Fixtures, send: (key: string) => Promise<ApiResponse>): Promise<SendOutcome> {
  const key = idemKey();
  const response = await send(key);
  const observed = fx.controlOffers('listSentMessages');
  const records = observed ? await sentMessages(fx, key) : undefined;
  return {
    response,
    key,
    observed,
    get records() {
      if (records === undefined) throw new NotVerifiable(unofferedReason('listSentMessages'));
      return records;
    },
  };
}

/** POST /messages with a fresh idempotency key, and what it produced. */
export function sendMessage(fx: Fixtures, client: ApiClient, body: Json): Promise<SendOutcome> {
  return sent(fx, (key) => client.post('/messages', { json: body, idempotencyKey: key }));
}

/** POST /channels/{channel}/messages with a fresh idempotency key, and what it produced. */
export function sendOnChannel(fx: Fixtures, client: ApiClient, channel: string, body: Json): Promise<SendOutcome> {
  return sent(fx, (key) => client.post(path`/channels/${channel}/messages`, { json: body, idempotencyKey: key }));
}

/** POST /chats/{chatId}/messages with a fresh idempotency key, and what it produced. */
export function sendInChat(fx: Fixtures, client: ApiClient, chatId: string, body: Json): Promise<SendOutcome> {
  return sent(fx, (key) => client.post(path`/chats/${chatId}/messages`, { json: body, idempotencyKey: key }));
}

/** The interactive kinds section 2 names, and the two whose whole payload it shows (kind, summary_text, items). */
export const interactiveKinds = ['quick_reply', 'list_picker', 'time_picker', 'form', 'apple_pay', 'authenticate'] as const;
export const fullyDescribedKinds: readonly string[] = ['quick_reply', 'list_picker'];

/** POST `sendPath` with a fresh idempotency key, for a check that judges only the answer (no control API needed). */
export function postSend(client: ApiClient, sendPath: string, body: Json): Promise<ApiResponse> {
  return client.post(sendPath, { json: body, idempotencyKey: idemKey() });
}

/**
 * The lines the primary key owns, to send from: whether a key may send from a line it does not own is not shown
 * (section 1.1 routes sends across the calling key's channels). Inbound-only lines are left out (they refuse
 * recipients who never wrote), and the native dedicated line comes first (the control API's fixture).
 */
export function keysLines(fx: Fixtures): ChannelFixture[] {
  const primary = fx.apiKey();
  const owned = fx.channels.filter((c) => c.owner_api_key === primary && c.kind !== 'native-inbound');
  return owned.sort((a, b) => Number(b.kind === 'native-dedicated') - Number(a.kind === 'native-dedicated'));
}

/** The first of keysLines; not verifiable without one. */
export function keysLine(t: CheckContext, fx: Fixtures): ChannelFixture {
  return keysLines(fx)[0] ?? t.notVerifiable('needs a line the primary API key owns (none configured)');
}

/** The control API's record of an accepted single send (a CheckFailure when it was not accepted or made other than one message). */
export function sentRecord(outcome: SendOutcome, what: string): SentRecord {
  expectSendAccepted(outcome, what);
  // Read only once the send was accepted: without a sent log, reading them makes the check not verifiable.
  const { records } = outcome;
  if (records.length !== 1) {
    fail(`${what}: the send produced ${records.length} outbound messages`, 'exactly one outbound message', JSON.stringify(records).slice(0, 600));
  }
  return records[0] as SentRecord;
}

/** The one channel an accepted single send went out on: as the control API saw it, else as the answer names it. */
export function carrier(outcome: SendOutcome, what: string): string {
  if (outcome.observed) return sentRecord(outcome, what).channel_id;
  expectSendAccepted(outcome, what);
  const body = outcome.response.body;
  const named = isRecord(body) ? body.channel_id : undefined;
  if (typeof named !== 'string' || !named.startsWith('ch_')) {
    throw new NotVerifiable(`${what}: which channel carried the send cannot be seen (the control operation listSentMessages, or a ch_ channel_id in the send's answer)`);
  }
  return named;
}

function expectSendAccepted({ response }: SendOutcome, what: string): void {
  if (!isAccepted(response)) fail(`${what}: the send was not accepted`, 'an accepted send (200, 201 or 202)', shown(response));
}

/** Fails unless the send was accepted and went out on `expected`. */
export function expectCarrier(outcome: SendOutcome, expected: string, what: string): void {
  const actual = carrier(outcome, what);
  if (actual !== expected) throw new CheckFailure(`${what}: the message went out on ${actual}`, `the message goes out on ${expected}`, `channel ${actual}`);
}

/**
 * A refused send sent nothing, where the sent log shows it (listSentMessages); elsewhere the refusal's answer,
 * which its check judges, is all there is to see.
 */
export function expectNothingSent(outcome: SendOutcome, what = 'the refused send'): void {
  if (outcome.observed && outcome.records.length > 0) fail(`${what} was still sent`, 'no outbound message', JSON.stringify(outcome.records));
}

/** Where a cap's fields may sit (spec/AMBIGUITIES.md 2): at the top level, in `error`, or in `error.details`. */
export function capFields(body: unknown, names: readonly string[]): Json | undefined {
  const places: unknown[] = [body];
  if (typeof body === 'object' && body !== null) {
    const error = (body as Json).error;
    places.push(error);
    if (typeof error === 'object' && error !== null) places.push((error as Json).details);
  }
  return places.find((place): place is Json => typeof place === 'object' && place !== null && names.every((n) => n in (place as Json)));
}

/** The message object's fields a replay answers as the first answer did (the status may have moved on: transitions are not shown). */
const replayedFields = ['id', 'message_id', 'chat_id', 'channel_id', 'from', 'to', 'text', 'attachments', 'interactive', 'direction', 'is_group', 'group_id', 'created_at'] as const;

/**
 * The accepted answers of one send replayed with its Idempotency-Key are the first answer, field by field: the
 * same message, made once, at one time (issue 39: a replay compared with the original).
 */
export function expectReplaysAnswerTheFirst(accepted: readonly ApiResponse[]): void {
  const [first, ...replays] = accepted.filter((response) => isRecord(response.body));
  if (first === undefined) return;
  for (const replay of replays) {
    const findings = compareReplay(first.body as Json, replay.body as Json, { clause: 'idempotency.send.retry-safe', fields: replayedFields, moving: { status: () => true }, names: ['the first answer', 'a replay'] });
    expectNoFindings('message', findings.map((finding) => ({ ...finding, exchange: replay.exchange })), 'sendMessage');
  }
}
