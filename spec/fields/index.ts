// The field tables beside the spec (events.yaml, objects.yaml): every field the description defines for
// deliveries and answers, and how its value follows from the action that caused it. Read by harness/oracle
// (which judges) and cli `mcs coverage --fields` (which lists). File reading and YAML parsing only.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYamlText } from '../yaml-text.js';
import type { WrappingName } from '../readings.js';

const fieldsDir = dirname(fileURLToPath(import.meta.url));

export const fieldFiles = {
  events: join(fieldsDir, 'events.yaml'),
  objects: join(fieldsDir, 'objects.yaml'),
  schema: join(fieldsDir, 'fields.schema.json'),
} as const;

/**
 * How a field is judged. Semantic judges compare the value with what follows from the action; `schema` is
 * the form only (with a reason); `not-shown` a field the description names without its value.
 */
export const semanticJudges = [
  'equals',
  'one-of',
  'message-id',
  'time-ms',
  'time-ms-past',
  'media-type',
  'signature',
  'not-on-first-delivery',
  'count',
  'url-count',
  'same-set',
  'participants',
  'echo',
  'true',
  'false',
  'not-both',
  'masked',
  'count-of',
  'all-equal',
  'never-expires-or-later',
  'echo-clear',
  'present-array',
  'true-if-present',
  'in-list',
  'same-text',
  'same-number',
  'at-least-items',
  'cursor-when-more',
  'not-false',
  'not-true-if-asked',
  'non-empty',
  'empty-or-absent',
  'mentions-asked',
] as const;
export type SemanticJudge = (typeof semanticJudges)[number];
/** Judges of a value's form alone (a prefix, an object, a URL): applied, but not semantic. */
export const formJudges = ['prefix', 'object', 'url', 'pattern'] as const;
/**
 * Every judge name a rule may use: the names harness/oracle/field-judges.ts has a judge for (its registry is
 * typed against this list), and fields.schema.json's enum (kept equal by the tables' test).
 */
export const judges = [...semanticJudges, ...formJudges, 'schema', 'not-shown'] as const;
export type Judge = (typeof judges)[number];

export interface FieldRule {
  /** A body field, a dotted path, or a header name. */
  field: string;
  judge: Judge;
  /** Where the expected value comes from in the action record (one path, or several for one-of). */
  from?: string | string[];
  /** A literal expected value (prefix, media type, enum value). */
  expect?: unknown;
  /** The clause a contradiction breaks (the table's default when absent). */
  clause?: string;
  /** Why the field is judged by its form only, or how far it is judged. */
  reason?: string;
  /** An expected null also accepts the field's absence. */
  absent_ok?: boolean;
  /** Judged only when the value at `from` is a string matching `matches` (e.g. a path `channel` that is a ch_ id). */
  only_if?: { from: string; matches: string };
}

export interface EventTable {
  clause: string;
  v4_data?: FieldRule[];
  flat?: FieldRule[];
  /** The payload is not shown: why only the envelope, `event` and the headers are judged. */
  not_shown?: string;
}

export interface EventFields {
  version: number;
  headers: FieldRule[];
  envelope: FieldRule[];
  flat_base: FieldRule[];
  v4_data_not_shown: string;
  events: Record<string, EventTable>;
}

/** One answer the description gives an object for: which requests, where the object sits, and its rules. */
export interface AnswerOperation {
  api: 'v4' | 'v2';
  /** An HTTP method, or `*` for any. */
  method: string;
  /** The spec's path template, e.g. `/contacts/{contactId}`, or `*` for any path of the API. */
  path: string;
  /** Which answers are judged: 2xx (default), or `error` (4xx and 5xx). */
  statuses?: 'error';
  /** Where the object is in the body: `data` (item), `data[]` (list items), `.` (top level). */
  at?: 'data' | 'data[]' | '.';
  /**
   * Where the description leaves the object's place open (or names it for an answer the suites also read): the
   * entry of spec/readings.ts `wrappings` whose places are looked in, instead of `at`.
   */
  reading?: WrappingName;
  /** The fields judged for this operation (the object's rules apply to each). */
  rules: FieldRule[];
  /** Judged only when one of these query parameters is given. */
  if_query?: string[];
  /** Judged only when none of these query parameters is given. */
  unless_query?: string[];
}

export interface ObjectTable {
  /** Section of the description that defines the object. */
  section: string;
  clause: string;
  /** Every field the description defines for the object, with how it is judged when no operation says more. */
  fields: FieldRule[];
  operations: AnswerOperation[];
}

export interface ObjectFields {
  version: number;
  objects: Record<string, ObjectTable>;
}

let eventsCache: EventFields | undefined;
let objectsCache: ObjectFields | undefined;

export function loadEventFields(): EventFields {
  eventsCache ??= parseEventFields(readFileSync(fieldFiles.events, 'utf8'));
  return eventsCache;
}

export function loadObjectFields(): ObjectFields {
  objectsCache ??= parseObjectFields(readFileSync(fieldFiles.objects, 'utf8'));
  return objectsCache;
}

/** The event tables of events.yaml's text; throws naming a rule whose judge no judge answers to. */
export function parseEventFields(yamlText: string): EventFields {
  const tables = parseYamlText(yamlText) as EventFields;
  checkJudges('events.yaml', [...tables.headers, ...tables.envelope, ...tables.flat_base, ...Object.values(tables.events).flatMap((table) => [...(table.v4_data ?? []), ...(table.flat ?? [])])]);
  return tables;
}

/** The object tables of objects.yaml's text; throws naming a rule whose judge no judge answers to. */
export function parseObjectFields(yamlText: string): ObjectFields {
  const tables = parseYamlText(yamlText) as ObjectFields;
  checkJudges('objects.yaml', Object.values(tables.objects).flatMap((table) => [...table.fields, ...table.operations.flatMap((operation) => operation.rules)]));
  return tables;
}

/** A rule naming a judge that does not exist would leave its field unjudged without a word: refused at load. */
function checkJudges(file: string, rules: readonly FieldRule[]): void {
  const known: readonly string[] = judges;
  const stray = rules.find((rule) => !known.includes(rule.judge));
  if (stray !== undefined) throw new Error(`spec/fields/${file}: the rule of ${stray.field} names the judge '${String(stray.judge)}', which does not exist (judges: ${judges.join(', ')})`);
}

/** Whether a judge compares the value with the action (not only its form). */
export function isSemantic(judge: Judge): judge is SemanticJudge {
  return (semanticJudges as readonly string[]).includes(judge);
}
