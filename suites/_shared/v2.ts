// What the v2 suite stands on (section 4 "v2 quick-reference endpoints", section 2 "v2 message and capability
// shapes"): sends to a chat, contacts created through v2, and walking v2's offset-paginated contact list.
// Where v2 bodies are not shown (contact and group creation, group list), values are found anywhere in the
// body (`mentions`, `firstIdWith`) rather than at an assumed field.
import { setTimeout as sleep } from 'node:timers/promises';
import { NotVerifiable, path, type ApiClient, type ApiResponse } from '../../harness/check/index.js';
import { acceptedLimit } from './pages.js';
import { uniquePhone, uniqueToken } from './values.js';
import { fail, isRecord, shown, stringsIn, type Json } from './common.js';

export const sendPath = (chatId: string): string => path`/chats/${chatId}/messages`;

/** v2 POST /chats/{chatId}/messages. */
export function sendV2(client: ApiClient, chatId: string, body: Json = { text: `hello from mcs ${uniqueToken(4)}` }): Promise<ApiResponse> {
  return client.post(sendPath(chatId), { json: body });
}

/** A v2 send that must be queued (202 {message_id}); its message id. */
export async function queued(client: ApiClient, chatId: string, body?: Json): Promise<string> {
  const response = await sendV2(client, chatId, body);
  const id = isRecord(response.body) ? response.body.message_id : undefined;
  if (response.status !== 202 || typeof id !== 'string') fail(`v2 send to ${chatId} was not queued`, '202 {message_id, status: queued}', shown(response));
  return id;
}

/** 2xx: the v2 operations whose success status is not shown (reactions, typing, read, contacts, groups). */
export function isSuccess(response: ApiResponse): boolean {
  return response.status >= 200 && response.status <= 299;
}

export function expectSuccess(response: ApiResponse, what: string): void {
  if (!isSuccess(response)) fail(`${what} answered ${response.status}`, 'a 2xx success', shown(response));
}

/** The first string anywhere in `value` that starts with `prefix` (for ids in bodies whose shape is not shown). */
export function firstIdWith(value: unknown, prefix: string): string | undefined {
  return stringsIn(value).find((s) => s.startsWith(prefix));
}

export interface CreatedContact {
  response: ApiResponse;
  identifier: string;
  name: string;
}

/** v2 POST /contacts {identifier, name} with a fresh phone number and a unique name; must succeed. */
export async function createContactV2(client: ApiClient): Promise<CreatedContact> {
  const identifier = uniquePhone();
  const name = `mcs c1 ${uniqueToken(6)}`;
  const response = await client.post('/contacts', { json: { identifier, name } });
  expectSuccess(response, 'v2 POST /contacts {identifier, name}');
  return { response, identifier, name };
}

export interface V2ContactPage {
  contacts: unknown[];
  pagination: { limit: number; offset: number; total: number };
}

function contactPage(response: ApiResponse): V2ContactPage {
  const body = response.body;
  const pagination = isRecord(body) ? body.pagination : undefined;
  if (response.status !== 200 || !isRecord(body) || !Array.isArray(body.contacts) || !isRecord(pagination)) {
    fail(`v2 ${response.path} is not a contact page`, '200 {contacts: [...], pagination: {limit, offset, total}}', shown(response));
  }
  const { limit, offset, total } = pagination;
  if (![limit, offset, total].every((n) => Number.isInteger(n))) fail('v2 pagination holds non-integers', 'pagination: {limit, offset, total} (integers)', shown(response));
  return { contacts: body.contacts, pagination: { limit: limit as number, offset: offset as number, total: total as number } };
}

/**
 * Walks v2 GET /contacts by `offset` until it reaches `total`: every page echoes the offset asked for and holds
 * no more than `limit` items. Page sizes and orderings are not shown and never asserted.
 */
/**
 * Every contact, by offset pages of `limit`. In an organization other checks share (config fixtures), contacts may
 * be added during the walk, shifting the pages: a walk whose total changed is tried again, then not verifiable.
 */
export async function walkContactsV2(client: ApiClient, wanted: number, maxPages = 50): Promise<unknown[]> {
  // The maximum limit is not shown: a target that refuses `wanted` is walked with the largest limit it takes.
  const limit = await acceptedLimit(client, '/contacts', {}, wanted, contactPage);
  if (limit === undefined) throw new NotVerifiable('v2 GET /contacts refuses every limit, even 1: its offset pages cannot be walked');
  // In a shared organization other checks add contacts while this one walks; they finish within seconds, so
  // each new attempt waits longer for a quiet moment (at most some 25 s in all, and only when one was needed: a
  // second run of a vendor's config walks the first run's contacts too, and a walk at limit 2 takes a while).
  for (const pauseMs of [0, 500, 1_000, 2_000, 3_000, 4_000, 6_000, 8_000]) {
    if (pauseMs > 0) await sleep(pauseMs);
    const walk = await walkOnce(client, limit, maxPages);
    if (walk.stable) return walk.items;
  }
  throw new NotVerifiable('could not walk the offset pages: the organization\'s contacts kept changing during the walk (other checks share it)');
}

async function walkOnce(client: ApiClient, limit: number, maxPages: number): Promise<{ items: unknown[]; stable: boolean }> {
  const items: unknown[] = [];
  let offset = 0;
  let total: number | undefined;
  for (let pages = 0; pages < maxPages; pages++) {
    const response = await client.get('/contacts', { query: { limit, offset } });
    const page = contactPage(response);
    if (page.pagination.offset !== offset) fail(`v2 GET /contacts?offset=${offset} reports another offset`, `pagination.offset ${offset}`, shown(response));
    if (page.contacts.length > limit) fail(`v2 GET /contacts?limit=${limit} holds ${page.contacts.length} contacts`, `at most ${limit}`, shown(response));
    if (total !== undefined && page.pagination.total !== total) return { items, stable: false };
    total = page.pagination.total;
    // Enough pages for the organization's total (a shared one may hold many), within a bound.
    maxPages = Math.max(maxPages, Math.min(2_000, Math.ceil(total / limit) + 2));
    items.push(...page.contacts);
    offset += page.contacts.length;
    if (offset >= page.pagination.total || page.contacts.length === 0) return { items, stable: true };
  }
  return fail(`v2 GET /contacts: the offset walk did not reach total within ${maxPages} pages`, 'the walk ends', `${items.length} contacts seen`);
}
