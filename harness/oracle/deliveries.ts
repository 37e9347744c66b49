// The oracle of deliveries: every field of a delivery (headers, v4 envelope and data, flat body) judged against
// the action that caused it, by the rules of spec/fields/events.yaml. What the action does not state is left
// unjudged with the reason, so a vendor target's sandbox is judged on what it shows and never failed on what
// the suite cannot derive.
import { loadEventFields, type FieldRule } from '../../spec/fields/index.js';
import type { Delivery } from '../webhooks/receiver.js';
import { verifySignature } from '../webhooks/signature.js';
import { derive, declaredActions, type EventAction } from './action.js';
import { applyRule, type Contradiction, type Found, type Unjudged, type Verdict } from './judges.js';

export interface DeliveryVerdict {
  contradictions: Contradiction[];
  unjudged: Unjudged[];
  /** The fields judged and found to hold, with the clause each was judged under. */
  judged: { field: string; clause: string }[];
}

export interface DeliveryContext {
  /** The API version that registered the subscription: which body it receives. */
  api: 'v4' | 'v2';
  /** The subscription's signing secret, to judge the signature's digest. */
  secret?: string;
  /** A replay asked for: X-Service-Replay is then due, not forbidden. */
  replay?: boolean;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function headerOf(delivery: Delivery, name: string): string | undefined {
  const value = delivery.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function bodyOf(delivery: Delivery): Json | undefined {
  try {
    const body = delivery.json();
    return isRecord(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

function fieldOf(record: Json, field: string): Found {
  return Object.prototype.hasOwnProperty.call(record, field) ? { present: true, value: record[field] } : { present: false, value: undefined };
}

/** Every contradiction of `delivery` with `action`, and every field left unjudged with its reason. */
export function judgeDelivery(delivery: Delivery, action: EventAction, context: DeliveryContext): DeliveryVerdict {
  const tables = loadEventFields();
  const out: DeliveryVerdict = { contradictions: [], unjudged: [], judged: [] };
  const table = tables.events[action.type];
  const window = { from: action.startedAt, to: delivery.receivedAt };
  const take = (verdict: Verdict, where: string, rule: FieldRule, clause: string) => {
    if (verdict.ok === false) out.contradictions.push({ ...verdict.contradiction, field: `${where}${verdict.contradiction.field}` });
    else if (verdict.ok === 'unjudged') out.unjudged.push({ ...verdict.unjudged, field: `${where}${verdict.unjudged.field}` });
    else out.judged.push({ field: `${where}${rule.field}`, clause: rule.clause ?? clause });
  };
  const apply = (rules: readonly FieldRule[], record: Json, where: string, clause: string) => {
    for (const rule of rules) take(judgeField(rule, fieldOf(record, rule.field), action, clause, window), where, rule, clause);
  };

  for (const rule of tables.headers) take(judgeHeader(rule, delivery, action, context), '', rule, rule.clause ?? 'events.header.event-type');
  const body = bodyOf(delivery);
  if (body === undefined) {
    out.contradictions.push({ field: 'body', clause: 'events.header.content-type-json', expected: 'a JSON object', actual: delivery.rawBody.toString('utf8').slice(0, 200) });
    return out;
  }
  if (table === undefined) {
    out.unjudged.push({ field: 'body', reason: `the description defines no event type ${action.type}` });
    return out;
  }
  if (context.api === 'v4') {
    apply(tables.envelope, body, '', table.clause);
    const data = isRecord(body.data) ? body.data : {};
    if (table.v4_data !== undefined) apply(table.v4_data, data, 'data.', table.clause);
    else out.unjudged.push({ field: 'data.*', reason: table.not_shown ?? tables.v4_data_not_shown });
    return out;
  }
  if (table.not_shown !== undefined) {
    // Only `event` is shown of these flat bodies.
    apply(tables.flat_base.filter((rule) => rule.field === 'event'), body, '', table.clause);
    out.unjudged.push({ field: '*', reason: table.not_shown });
    return out;
  }
  apply(tables.flat_base, body, '', table.clause);
  apply(table.flat ?? [], body, '', table.clause);
  return out;
}

function judgeField(rule: FieldRule, found: Found, action: EventAction, clause: string, window: { from: number; to: number }): Verdict {
  if (rule.judge === 'message-id') return messageIdVerdict(rule, found, action, clause);
  const paths = rule.from === undefined ? [] : [rule.from].flat();
  const expected = rule.expect !== undefined ? [rule.expect] : paths.map((path) => derive(action, path));
  return applyRule(rule, found, { clause, expected, window });
}

/**
 * The associated message: on a message.* event the one the action names (any `msg_` id where the event may
 * name its own, AMBIGUITIES v4 41); other events concern no message the description names.
 */
function messageIdVerdict(rule: FieldRule, found: Found, action: EventAction, clause: string): Verdict {
  const fieldClause = rule.clause ?? clause;
  const messageId = action.subject?.message_id;
  if (!action.type.startsWith('message.') || messageId === undefined) return { ok: 'unjudged', unjudged: { field: rule.field, reason: rule.reason ?? 'no associated message is named' } };
  if (found.value === messageId) return { ok: true };
  if (action.mayNameOtherMessage && typeof found.value === 'string' && found.value.startsWith('msg_')) return { ok: true };
  return { ok: false, contradiction: { field: rule.field, clause: fieldClause, expected: action.mayNameOtherMessage ? `${messageId} or the event's own msg_ id` : messageId, actual: found.present ? JSON.stringify(found.value) : '(absent)' } };
}

function judgeHeader(rule: FieldRule, delivery: Delivery, action: EventAction, context: DeliveryContext): Verdict {
  const value = headerOf(delivery, rule.field);
  const found: Found = { present: value !== undefined, value };
  const clause = rule.clause ?? 'events.header.event-type';
  const fail = (expected: string, actual = value === undefined ? '(absent)' : value): Verdict => ({ ok: false, contradiction: { field: rule.field, clause, expected, actual } });
  switch (rule.judge) {
    case 'media-type':
      return value !== undefined && value.split(';')[0]?.trim().toLowerCase() === rule.expect ? { ok: true } : fail(String(rule.expect));
    case 'message-id':
      return messageIdVerdict(rule, found, action, clause);
    case 'not-on-first-delivery':
      if (context.replay) return { ok: 'unjudged', unjudged: { field: rule.field, reason: 'a replay: the replay check judges it' } };
      return value?.toLowerCase() === 'true' ? fail('absent on a first delivery (true on replays only)') : { ok: true };
    case 'signature':
      return signatureVerdict(value, delivery, context.secret, fail);
    default:
      return judgeField(rule, found, action, clause, { from: action.startedAt, to: delivery.receivedAt });
  }
}

/** `t=<unix seconds>,v1=<64 hex digits>` (section 5), `t` the delivery's time in seconds, the digest over "<t>.<raw body>". */
function signatureVerdict(value: string | undefined, delivery: Delivery, secret: string | undefined, fail: (expected: string, actual?: string) => Verdict): Verdict {
  const form = 't=<unix seconds>,v1=<64 hex digits>';
  if (value === undefined) return fail(form);
  const pairs = value.split(',').map((pair) => pair.trim().split('='));
  const stamp = pairs.find(([key]) => key === 't')?.[1] ?? '';
  const digests = pairs.filter(([key]) => key === 'v1').map(([, digest]) => digest ?? '');
  if (!/^\d+$/.test(stamp) || digests.length === 0 || !digests.every((d) => /^[0-9a-fA-F]{64}$/.test(d))) return fail(form);
  // Unix seconds of about the delivery's time: a day either way (the tolerance is not shown; a millisecond value is 1000 times larger).
  if (Math.abs(Number(stamp) - delivery.receivedAt / 1000) > 86_400) return fail(`t in unix seconds, about ${Math.floor(delivery.receivedAt / 1000)}`, `t=${stamp}`);
  if (secret === undefined) return { ok: true };
  const verified = verifySignature(delivery.rawBody, delivery.headers['x-service-signature'], secret);
  if (verified.ok || verified.reason === 'timestamp-outside-tolerance') return { ok: true };
  return fail('v1 = HMAC-SHA256 over "<t>.<raw body>" keyed by the signing secret', `${verified.reason}: ${value}`);
}

/** The event type a delivery names (v4 `type`, flat `event`, else X-Service-Event). */
export function deliveryType(delivery: Delivery): string | undefined {
  const body = bodyOf(delivery);
  if (body !== undefined && typeof body.event === 'string') return body.event;
  if (body !== undefined && typeof body.type === 'string') return body.type;
  return headerOf(delivery, 'x-service-event');
}

/**
 * The declared action a delivery concerns, found by what identifies it (its event id, poll, message, group,
 * shared address or other party), or undefined when none or several match: such a delivery is judged by the
 * check that waits for it, not by the oracle.
 */
export function actionOf(delivery: Delivery, type: string | undefined = deliveryType(delivery)): EventAction | undefined {
  if (type === undefined) return undefined;
  const body = bodyOf(delivery) ?? {};
  const data = isRecord(body.data) ? body.data : {};
  const pick = (field: string) => [body[field], data[field]].filter((v): v is string => typeof v === 'string');
  const named = {
    event: typeof body.id === 'string' ? [body.id] : [],
    poll: pick('poll_id'),
    message: [...pick('message_id'), headerOf(delivery, 'x-service-message-id')].filter((v): v is string => typeof v === 'string'),
    group: pick('group_id'),
    address: pick('address'),
    party: pick('external_id'),
  };
  const keysOf = (action: EventAction) => ({
    event: action.eventIds ?? [],
    poll: [action.subject?.poll_id],
    message: action.mayNameOtherMessage || !type.startsWith('message.') ? [] : [action.subject?.message_id],
    group: [action.subject?.group_id],
    address: [action.did?.address],
    party: [action.subject?.external_id],
  });
  // One key in common, and none that both name differently: a customer or a test recipient is in many actions.
  const matches = declaredActions().filter((action) => {
    if (action.type !== type) return false;
    const keys = keysOf(action);
    const kinds = Object.keys(named) as (keyof typeof named)[];
    const given = (key: keyof typeof named): string[] => (keys[key] as unknown[]).filter((k): k is string => typeof k === 'string');
    const agree = kinds.some((key) => given(key).some((k) => named[key].includes(k)));
    const differ = kinds.some((key) => given(key).length > 0 && named[key].length > 0 && !given(key).some((k) => named[key].includes(k)));
    return agree && !differ;
  });
  return matches.length === 1 ? matches[0] : undefined;
}
