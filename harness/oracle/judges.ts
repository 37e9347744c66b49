// One field rule (spec/fields/*.yaml) applied to one value: a contradiction (field, clause, expected, actual),
// a field left unjudged with the reason, or nothing (it holds). Pure; the callers find the value and the
// expected values (from the action or the request).
import { isDeepStrictEqual } from 'node:util';
import type { FieldRule } from '../../spec/fields/index.js';
import { underived, type Derived } from './action.js';
import { timeProblem, type Window } from './time.js';

export interface Contradiction {
  field: string;
  clause: string;
  expected: string;
  actual: string;
}

export interface Unjudged {
  field: string;
  reason: string;
}

export type Verdict = { ok: true } | { ok: false; contradiction: Contradiction } | { ok: 'unjudged'; unjudged: Unjudged };

/** A field's value as found: `present` false when the key is absent. */
export interface Found {
  present: boolean;
  value: unknown;
}

export interface RuleContext {
  /** The table's clause, for rules that name none. */
  clause: string;
  /** The expected value(s): one per `from` path (or the literal `expect`). */
  expected: Derived[];
  window: Window;
}

const show = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));
const ok: Verdict = { ok: true };

export function applyRule(rule: FieldRule, found: Found, ctx: RuleContext): Verdict {
  const clause = rule.clause ?? ctx.clause;
  const fail = (expected: string, actual: string = show(found.present ? found.value : undefined)): Verdict => ({ ok: false, contradiction: { field: rule.field, clause, expected, actual } });
  const unjudged = (reason: string): Verdict => ({ ok: 'unjudged', unjudged: { field: rule.field, reason } });
  const derived = ctx.expected.filter((value) => value !== underived);
  const expected = derived[0];
  const needsExpected = !['time-ms', 'time-ms-past', 'prefix', 'object', 'media-type', 'signature', 'not-on-first-delivery', 'true', 'false', 'schema', 'not-shown', 'not-both', 'masked'].includes(rule.judge);
  if (needsExpected && derived.length === 0) return unjudged(`the action does not state ${[rule.from ?? 'its value'].flat().join(' or ')}`);
  // An expected null: the field is null (or, where the description allows it, absent).
  if (derived.length === 1 && expected === null && rule.judge !== 'one-of') {
    if (found.present ? found.value === null : rule.absent_ok === true) return ok;
    return fail(rule.absent_ok ? 'null or absent' : 'null');
  }
  switch (rule.judge) {
    case 'schema':
    case 'not-shown':
      return unjudged(rule.reason ?? 'judged by its form only');
    case 'equals':
      return found.present && isDeepStrictEqual(found.value, expected) ? ok : fail(show(expected));
    case 'echo':
      // A field of the object with the name of a field sent: where the answer carries it, it is what was sent.
      return !found.present || isDeepStrictEqual(found.value, expected) ? ok : fail(`${show(expected)} (the value sent)`);
    case 'one-of':
      // One of several values, some of which the action does not state: a value outside those stated may be
      // one of the others, so nothing is judged.
      if (derived.length < ctx.expected.length) return unjudged(`the action does not state every value it may be (${[rule.from ?? ''].flat().join(', ')})`);
      if (found.present && derived.some((value) => isDeepStrictEqual(found.value, value))) return ok;
      if (!found.present && rule.absent_ok === true) return ok;
      return fail(`one of ${derived.map(show).join(', ')}`);
    case 'true':
      return found.present && found.value === true ? ok : fail('true');
    case 'false':
      return found.present && found.value === false ? ok : fail('false');
    case 'prefix':
      return typeof found.value === 'string' && found.value.startsWith(String(rule.expect)) ? ok : fail(`a string starting ${String(rule.expect)}`);
    case 'object':
      return typeof found.value === 'object' && found.value !== null && !Array.isArray(found.value) ? ok : fail('an object');
    case 'time-ms': {
      const problem = timeProblem(found.value, ctx.window);
      return problem === undefined ? ok : fail('integer epoch milliseconds between the action and the arrival', problem);
    }
    case 'time-ms-past': {
      const problem = timeProblem(found.value, { to: ctx.window.to });
      return problem === undefined ? ok : fail('integer epoch milliseconds, not after the answer', problem);
    }
    case 'count': {
      if (!Array.isArray(found.value)) return absentEmpty(found, expected, rule) ? ok : fail(`an array of ${lengthOf(expected)}`);
      return found.value.length === lengthOf(expected) ? ok : fail(`${lengthOf(expected)} item(s), as sent`, `${found.value.length} item(s): ${show(found.value)}`);
    }
    case 'url-count': {
      if (!Array.isArray(found.value)) return absentEmpty(found, expected, rule) ? ok : fail(`an array of ${lengthOf(expected)} URL(s)`);
      const notUrls = found.value.filter((item) => typeof item !== 'string' || !URL.canParse(item));
      if (notUrls.length > 0) return fail('URLs', `not URLs: ${show(notUrls)}`);
      return found.value.length === lengthOf(expected) ? ok : fail(`${lengthOf(expected)} URL(s), as sent`, `${found.value.length}: ${show(found.value)}`);
    }
    case 'same-set':
      return Array.isArray(found.value) && Array.isArray(expected) && isDeepStrictEqual([...found.value].map(show).sort(), [...expected].map(show).sort()) ? ok : fail(`${show(expected)} (in any order)`);
    case 'participants':
      return participantsVerdict(found, expected, fail);
    case 'all-equal':
      return Array.isArray(found.value) && found.value.every((item) => isDeepStrictEqual(item, expected)) ? ok : fail(`every item ${show(expected)}`);
    default:
      // The judges of the callers (headers, ids, counts) never reach here.
      return unjudged(`no generic judge ${rule.judge}`);
  }
}

function lengthOf(expected: unknown): number {
  return Array.isArray(expected) ? expected.length : 0;
}

/** An array field left out where nothing was sent and the description allows its absence. */
function absentEmpty(found: Found, expected: unknown, rule: FieldRule): boolean {
  return !found.present && rule.absent_ok === true && lengthOf(expected) === 0;
}

/** Group participants: `{contact_id, identifier, name or null}` each, and every member of the set-up among them. */
function participantsVerdict(found: Found, members: unknown, fail: (expected: string, actual?: string) => Verdict): Verdict {
  if (!Array.isArray(found.value)) return fail('an array of {contact_id, identifier, name or null}');
  const items = found.value as unknown[];
  const malformed = items.filter((p) => typeof p !== 'object' || p === null || typeof (p as Record<string, unknown>).identifier !== 'string' || !('contact_id' in p) || !((p as Record<string, unknown>).name === null || typeof (p as Record<string, unknown>).name === 'string'));
  if (malformed.length > 0) return fail('{contact_id, identifier, name or null} each', show(malformed[0]));
  const identifiers = items.map((p) => (p as Record<string, unknown>).identifier);
  const lacking = (Array.isArray(members) ? members : []).filter((member) => !identifiers.includes(member));
  return lacking.length === 0 ? ok : fail(`every member of the group: ${show(members)}`, `lacks ${lacking.join(', ')}: ${show(identifiers)}`);
}
