// The registry of field judges: one named judge for every judge name the field tables may use
// (spec/fields/index.ts `judges`), each a pure function of the field's value, the values its rule expects and
// what holds the field (an answer's object, or a delivery and its action). A judge says the field holds, finds
// it wrong (a Finding naming the clause), or leaves it unjudged with the reason: never fails what it cannot
// derive. The record is typed against the tables' names, so a name without a judge, or a judge no table can
// name, does not compile; the tables refuse a rule naming an unknown judge when they load.
import { isDeepStrictEqual } from 'node:util';
import type { FieldRule, Judge } from '../../spec/fields/index.js';
import type { Finding } from '../checks/failure.js';
import type { Delivery } from '../webhooks/receiver.js';
import { verifySignature } from '../webhooks/signature.js';
import { underived, type Derived, type EventAction } from './action.js';
import { timeProblem, type Window } from './time.js';

type Json = Record<string, unknown>;

/** A field's value as found: `present` false when the key is absent. */
export interface Found {
  present: boolean;
  value: unknown;
}

export interface Unjudged {
  field: string;
  reason: string;
}

export type Verdict = { ok: true } | { ok: false; finding: Finding } | { ok: 'unjudged'; unjudged: Unjudged };

/** How a delivery was asked for: which body its subscription receives, its secret, whether a replay. */
export interface DeliveryContext {
  /** The API version that registered the subscription: which body it receives. */
  api: 'v4' | 'v2';
  /** The subscription's signing secret, to judge the signature's digest. */
  secret?: string;
  /** A replay asked for: X-Service-Replay is then due, not forbidden. */
  replay?: boolean;
}

/** What holds the field judged: an object of an answer (within its body), or a delivery (a header or body field). */
export type Holder = { kind: 'answer'; object: Json; body: unknown } | { kind: 'delivery'; delivery: Delivery; action: EventAction; context: DeliveryContext; header: boolean };

export interface FieldInput {
  rule: FieldRule;
  found: Found;
  /** One expected value per `from` path, or the literal `expect`; `underived` where the action or request does not state it. */
  expected: readonly Derived[];
  /** The clause a finding breaks: the rule's, else its table's. */
  clause: string;
  window: Window;
  holder: Holder;
}

export interface FieldJudge {
  /** One line: what holds of a field the judge passes. */
  readonly description: string;
  /** `expect` names another field of the object (not a value): the expected values come from `from` alone. */
  readonly expectNamesAField?: true;
  judge(input: FieldInput): Verdict;
}

const ok: Verdict = { ok: true };
const show = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));
const shownFound = (found: Found): string => show(found.present ? found.value : undefined);

function fail(input: FieldInput, expected: string, actual: string = shownFound(input.found)): Verdict {
  return { ok: false, finding: { field: input.rule.field, clause: input.clause, expected, actual } };
}

function unjudged(input: FieldInput, reason: string): Verdict {
  return { ok: 'unjudged', unjudged: { field: input.rule.field, reason } };
}

const derivedOf = (input: FieldInput): unknown[] => input.expected.filter((value) => value !== underived);

/** A judge of the field's own value, judged as it is. */
function own(description: string, judge: (input: FieldInput) => Verdict, options: { expectNamesAField?: true } = {}): FieldJudge {
  return { description, judge, ...options };
}

/**
 * A judge of the value against what the action or request states: unjudged where it states nothing (`needs`), and
 * an expected null is judged alike by all (the field is null, or, where the rule allows it, absent).
 */
function stated(description: string, needs: boolean, judge: (input: FieldInput, expected: unknown, derived: unknown[]) => Verdict): FieldJudge {
  return own(description, (input) => {
    const derived = derivedOf(input);
    if (needs && derived.length === 0) return unjudged(input, `the action does not state ${[input.rule.from ?? 'its value'].flat().join(' or ')}`);
    if (derived.length === 1 && derived[0] === null && input.rule.judge !== 'one-of') {
      if (input.found.present ? input.found.value === null : input.rule.absent_ok === true) return ok;
      return fail(input, input.rule.absent_ok ? 'null or absent' : 'null');
    }
    return judge(input, derived[0], derived);
  });
}

/** A judge of answers only (a delivery's rule naming it is left unjudged). */
function ofAnswers(description: string, judge: (input: FieldInput, object: Json, body: unknown) => Verdict, options: { expectNamesAField?: true } = {}): FieldJudge {
  return own(description, (input) => (input.holder.kind === 'answer' ? judge(input, input.holder.object, input.holder.body) : unjudged(input, `${input.rule.judge} judges answers only`)), options);
}

/** A judge of deliveries only (an answer's rule naming it is left unjudged). */
function ofDeliveries(description: string, judge: (input: FieldInput, holder: Extract<Holder, { kind: 'delivery' }>) => Verdict): FieldJudge {
  return own(description, (input) => (input.holder.kind === 'delivery' ? judge(input, input.holder) : unjudged(input, `${input.rule.judge} judges deliveries only`)));
}

const lengthOf = (expected: unknown): number => (Array.isArray(expected) ? expected.length : 0);

/** An array field left out where nothing was sent and the description allows its absence. */
const absentEmpty = (input: FieldInput, expected: unknown): boolean => !input.found.present && input.rule.absent_ok === true && lengthOf(expected) === 0;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value of a dotted path in an object, or undefined. */
function valueAt(record: Json, path: string): unknown {
  let current: unknown = record;
  for (const key of path.split('.')) current = isRecord(current) ? current[key] : undefined;
  return current;
}

/** Every string a value holds, at any depth (a tag as a string, or as an object naming it). */
function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (isRecord(value)) return Object.values(value).flatMap(stringLeaves);
  return [];
}

/** The header's value as the delivery carried it (not JSON-quoted), for `actual`. */
const rawHeader = (input: FieldInput): string => (input.found.value === undefined ? '(absent)' : String(input.found.value));

export const fieldJudges = {
  schema: stated('judged by its form only (the schema)', false, (input) => unjudged(input, input.rule.reason ?? 'judged by its form only')),
  'not-shown': stated('named without its value: not judged', false, (input) => unjudged(input, input.rule.reason ?? 'judged by its form only')),

  equals: stated('the value the action or request states', true, (input, expected) => (input.found.present && isDeepStrictEqual(input.found.value, expected) ? ok : fail(input, show(expected)))),
  // A field of the object with the name of a field sent: where the answer carries it, it is what was sent.
  echo: stated('where present, the value sent', true, (input, expected) => (!input.found.present || isDeepStrictEqual(input.found.value, expected) ? ok : fail(input, `${show(expected)} (the value sent)`))),
  'one-of': stated('one of the values the action states (unjudged where it does not state them all)', true, (input, _expected, derived) => {
    // One of several values, some of which the action does not state: a value outside those stated may be one
    // of the others, so nothing is judged.
    if (derived.length < input.expected.length) return unjudged(input, `the action does not state every value it may be (${[input.rule.from ?? ''].flat().join(', ')})`);
    if (input.found.present && derived.some((value) => isDeepStrictEqual(input.found.value, value))) return ok;
    if (!input.found.present && input.rule.absent_ok === true) return ok;
    return fail(input, `one of ${derived.map(show).join(', ')}`);
  }),
  true: stated('true', false, (input) => (input.found.present && input.found.value === true ? ok : fail(input, 'true'))),
  false: stated('false', false, (input) => (input.found.present && input.found.value === false ? ok : fail(input, 'false'))),
  prefix: stated('a string starting with the prefix', false, (input) => (typeof input.found.value === 'string' && input.found.value.startsWith(String(input.rule.expect)) ? ok : fail(input, `a string starting ${String(input.rule.expect)}`))),
  object: stated('an object', false, (input) => (isRecord(input.found.value) ? ok : fail(input, 'an object'))),
  // A stated form of a "string or null" field: null or absent passes (its presence is the schema's).
  pattern: stated('null, or a string of the stated form', false, (input) => {
    const value = input.found.value;
    if (!input.found.present || value === null) return ok;
    return typeof value === 'string' && new RegExp(String(input.rule.expect), 'u').test(value) ? ok : fail(input, `null or a string matching ${String(input.rule.expect)}`);
  }),
  'time-ms': stated('integer epoch ms between the action and the arrival', false, (input) => {
    const problem = timeProblem(input.found.value, input.window);
    return problem === undefined ? ok : fail(input, 'integer epoch milliseconds between the action and the arrival', problem);
  }),
  'time-ms-past': stated('integer epoch ms not after the arrival (a record made earlier)', false, (input) => {
    const problem = timeProblem(input.found.value, { to: input.window.to });
    return problem === undefined ? ok : fail(input, 'integer epoch milliseconds, not after the answer', problem);
  }),
  count: stated('an array of as many items as were sent', true, (input, expected) => {
    const value = input.found.value;
    if (!Array.isArray(value)) return absentEmpty(input, expected) ? ok : fail(input, `an array of ${lengthOf(expected)}`);
    return value.length === lengthOf(expected) ? ok : fail(input, `${lengthOf(expected)} item(s), as sent`, `${value.length} item(s): ${show(value)}`);
  }),
  'url-count': stated('an array of as many URLs as were sent', true, (input, expected) => {
    const value = input.found.value;
    if (!Array.isArray(value)) return absentEmpty(input, expected) ? ok : fail(input, `an array of ${lengthOf(expected)} URL(s)`);
    const notUrls = value.filter((item) => typeof item !== 'string' || !URL.canParse(item));
    if (notUrls.length > 0) return fail(input, 'URLs', `not URLs: ${show(notUrls)}`);
    return value.length === lengthOf(expected) ? ok : fail(input, `${lengthOf(expected)} URL(s), as sent`, `${value.length}: ${show(value)}`);
  }),
  'same-set': stated('the values stated, in any order', true, (input, expected) => {
    const value = input.found.value;
    return Array.isArray(value) && Array.isArray(expected) && isDeepStrictEqual([...value].map(show).sort(), [...expected].map(show).sort()) ? ok : fail(input, `${show(expected)} (in any order)`);
  }),
  participants: stated('{contact_id, identifier, name or null} each, every member of the group among them', true, (input, members) => participantsVerdict(input, members)),
  'all-equal': stated('every item the value stated', true, (input, expected) => (Array.isArray(input.found.value) && input.found.value.every((item) => isDeepStrictEqual(item, expected)) ? ok : fail(input, `every item ${show(expected)}`))),

  'message-id': ofDeliveries("the message the action names (any msg_ id where the event may name its own)", (input, { action }) => {
    // On a message.* event the one the action names (AMBIGUITIES v4 41); other events concern no message the
    // description names.
    const messageId = action.subject?.message_id;
    if (!action.type.startsWith('message.') || messageId === undefined) return unjudged(input, input.rule.reason ?? 'no associated message is named');
    const value = input.found.value;
    if (value === messageId) return ok;
    if (action.mayNameOtherMessage && typeof value === 'string' && value.startsWith('msg_')) return ok;
    return fail(input, action.mayNameOtherMessage ? `${messageId} or the event's own msg_ id` : messageId);
  }),
  'media-type': ofDeliveries('the media type stated, parameters aside', (input) => {
    const value = input.found.value;
    return typeof value === 'string' && value.split(';')[0]?.trim().toLowerCase() === input.rule.expect ? ok : fail(input, String(input.rule.expect), rawHeader(input));
  }),
  'not-on-first-delivery': ofDeliveries('absent on a first delivery (true on replays only)', (input, { context }) => {
    if (context.replay) return unjudged(input, 'a replay: the replay check judges it');
    return String(input.found.value ?? '').toLowerCase() === 'true' ? fail(input, 'absent on a first delivery (true on replays only)', rawHeader(input)) : ok;
  }),
  signature: ofDeliveries('t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<raw body>"> under the secret', (input, { delivery, context }) => signatureVerdict(input, delivery, context.secret)),

  'not-both': ofAnswers('not true together with the field `expect` names', (input, object) => {
    const other = valueAt(object, String(input.rule.expect));
    return input.found.value === true && other === true ? fail(input, `not both ${input.rule.field} and ${String(input.rule.expect)} true`, show({ [input.rule.field]: true, [String(input.rule.expect)]: true })) : ok;
  }, { expectNamesAField: true }),
  // "present when no specific code was requested": a line for a code that was asked for is not auto-assigned.
  'not-true-if-asked': ofAnswers('not true on a line whose field `expect` names holds a value asked for', (input, object) => {
    const asked = derivedOf(input).flat().map(String);
    if (asked.length === 0) return unjudged(input, 'no value asked for');
    const own = valueAt(object, String(input.rule.expect));
    return input.found.value === true && asked.includes(String(own)) ? fail(input, `absent or not true: ${String(input.rule.expect)} ${show(own)} was asked for`) : ok;
  }, { expectNamesAField: true }),
  'count-of': ofAnswers('the number of lines of the whole page with the field `expect` names true', (input, _object, body) => {
    if (!isRecord(body) || !Array.isArray(body.data) || body.has_more !== false) return unjudged(input, 'the page is not the whole quote');
    if (!input.found.present) return unjudged(input, "absent (its presence is the schema's)");
    const count = body.data.filter((item) => isRecord(item) && item[String(input.rule.expect)] === true).length;
    return input.found.value === count ? ok : fail(input, `${count} (the lines with ${String(input.rule.expect)} true)`);
  }, { expectNamesAField: true }),
  'echo-clear': ofAnswers('the value sent; one sent null or empty reads cleared (null, empty or absent)', (input) => {
    const derived = derivedOf(input);
    if (derived.length === 0) return unjudged(input, 'not sent');
    const sent = derived[0];
    // "null or empty string clears a field": cleared reads null, empty or absent.
    const { found } = input;
    if (sent === null || sent === '') return !found.present || found.value === null || found.value === '' ? ok : fail(input, 'cleared (null, empty or absent)');
    return isDeepStrictEqual(found.value, sent) ? ok : fail(input, JSON.stringify(sent));
  }),
  url: ofAnswers('a URL', (input) => (typeof input.found.value === 'string' && URL.canParse(input.found.value) ? ok : fail(input, 'a URL'))),
  'non-empty': ofAnswers('a non-empty array', (input) => (Array.isArray(input.found.value) && input.found.value.length > 0 ? ok : fail(input, 'a non-empty array'))),
  'empty-or-absent': ofAnswers('an empty array, null or absent', (input) => {
    const value = input.found.value;
    return !input.found.present || value === null || (Array.isArray(value) && value.length === 0) ? ok : fail(input, 'an empty array, null or absent');
  }),
  // The form of the items is not shown (tags): the value, in whatever form, names each value asked for in any case.
  'mentions-asked': ofAnswers('names every value asked for, in any case', (input) => {
    const asked = derivedOf(input).flat().map(String);
    if (asked.length === 0) return unjudged(input, 'no value asked for');
    const named = new Set(stringLeaves(input.found.value).map((text) => text.toLowerCase()));
    const missing = asked.filter((value) => !named.has(value.toLowerCase()));
    return missing.length === 0 ? ok : fail(input, `names ${asked.map((value) => JSON.stringify(value)).join(', ')} (in any case)`);
  }),
  'present-array': ofAnswers('an array (present on completion)', (input) => (Array.isArray(input.found.value) ? ok : fail(input, 'an array (present on completion)'))),
  // Only the field's name is given (`deleted`): present, and not false or null; its type is not judged.
  'not-false': ofAnswers('present and not false', (input) => (input.found.present && input.found.value !== false && input.found.value !== null ? ok : fail(input, `present and not false (the answer states ${input.rule.field})`))),
  'true-if-present': ofAnswers('true, or absent', (input) => (!input.found.present || input.found.value === true ? ok : fail(input, 'true, or absent'))),
  'in-list': ofAnswers('one of the values asked for', (input) => {
    const list = derivedOf(input).flat().map(String);
    if (list.length === 0) return unjudged(input, 'no value asked for');
    return typeof input.found.value === 'string' && list.includes(input.found.value) ? ok : fail(input, `one of the values asked for: ${list.join(', ')}`);
  }),
  'same-text': ofAnswers('the text asked for, in any case', (input) => {
    const derived = derivedOf(input);
    if (derived.length === 0) return unjudged(input, 'not asked for');
    return typeof input.found.value === 'string' && input.found.value.toLowerCase() === String(derived[0]).toLowerCase() ? ok : fail(input, `${JSON.stringify(derived[0])} (the value asked for)`);
  }),
  'never-expires-or-later': ofAnswers('-1, or epoch ms not before created_at', (input) => {
    const created = derivedOf(input)[0];
    const value = input.found.value;
    if (value === -1) return ok;
    if (typeof value !== 'number' || !Number.isInteger(value)) return fail(input, '-1 or integer epoch ms');
    if (typeof created === 'number' && value < created) return fail(input, `-1, or epoch ms not before created_at ${created}`);
    return value >= 1e11 ? ok : fail(input, '-1 or epoch milliseconds (not seconds)');
  }),
  masked: ofAnswers('only the area code revealed', (input, object) => maskedVerdict(input, derivedOf(input)[0], object)),
  'same-number': ofAnswers('the number asked for', (input) => {
    const derived = derivedOf(input);
    if (derived.length === 0 || !input.found.present) return unjudged(input, "not asked for, or absent (its presence is the schema's)");
    return Number(input.found.value) === Number(derived[0]) && typeof input.found.value === 'number' ? ok : fail(input, `${String(derived[0])}`);
  }),
  'at-least-items': ofAnswers('at least as many as the items of the page', (input, object) => {
    const items = object[String(input.rule.expect)];
    if (!Array.isArray(items) || typeof input.found.value !== 'number') return unjudged(input, 'no item list or no total');
    return input.found.value >= items.length ? ok : fail(input, `at least the ${items.length} item(s) of the page`);
  }, { expectNamesAField: true }),
  'cursor-when-more': ofAnswers('a cursor where has_more is true (cursor mode)', (input, object) => {
    if (object.has_more !== true || 'pagination' in object) return unjudged(input, 'asserted only where has_more is true in cursor mode');
    return typeof input.found.value === 'string' && input.found.value !== '' ? ok : fail(input, 'a cursor (a non-empty string) where has_more is true');
  }),
} as const satisfies Record<Judge, FieldJudge>;

/** Judges a field by its rule's judge: the one place a judge name is turned into a judge. */
export function judgeField(input: FieldInput): Verdict {
  const judge: FieldJudge = fieldJudges[input.rule.judge];
  return judge.judge(input);
}

/** Group participants: `{contact_id, identifier, name or null}` each, and every member of the set-up among them. */
function participantsVerdict(input: FieldInput, members: unknown): Verdict {
  const value = input.found.value;
  if (!Array.isArray(value)) return fail(input, 'an array of {contact_id, identifier, name or null}');
  const items = value as unknown[];
  const malformed = items.filter((p) => !isRecord(p) || typeof p.identifier !== 'string' || !('contact_id' in p) || !(p.name === null || typeof p.name === 'string'));
  if (malformed.length > 0) return fail(input, '{contact_id, identifier, name or null} each', show(malformed[0]));
  const identifiers = items.map((p) => (p as Json).identifier);
  const lacking = (Array.isArray(members) ? members : []).filter((member) => !identifiers.includes(member));
  return lacking.length === 0 ? ok : fail(input, `every member of the group: ${show(members)}`, `lacks ${lacking.join(', ')}: ${show(identifiers)}`);
}

/**
 * Only the area code is revealed (AMBIGUITIES v4 52): masked_national shows no digits, the row's area code, or
 * the calling code and the area code; nothing more.
 */
function maskedVerdict(input: FieldInput, areaCode: unknown, object: Json): Verdict {
  const { found } = input;
  if (found.value === null || !found.present) return ok;
  if (typeof found.value !== 'string') return fail(input, 'a string or null');
  let digits = found.value.replace(/\D/g, '');
  const calling = typeof object.country_code === 'string' ? object.country_code.replace(/\D/g, '') : '';
  if (typeof areaCode === 'string' && digits !== areaCode && calling !== '' && digits.startsWith(calling)) digits = digits.slice(calling.length);
  if (digits === '') return ok;
  if (typeof areaCode === 'string') return digits === areaCode ? ok : fail(input, `only the area code ${areaCode} revealed`);
  return digits.length <= 4 ? ok : fail(input, 'only an area code revealed');
}

/** `t=<unix seconds>,v1=<64 hex digits>` (section 5), `t` the delivery's time in seconds, the digest over "<t>.<raw body>". */
function signatureVerdict(input: FieldInput, delivery: Delivery, secret: string | undefined): Verdict {
  const value = typeof input.found.value === 'string' ? input.found.value : undefined;
  const form = 't=<unix seconds>,v1=<64 hex digits>';
  if (value === undefined) return fail(input, form, '(absent)');
  const pairs = value.split(',').map((pair) => pair.trim().split('='));
  const stamp = pairs.find(([key]) => key === 't')?.[1] ?? '';
  const digests = pairs.filter(([key]) => key === 'v1').map(([, digest]) => digest ?? '');
  if (!/^\d+$/.test(stamp) || digests.length === 0 || !digests.every((d) => /^[0-9a-fA-F]{64}$/.test(d))) return fail(input, form, value);
  // Unix seconds of about the delivery's time: a day either way (the tolerance is not shown; a millisecond value is 1000 times larger).
  if (Math.abs(Number(stamp) - delivery.receivedAt / 1000) > 86_400) return fail(input, `t in unix seconds, about ${Math.floor(delivery.receivedAt / 1000)}`, `t=${stamp}`);
  if (secret === undefined) return ok;
  const verified = verifySignature(delivery.rawBody, delivery.headers['x-service-signature'], secret);
  if (verified.ok || verified.reason === 'timestamp-outside-tolerance') return ok;
  return fail(input, 'v1 = HMAC-SHA256 over "<t>.<raw body>" keyed by the signing secret', `${verified.reason}: ${value}`);
}
