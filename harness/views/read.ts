// Every view agrees (issue 39 item 1), the side-effecting half: read one object through every view of the
// table the target offers, then compare (compare.ts). A view that cannot be read (no client for it, a value its
// path needs is unknown, an answer other than 200, a list that does not hold the object within a few pages)
// judges nothing. A disagreement is read again after a pause, a few times within a bound: a target whose lists
// catch up a moment after the write is not judged on its first read (the benign variant effects-arrive-later).
import { setTimeout as sleep } from 'node:timers/promises';
import type { ObjectViews, View, ViewClient } from '../../spec/fields/views.js';
import type { ApiClient, ApiResponse } from '../http/api-client.js';
import { compareViews, isRecord, sharedValue, valueAt } from './compare.js';
import type { Finding, Json, Reading } from './finding.js';

/** The clients the views are read with (a view whose client is missing is not read). */
export interface ViewClients {
  key?: ApiClient;
  admin?: ApiClient;
  v2?: ApiClient;
}

export interface ReadThrough {
  clients: ViewClients;
  /** Values the views' paths and queries name (`{id}`, `{name}`, `{owner}`...), beyond the shared fields of `given`. */
  known?: Record<string, string | undefined>;
  /** Readings the caller already has: the write's request or answer, the fixture, a view it just read itself. */
  given?: Reading[];
  /** Views not to read (the caller's own read is given instead, or the view is not this check's to judge). */
  skip?: readonly string[];
  /**
   * Pages of a list walked to find the object (default 40): a shared organization's lists grow with every check
   * of the run, and where a new object sits in a list's order is not shown.
   */
  maxPages?: number;
}

/** Pauses before reading a disagreement again (some 2 s in all). */
export const settlePausesMs = [150, 500, 1_300] as const;

/** Reads every view the caller did not give, compares, and answers the readings and findings (none: all agree). */
export async function judgeViews(table: ObjectViews, options: ReadThrough): Promise<{ readings: Reading[]; findings: Finding[] }> {
  let readings = await readThroughViews(table, options);
  let findings = compareViews(table, readings);
  for (const pause of settlePausesMs) {
    if (findings.length === 0) break;
    await sleep(pause);
    readings = await readThroughViews(table, options);
    findings = compareViews(table, readings);
  }
  return { readings, findings };
}

/** The object through every view of the table: the given readings, then each view read now. */
export async function readThroughViews(table: ObjectViews, options: ReadThrough): Promise<Reading[]> {
  const given = options.given ?? [];
  const known = knownValues(table, given, options.known ?? {});
  const out: Reading[] = [...given];
  for (const view of table.views) {
    if (view.api === 'request' || view.api === 'fixture') continue;
    if (given.some((reading) => reading.view === view.view) || options.skip?.includes(view.view)) continue;
    const client = clientOf(options.clients, view);
    if (client === undefined) continue;
    out.push(await readView(client, view, known, options.maxPages ?? defaultMaxPages));
  }
  return out;
}

/** The values placeholders may name: the extra ones given, then every shared field a given reading shows. */
export function knownValues(table: ObjectViews, given: readonly Reading[], extra: Record<string, string | undefined>): Record<string, string> {
  const known: Record<string, string> = {};
  for (const reading of given) {
    const view = table.views.find((v) => v.view === reading.view);
    if (view === undefined || reading.object === undefined) continue;
    for (const { field } of table.shared) {
      const value = sharedValue(view, reading.object, field);
      if (typeof value === 'string' && known[field] === undefined) known[field] = value;
    }
  }
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) known[name] = value;
  return known;
}

function clientOf(clients: ViewClients, view: View): ApiClient | undefined {
  if (view.api === 'v2') return clients.v2;
  return (view.client ?? 'key') === ('admin' satisfies ViewClient) ? clients.admin : clients.key;
}

/** One view of the object, read now. */
export async function readView(client: ApiClient, view: View, known: Record<string, string>, maxPages: number): Promise<Reading> {
  const path = fill(view.path ?? '', known, true);
  const query = view.query === undefined ? {} : fillQuery(view.query, known);
  if (path === undefined || query === undefined) return { view: view.view, why: 'a value its request names is not known' };
  const at = view.at ?? 'data';
  if (at === 'data[]' && (view.as_list !== undefined || view.find !== undefined)) return readList(client, view, path, query, known, maxPages);
  const response = await client.get(path, { query });
  if (response.status !== 200) return notRead(view, response);
  const body = response.body;
  let object: Json | undefined;
  if (at === 'data') object = isRecord(body) && isRecord(body.data) ? body.data : undefined;
  else if (at === 'item') object = isRecord(body) && isRecord(body.data) ? body.data : isRecord(body) ? body : undefined;
  else if (at === '.') object = isRecord(body) ? body : undefined;
  else if (at === '*') object = findAnywhere(body, view, known);
  else if (at.endsWith('[]')) object = findRow(valueAt(body, at.slice(0, -2)), view, known);
  return object === undefined ? { view: view.view, exchange: response.exchange, why: `the answer does not hold the object (at ${at})` } : { view: view.view, object, exchange: response.exchange };
}

const defaultMaxPages = 40;

/** A cursor list: the row of the object (found by `find`), or every row as the object's `as_list` field. */
async function readList(client: ApiClient, view: View, path: string, query: Record<string, string>, known: Record<string, string>, maxPages: number): Promise<Reading> {
  const rows: unknown[] = [];
  let cursor: string | undefined;
  let last: ApiResponse | undefined;
  for (let page = 0; page < maxPages; page++) {
    last = await client.get(path, { query: cursor === undefined ? query : { ...query, cursor } });
    if (last.status !== 200 || !isRecord(last.body) || !Array.isArray(last.body.data)) return notRead(view, last);
    if (view.as_list === undefined) {
      const row = findRow(last.body.data, view, known);
      if (row !== undefined) return { view: view.view, object: row, exchange: last.exchange };
    } else rows.push(...last.body.data);
    if (last.body.has_more !== true || typeof last.body.next_cursor !== 'string') {
      if (view.as_list !== undefined) return { view: view.view, object: { [view.as_list]: rows }, exchange: last.exchange };
      return { view: view.view, exchange: last.exchange, why: 'the list does not hold the object' };
    }
    cursor = last.body.next_cursor;
  }
  return { view: view.view, ...(last === undefined ? {} : { exchange: last.exchange }), why: `the object was not met within ${maxPages} pages` };
}

function findRow(rows: unknown, view: View, known: Record<string, string>): Json | undefined {
  if (!Array.isArray(rows) || view.find === undefined) return undefined;
  const wanted = known[view.find];
  const name = view.fields?.[view.find] ?? view.find;
  return wanted === undefined ? undefined : rows.find((row): row is Json => isRecord(row) && row[name] === wanted);
}

/** The first object anywhere in `value` whose `find` field holds the object's value (a body whose shape is not shown). */
function findAnywhere(value: unknown, view: View, known: Record<string, string>): Json | undefined {
  if (view.find === undefined) return undefined;
  const wanted = known[view.find];
  const name = view.fields?.[view.find] ?? view.find;
  if (wanted === undefined) return undefined;
  const walk = (node: unknown): Json | undefined => {
    if (Array.isArray(node)) {
      for (const item of node) {
        const found = walk(item);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    if (!isRecord(node)) return undefined;
    if (node[name] === wanted) return node;
    return walk(Object.values(node));
  };
  return walk(value);
}

function notRead(view: View, response: ApiResponse): Reading {
  return { view: view.view, exchange: response.exchange, why: `answered ${response.status}` };
}

/** The template with each `{name}` replaced by its known value (URL-encoded in a path); undefined when one is unknown. */
export function fill(template: string, known: Record<string, string>, encode: boolean): string | undefined {
  let missing = false;
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = known[name];
    if (value === undefined) missing = true;
    return encode ? encodeURIComponent(value ?? '') : (value ?? '');
  });
  return missing ? undefined : filled;
}

function fillQuery(query: Record<string, string>, known: Record<string, string>): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [name, template] of Object.entries(query)) {
    const value = fill(template, known, false);
    if (value === undefined) return undefined;
    out[name] = value;
  }
  return out;
}
