// The oracle of answers: every 2xx answer of an operation spec/fields/objects.yaml lists is judged against the
// request that caused it (its path parameters, body and query, and what an earlier request of the run
// registered), whichever check made it. The action of an answer is inferred from its request, so no suite
// declares anything for answers. A value the request does not give leaves its rule unjudged.
import { formJudges, isSemantic, loadObjectFields, type AnswerOperation, type FieldRule } from '../../spec/fields/index.js';
import { locateObject, wrappings } from '../../spec/readings.js';
import type { Finding } from '../checks/failure.js';
import { underived, type Derived } from './action.js';
import { fieldJudges, judgeField, type Found, type Verdict } from './field-judges.js';
import { noteClockAdvance } from './time.js';

type Json = Record<string, unknown>;
type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

/** An answer as the recorder sees it, with the request that caused it. */
export interface AnswerSeen {
  api: 'v4' | 'v2' | 'control';
  method: string;
  /** The request path below the API root, without query. */
  path: string;
  status: number;
  body: unknown;
  request?: { json?: unknown; query?: Record<string, QueryValue> };
  /** Epoch ms the request started (the action's window opens there). */
  startedAt?: number;
  /** Epoch ms the answer arrived. */
  arrivedAt: number;
}

export interface AnswerVerdict {
  /** The object table judged (for the message). */
  object?: string;
  /** What the field judges found wrong, each naming its clause. */
  findings: Finding[];
  judged: number;
}

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What v2 webhook registrations named, by webhook id: a later read of the record is judged against it. */
const registered = new Map<string, Json>();

interface Located {
  object: string;
  clause: string;
  operation: AnswerOperation;
  /** The object's own rules that hold on every answer carrying it (semantic and form judges). */
  always: FieldRule[];
  params: Record<string, string>;
}

const applied = (rule: FieldRule) => isSemantic(rule.judge) || (formJudges as readonly string[]).includes(rule.judge);

let routes: Located[] | undefined;

function allRoutes(): Located[] {
  routes ??= Object.entries(loadObjectFields().objects).flatMap(([object, table]) => table.operations.map((operation) => ({ object, clause: table.clause, operation, always: table.fields.filter(applied), params: {} })));
  return routes;
}

/** The path parameters of `path` under `template`, or undefined when it does not match. */
export function pathParams(template: string, path: string): Record<string, string> | undefined {
  if (template === '*') return {};
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] ?? '';
    const actual = got[i] ?? '';
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (name === undefined) {
      if (segment !== actual) return undefined;
      continue;
    }
    if (actual === '') return undefined;
    try {
      params[name] = decodeURIComponent(actual);
    } catch {
      return undefined;
    }
  }
  return params;
}

function queryValues(query: Record<string, QueryValue> | undefined, name: string): string[] {
  const value = query?.[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** The operations of the tables that `seen` answers, most specific template first. */
function locate(seen: AnswerSeen): Located[] {
  const query = seen.request?.query;
  const given = (names: readonly string[] | undefined) => (names ?? []).some((name) => queryValues(query, name).length > 0);
  const found: Located[] = [];
  for (const route of allRoutes()) {
    const { operation } = route;
    if (operation.api !== seen.api || (operation.method !== '*' && operation.method !== seen.method)) continue;
    if ((operation.statuses === 'error') !== (seen.status >= 400)) continue;
    const params = pathParams(operation.path, seen.path);
    if (params === undefined) continue;
    if (operation.if_query !== undefined && !given(operation.if_query)) continue;
    if (operation.unless_query !== undefined && given(operation.unless_query)) continue;
    found.push({ ...route, params });
  }
  // A literal segment beats a parameter (`/channels/native/available` is not `/channels/{channel}`); an
  // operation of any path (`*`) holds beside the others.
  const literals = (l: Located) => l.operation.path.split('/').filter((s) => !s.startsWith('{')).length;
  const specific = found.filter((l) => l.operation.path !== '*');
  const best = Math.max(...specific.map(literals));
  return [...found.filter((l) => l.operation.path === '*'), ...specific.filter((l) => literals(l) === best)];
}

/** The value of a dotted path in an object. */
function at(record: Json, path: string): Found {
  let current: unknown = record;
  for (const key of path.split('.')) {
    if (!isRecord(current) || !Object.prototype.hasOwnProperty.call(current, key)) return { present: false, value: undefined };
    current = current[key];
  }
  return { present: true, value: current };
}

function source(path: string, seen: AnswerSeen, located: Located, object: Json): Derived {
  const [part, ...rest] = path.split('.');
  const key = rest.join('.');
  if (part === 'literal') return key === 'null' ? null : key;
  if (part === 'response') return key === 'status' ? seen.status : underived;
  if (part === 'path') return located.params[key] ?? underived;
  if (part === 'answer') {
    const found = at(object, key);
    return found.present ? found.value : underived;
  }
  if (part === 'query') {
    const values = queryValues(seen.request?.query, key).flatMap((v) => v.split(','));
    return values.length === 0 ? underived : values.length === 1 ? values[0] : values;
  }
  if (part === 'body') {
    const json = seen.request?.json;
    return isRecord(json) && Object.prototype.hasOwnProperty.call(json, key) ? json[key] : underived;
  }
  if (part === 'registered') {
    const id = located.params.webhookId;
    const record = id === undefined ? undefined : registered.get(id);
    return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : underived;
  }
  return underived;
}

/**
 * The objects of the answer the operation describes (`data`, each item of `data[]`, or the body), each with where
 * it was found when the operation's place is one of several accepted readings (spec/readings.ts, which the
 * suites' checks read too).
 */
function objectsOf(body: unknown, operation: AnswerOperation): { object: Json; where?: string }[] {
  if (operation.reading !== undefined) {
    const found = locateObject(body, wrappings[operation.reading]);
    return found === undefined ? [] : [{ object: found.object, where: found.place.where }];
  }
  const where = operation.at ?? '.';
  if (where === '.') return isRecord(body) ? [{ object: body }] : [];
  if (!isRecord(body)) return [];
  const list = where.endsWith('[]');
  const value = body[where.replace('[]', '')];
  if (list) return Array.isArray(value) ? value.filter(isRecord).map((object) => ({ object })) : [];
  return isRecord(value) ? [{ object: value }] : [];
}

/** Every contradiction of an answer with its request (2xx of an operation the tables list). */
export function judgeAnswer(seen: AnswerSeen): AnswerVerdict {
  if (seen.api === 'control') {
    noteControl(seen);
    return { findings: [], judged: 0 };
  }
  const out: AnswerVerdict = { findings: [], judged: 0 };
  if (seen.status < 200 || (seen.status > 299 && seen.status < 400)) return out;
  if (seen.status < 300) remember(seen);
  for (const located of locate(seen)) {
    for (const { object, where } of objectsOf(seen.body, located.operation)) {
      for (const rule of [...located.always, ...located.operation.rules]) {
        const verdict = judgeRule(rule, seen, located, object);
        if (verdict.ok === false) {
          out.object ??= where === undefined ? located.object : `${located.object} (found ${where})`;
          out.findings.push(verdict.finding);
        } else if (verdict.ok === true) out.judged++;
      }
    }
  }
  return out;
}

function judgeRule(rule: FieldRule, seen: AnswerSeen, located: Located, object: Json): Verdict {
  const clause = rule.clause ?? located.clause;
  if (rule.only_if !== undefined) {
    const value = source(rule.only_if.from, seen, located, object);
    if ((typeof value !== 'string' && typeof value !== 'boolean') || !new RegExp(rule.only_if.matches).test(String(value))) return { ok: 'unjudged', unjudged: { field: rule.field, reason: `only when ${rule.only_if.from} matches ${rule.only_if.matches}` } };
  }
  const found = at(object, rule.field);
  const literal = rule.expect !== undefined && fieldJudges[rule.judge].expectNamesAField !== true;
  const expected = literal ? [rule.expect] : [rule.from ?? []].flat().map((path) => source(path, seen, located, object));
  const window = { ...(seen.startedAt === undefined ? {} : { from: seen.startedAt }), to: seen.arrivedAt };
  return judgeField({ rule, found, expected, clause, window, holder: { kind: 'answer', object, body: seen.body } });
}

/** A v2 webhook registration: what a later read of its record must show. */
function remember(seen: AnswerSeen): void {
  if (seen.api !== 'v2' || seen.method !== 'POST' || seen.path !== '/webhooks' || !isRecord(seen.request?.json)) return;
  const body = locateObject(seen.body, wrappings['v2-webhook-created'])?.object ?? {};
  const id = [body.webhook_id, body.id].find((v): v is string => typeof v === 'string');
  if (id === undefined) return;
  const { webhook_url: url, webhook_type: type } = seen.request.json;
  registered.set(id, { webhook_url: url, webhook_type: type });
}

/** A control API's clock advance moves the upper end of every later window (time.ts). */
function noteControl(seen: AnswerSeen): void {
  if (seen.method !== 'POST' || !seen.path.endsWith('/clock/advance') || seen.status < 200 || seen.status > 299) return;
  const json = seen.request?.json;
  if (isRecord(json) && typeof json.milliseconds === 'number') noteClockAdvance(json.milliseconds);
}
