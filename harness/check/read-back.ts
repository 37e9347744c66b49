// Answer equals read-back (issue 30): every v4 write that answers with the object it made or changed is
// followed, in the same check and before the check goes on, by a read of that object, and the two are compared
// field by field. Which read belongs to which write is the table below, checked against the spec's operations
// (read-back.test.ts). What the description names as a difference is left out (the full key of a created API
// key, shown once; a channel's `profile`, which is "returned after a profile update"). Lists compare as
// multisets (no order is promised), and a field only one side carries counts only where the spec names it.
// A read that cannot be made (not 200, another request of the check in flight, the cap of reads per operation
// reached) judges nothing, and a check that leaves its answers' bodies to other areas (responses 'off') reads
// nothing back. A difference fails the check after its body, on the write's own clause
// (spec/operation-clauses.ts); a check citing another clause names it as a read-back.
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadOpenApi } from '../../spec/index.js';
import type { Finding } from '../checks/failure.js';
import type { ApiResponse, ReadingClient } from '../http/api-types.js';
import type { RequestObserver } from '../http/recorder.js';
import { deref, findOperation, findOperationById, type Operation } from '../schema/openapi.js';
import { clauseOfOperation } from '../../spec/operation-clauses.js';

type Json = Record<string, unknown>;

export interface ReadBackRule {
  /** The write (operationId of spec/v4.openapi.yaml). */
  write: string;
  /** The read of the same object (a GET operationId). */
  read: string;
  /** The read's path: `{name}` is the write's path parameter, `{answer.field}` a field of the write's `data`. */
  path: string;
  /** The read is a list: the object is its item whose `id` (or `channel_id`) is this (same placeholders). */
  item?: string;
  /** Fields the description lets differ (not compared). */
  differs?: readonly string[];
  /** Fields the read may leave out. */
  mayLackInRead?: readonly string[];
  /** Compare only these answer fields, each with the read's field of the same value. */
  fields?: Readonly<Record<string, string>>;
  /** A field cleared may read `null`, `""` or absent alike (nested fields included). */
  clearedAlike?: boolean;
}

export const readBackRules: readonly ReadBackRule[] = [
  { write: 'createContact', read: 'getContact', path: '/contacts/{answer.id}' },
  { write: 'updateContact', read: 'getContact', path: '/contacts/{contactId}' },
  { write: 'mergeContact', read: 'getContact', path: '/contacts/{contactId}' },
  { write: 'addContactIdentity', read: 'listContactIdentities', path: '/contacts/{contactId}/identities', item: '{answer.id}' },
  { write: 'updateContactIdentity', read: 'listContactIdentities', path: '/contacts/{contactId}/identities', item: '{identityId}' },
  { write: 'createPriority', read: 'getPriority', path: '/priorities/{answer.id}' },
  { write: 'updatePriority', read: 'getPriority', path: '/priorities/{priorityId}' },
  { write: 'updateChannelSettings', read: 'getChannelSettings', path: '/channels/{channel}/settings' },
  // "profile ... returned after a profile update" (section 2): a read may leave it out; "null or empty string
  // clears a field", which may then read either way (spec/AMBIGUITIES.md v4 38).
  { write: 'updateChannelProfile', read: 'getChannel', path: '/channels/{channel}', mayLackInRead: ['profile'], clearedAlike: true },
  { write: 'updateContactCard', read: 'getContactCard', path: '/me/numbers/{number}/contact-card' },
  { write: 'uploadContactCardAvatar', read: 'getContactCard', path: '/me/numbers/{number}/contact-card' },
  // "full key, returned once only" (section 2): the read shows it masked, or not at all.
  { write: 'createApiKey', read: 'getApiKey', path: '/api-keys/{answer.api_key}', differs: ['api_key'] },
  // The assignment result names the resolved channel and its line: the key's channel of that id, as listed,
  // has that line (the items' shape is not shown: they are found by `id` or `channel_id`, and a field they
  // do not carry is not compared).
  { write: 'assignApiKeyChannel', read: 'listApiKeyChannels', path: '/api-keys/{apiKey}/channels', item: '{answer.channel_id}', fields: { address: 'address' } },
];

/** Reads back per write operation and check: enough to judge every kind of write, bounded for property runs. */
export const readBacksPerOperation = 3;

interface CheckReadBacks {
  /** Requests of the check in flight (read-backs aside). */
  inFlight: number;
  /** Requests of the check started so far (read-backs aside): a change while a write was judged spoils its read. */
  started: number;
  done: Map<string, number>;
  found: boolean;
}

const readingBack = new AsyncLocalStorage<true>();

/**
 * The request observer of one check (judging.ts installs it): reads back each write as it is answered, and
 * reports the first difference found (judged after the check's body).
 */
export function readBackObserver(report: (finding: Finding) => void): RequestObserver {
  const own: CheckReadBacks = { inFlight: 0, started: 0, done: new Map(), found: false };
  return (client, method, path) => {
    if (readingBack.getStore() === true || client.api !== 'v4') return undefined;
    const alone = own.inFlight === 0;
    own.inFlight++;
    own.started++;
    const startedAt = own.started;
    return async (response) => {
      own.inFlight--;
      if (method === 'GET' || own.found) return;
      const rule = ruleFor(method, path);
      if (rule === undefined || response.status < 200 || response.status >= 300) return;
      if ((own.done.get(rule.write) ?? 0) >= readBacksPerOperation) return;
      own.done.set(rule.write, (own.done.get(rule.write) ?? 0) + 1);
      const undisturbed = () => alone && own.inFlight === 0 && own.started === startedAt;
      const finding = await readingBack.run(true, () => judgeReadBack(client, rule, path, response, undisturbed));
      if (finding !== undefined && undisturbed() && !own.found) {
        own.found = true;
        report(finding);
      }
    };
  };
}

function ruleFor(method: string, path: string): ReadBackRule | undefined {
  const operation = findOperation('v4', method, path);
  return operation === undefined ? undefined : readBackRules.find((rule) => rule.write === operation.operationId);
}

/** The difference between the write's answer and the read of its object, or undefined (equal, or not judged). */
async function judgeReadBack(client: ReadingClient, rule: ReadBackRule, writePath: string, response: ApiResponse, undisturbed: () => boolean): Promise<Finding | undefined> {
  const answer = dataOf(response.body);
  const write = findOperationById('v4', rule.write);
  if (answer === undefined || write === undefined) return undefined;
  const values = { ...pathValues(write, writePath), ...answerValues(answer) };
  const readPath = fill(rule.path, values);
  const itemId = rule.item === undefined ? undefined : fill(rule.item, values, false);
  if (readPath === undefined || (rule.item !== undefined && itemId === undefined)) return undefined;
  const named = namedFields(write);
  let difference: string[] | undefined;
  let read: { response: ApiResponse; object: Json } | undefined;
  // A read that differs is made once more a moment later: a store that settles after answering is not judged on its first read.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await sleep(200);
    read = await readObject(client, readPath, itemId);
    if (read === undefined || !undisturbed()) return undefined;
    difference = differences(answer, read.object, rule, named);
    if (difference.length === 0) return undefined;
  }
  if (read === undefined || difference === undefined) return undefined;
  return {
    clause: clauseOfOperation(rule.write),
    about: { operation: rule.write, as: 'read-back' },
    field: difference.map((line) => line.split(' ')[0]).join(', '),
    message: `${response.method} ${response.path} answered an object that GET ${read.response.path} does not read back: ${difference.join('; ')}`,
    expected: `the answer of ${rule.write} equal, field by field, to the object as ${rule.read} reads it${rule.differs ? ` (apart from ${rule.differs.join(', ')})` : ''}`,
    actual: `answer ${clip(JSON.stringify(answer))}\nread ${clip(JSON.stringify(read.object))}`,
    exchange: read.response.exchange,
  };
}

/** The object as read: the item's `data`, or the list item of that id (first pages, at the default page size). */
async function readObject(client: ReadingClient, readPath: string, itemId: string | undefined): Promise<{ response: ApiResponse; object: Json } | undefined> {
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const response = await client.get(readPath, cursor === undefined ? {} : { query: { cursor } });
    if (response.status !== 200 || !isRecord(response.body)) return undefined;
    const data = response.body.data;
    if (itemId === undefined) return isRecord(data) ? { response, object: data } : undefined;
    if (!Array.isArray(data)) return undefined;
    const item = data.find((entry): entry is Json => isRecord(entry) && (entry.id === itemId || entry.channel_id === itemId));
    if (item !== undefined) return { response, object: item };
    if (response.body.has_more !== true || typeof response.body.next_cursor !== 'string') return undefined;
    cursor = response.body.next_cursor;
  }
  return undefined;
}

/** The differences, one line each, between the answer and the read (empty: equal). */
export function differences(answered: Json, readBack: Json, rule: Pick<ReadBackRule, 'differs' | 'mayLackInRead' | 'fields' | 'clearedAlike'>, named: ReadonlySet<string>): string[] {
  const answer = rule.clearedAlike ? withoutCleared(answered) : answered;
  const read = rule.clearedAlike ? withoutCleared(readBack) : readBack;
  if (rule.fields !== undefined) {
    const compared = Object.entries(rule.fields).filter(([, readField]) => readField in read);
    return compared.flatMap(([field, readField]) => (sameValue(answer[field], read[readField]) ? [] : [`${field} ${show(answer[field])} where the read has ${readField} ${show(read[readField])}`]));
  }
  const out: string[] = [];
  for (const field of new Set([...Object.keys(answer), ...Object.keys(read)])) {
    if (rule.differs?.includes(field)) continue;
    const inAnswer = field in answer;
    const inRead = field in read;
    if (!inAnswer || !inRead) {
      // A field one side leaves out: a difference where the spec names the field and the other side has a value.
      const value = inAnswer ? answer[field] : read[field];
      const allowed = inAnswer && rule.mayLackInRead?.includes(field);
      if (named.has(field) && value !== null && !allowed) out.push(`${field} ${inAnswer ? `is ${show(value)} in the answer but absent from the read` : `is absent from the answer but ${show(value)} in the read`}`);
      continue;
    }
    if (!sameValue(answer[field], read[field])) out.push(`${field} is ${show(answer[field])} in the answer but ${show(read[field])} in the read`);
  }
  return out;
}

/** The object without its cleared fields (null or ""), at every depth. */
function withoutCleared(value: Json): Json {
  const out: Json = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === null || field === '') continue;
    out[key] = isRecord(field) ? withoutCleared(field) : field;
  }
  return out;
}

/** Deep equality where arrays are multisets (no list order is promised) and object keys are unordered. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(',')}]`;
  if (isRecord(value)) return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** The fields the spec names for the `data` of the write's success answer. */
function namedFields(write: Operation): ReadonlySet<string> {
  const doc = loadOpenApi('v4');
  for (const [status, response] of Object.entries(write.responses)) {
    if (!/^2\d\d$/.test(status)) continue;
    const schema = (response.content as Json | undefined)?.['application/json'] as Json | undefined;
    const body = isRecord(schema?.schema) ? deref(doc, schema.schema) : undefined;
    const data = isRecord(body?.properties) && isRecord(body.properties.data) ? deref(doc, body.properties.data) : undefined;
    if (isRecord(data?.properties)) return new Set(Object.keys(data.properties));
  }
  return new Set();
}

function pathValues(operation: Operation, path: string): Record<string, string> {
  const names = operation.path.split('/');
  const values = (path.split('?')[0] ?? path).split('/');
  const out: Record<string, string> = {};
  names.forEach((segment, i) => {
    const name = /^\{([^}]+)\}$/.exec(segment)?.[1];
    if (name !== undefined && values[i] !== undefined) out[name] = decodeURIComponent(values[i]);
  });
  return out;
}

function answerValues(answer: Json): Record<string, string> {
  return Object.fromEntries(Object.entries(answer).filter((entry): entry is [string, string] => typeof entry[1] === 'string').map(([key, value]) => [`answer.${key}`, value]));
}

/** The template with each `{name}` replaced by its value (URL-encoded for a path); undefined when a value is missing. */
function fill(template: string, values: Record<string, string>, encode = true): string | undefined {
  let missing = false;
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) missing = true;
    return encode ? encodeURIComponent(value ?? '') : value ?? '';
  });
  return missing ? undefined : filled;
}

function dataOf(body: unknown): Json | undefined {
  return isRecord(body) && isRecord(body.data) ? body.data : undefined;
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  return clip(JSON.stringify(value) ?? 'undefined', 120);
}

function clip(text: string, max = 600): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
