// The oracle of deliveries: every field of a delivery (headers, v4 envelope and data, flat body) judged against
// the action that caused it, by the rules of spec/fields/events.yaml. What the action does not state is left
// unjudged with the reason, so a vendor target's sandbox is judged on what it shows and never failed on what
// the suite cannot derive.
import { loadEventFields, type FieldRule } from '../../spec/fields/index.js';
import type { Finding } from '../checks/failure.js';
import type { Delivery } from '../webhooks/receiver.js';
import { derive, declaredActions, type EventAction } from './action.js';
import { judgeField, type DeliveryContext, type Found, type Holder, type Unjudged, type Verdict } from './field-judges.js';

export type { DeliveryContext } from './field-judges.js';

export interface DeliveryVerdict {
  /** What the field judges found wrong, each naming its clause, about this delivery. */
  findings: Finding[];
  unjudged: Unjudged[];
  /** The fields judged and found to hold, with the clause each was judged under. */
  judged: { field: string; clause: string }[];
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
    // A body that is not JSON: the content-type rule names it.
    return undefined;
  }
}

function fieldOf(record: Json, field: string): Found {
  return Object.prototype.hasOwnProperty.call(record, field) ? { present: true, value: record[field] } : { present: false, value: undefined };
}

/** Every finding of `delivery` against `action`, and every field left unjudged with its reason. */
export function judgeDelivery(delivery: Delivery, action: EventAction, context: DeliveryContext): DeliveryVerdict {
  const tables = loadEventFields();
  const out: DeliveryVerdict = { findings: [], unjudged: [], judged: [] };
  const about = { operation: action.type, as: 'delivery' } as const;
  const table = tables.events[action.type];
  const window = { from: action.startedAt, to: delivery.receivedAt };
  const judge = (rule: FieldRule, found: Found, where: string, clause: string, header: boolean) => {
    const holder: Holder = { kind: 'delivery', delivery, action, context, header };
    const expected = rule.expect !== undefined ? [rule.expect] : [rule.from ?? []].flat().map((path) => derive(action, path));
    const verdict: Verdict = judgeField({ rule, found, expected, clause: rule.clause ?? clause, window, holder });
    if (verdict.ok === false) out.findings.push({ ...verdict.finding, field: `${where}${verdict.finding.field}`, about });
    else if (verdict.ok === 'unjudged') out.unjudged.push({ ...verdict.unjudged, field: `${where}${verdict.unjudged.field}` });
    else out.judged.push({ field: `${where}${rule.field}`, clause: rule.clause ?? clause });
  };
  const apply = (rules: readonly FieldRule[], record: Json, where: string, clause: string) => {
    for (const rule of rules) judge(rule, fieldOf(record, rule.field), where, clause, false);
  };

  for (const rule of tables.headers) {
    const value = headerOf(delivery, rule.field);
    judge(rule, { present: value !== undefined, value }, '', 'events.header.event-type', true);
  }
  const body = bodyOf(delivery);
  if (body === undefined) {
    out.findings.push({ field: 'body', clause: 'events.header.content-type-json', expected: 'a JSON object', actual: delivery.rawBody.toString('utf8').slice(0, 200), about });
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
