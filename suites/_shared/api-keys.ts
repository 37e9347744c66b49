// What the api-keys suite stands on (section 4 "API keys (app token only)", section 3 "API key" and "Channel
// ownership"): the app token that manages keys, keys created through the API, the assignment calls, and the
// channels a key owns as GET /api-keys/{apiKey}/channels reports them. A key is named in paths by its full
// value (the path parameter is "the API key", `api_` prefix); how listed keys identify themselves is not
// shown, so keys are found in lists by their unique name and channels by their id or address.
import { setTimeout as sleep } from 'node:timers/promises';
import type { SpareLineKind } from '../../harness/config/types.js';
import { errorCodeOf, NotVerifiable, path, prerequisite, tokenNeed, type ApiClient, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import type { ChannelFixture } from '../../harness/fixtures/control-client.js';
import { secrets } from '../../harness/http/mask.js';
import { defaultPageWalk, walkCursor } from './pages.js';
import { uniqueToken } from './values.js';
import { dataOf, fail, isRecord, mentions, shown, type Json } from './common.js';
import { expectViewsAgree, viewsAgreeInPassing } from './views.js';
import type { Reading } from '../../harness/views/index.js';

/** Success statuses of the key and unassign DELETEs (body not shown: 200 or 204, spec/AMBIGUITIES.md). */
export const deleteOk = [200, 204] as const;
/** POST /api-keys answers "200/201-style". */
export const createOk = [200, 201] as const;
/** The PUT assignment's status is not shown; section 7's success codes include 201 (spec/AMBIGUITIES.md). */
export const assignOk = [200, 201] as const;

/** Numbered, key-ownable kinds of the control API, and the non-numbered ones (section 4 assignment rules). */
export const numberedKinds = ['native-shared', 'native-dedicated', 'native-dedicated-nocard', 'native-inbound', 'sms_provider'] as const;
export const nonNumberedKinds = ['whatsapp', 'rcs', 'amb'] as const;

/** What keyAdmin needs, declared by the checks that use it (harness/check/needs.ts). */
export const keyAdminNeed = tokenNeed({ with: ['apikeys:read', 'apikeys:manage'] });

/** The v4 client of an app token holding both API-key scopes. */
export function keyAdmin(fx: Fixtures): ApiClient {
  noteShared(fx);
  const token = fx.appToken({ with: ['apikeys:read', 'apikeys:manage'] });
  readingTokens.add(token);
  return fx.v4(token);
}

/** Tokens known to hold apikeys:read: a key created with one is read through every view of a key. */
const readingTokens = new Set<string>();

/** Credentials of an organization the config describes, which every file shares (and fills with keys). */
const sharedCredentials = new Set<string>();

function noteShared(fx: Fixtures): void {
  if (fx.source === 'config') for (const { token } of fx.appTokens) sharedCredentials.add(token);
}

export const keyPath = (key: string): string => path`/api-keys/${key}`;
export const keyChannelsPath = (key: string): string => path`/api-keys/${key}/channels`;
export const keyChannelPath = (key: string, selector: string): string => path`/api-keys/${key}/channels/${selector}`;

export function newKeyName(): string {
  return `mcs-c1-${uniqueToken(6)}`;
}

export interface CreatedKey {
  response: ApiResponse;
  data: Json;
  apiKey: string;
  name: string;
}

/** How long a key's creation waits for room under the shared organization's ceiling of active keys. */
const ceilingWaitMs = 20_000;

function atCeiling(response: ApiResponse): boolean {
  return response.status === 409 && errorCodeOf(response.body) === 'api_key_limit_reached';
}

/**
 * POST /api-keys with a unique name; fails unless it answers 200/201 with `{data: {api_key: string}}`. In the
 * shared organization a config describes, the key is deprecated when the check ends (keys left active would
 * fill its ceiling run after run), and a ceiling the other checks' keys fill is waited out.
 */
export function createKey(t: CheckContext, admin: ApiClient, name = newKeyName()): Promise<CreatedKey> {
  return prerequisite('createApiKey', () => createKeyOrFail(t, admin, name));
}

async function createKeyOrFail(t: CheckContext, admin: ApiClient, name: string): Promise<CreatedKey> {
  const shared = admin.credential !== undefined && sharedCredentials.has(admin.credential);
  const response = shared ? await postKeyWithRoom(admin, name) : await admin.post('/api-keys', { json: { name } });
  // A shared organization's ceiling of active keys may be reached by the other checks' keys: not this check's fault.
  if (shared && atCeiling(response)) throw new NotVerifiable(`the configured organization stayed at its ceiling of active keys for ${ceilingWaitMs / 1000} s (409 api_key_limit_reached); raise it for the run`);
  if (!(createOk as readonly number[]).includes(response.status)) fail(`POST /api-keys {name} answered ${response.status}`, '200 or 201 with {data: API key}', shown(response));
  const apiKey = createdKeyOf(response);
  const data = dataOf(response) as Json;
  if (shared) t.afterwards(() => admin.delete(path`/api-keys/${apiKey}`));
  if (admin.credential !== undefined && readingTokens.has(admin.credential)) await keyViewsAgree(t, admin, { apiKey, name, data, response }, false, true);
  return { response, data, apiKey, name };
}

/**
 * Every view of a key the check made agrees with what the writes determine (`deprecated` as the check left it)
 * and with its creation answer: the item read, the list row (spec/fields/views.yaml ApiKey). In passing (a shared
 * helper), for the first keys of a check only.
 */
export async function keyViewsAgree(t: CheckContext, admin: ApiClient, key: Pick<CreatedKey, 'apiKey' | 'name'> & Partial<Pick<CreatedKey, 'data' | 'response'>>, deprecated: boolean, inPassing = false): Promise<Reading[]> {
  const given: Reading[] = [{ view: 'model', object: { name: key.name, deprecated } }];
  // The creation answer showed the key active: it is compared while the key still is.
  if (key.data !== undefined && !deprecated) given.push({ view: 'created', object: key.data, ...(key.response === undefined ? {} : { exchange: key.response.exchange }) });
  const call = { given, known: { apiKey: key.apiKey } };
  if (!inPassing) return expectViewsAgree(t, { admin }, 'ApiKey', call);
  await viewsAgreeInPassing(t, { admin }, 'ApiKey', call);
  return given;
}

/** The full key a 200/201 answer of POST /api-keys gives (masked in all output from now on); fails the check without one. */
export function createdKeyOf(response: ApiResponse): string {
  const data = dataOf(response);
  if (!isRecord(data) || typeof data.api_key !== 'string') fail('POST /api-keys: no data.api_key string', '{data: {api_key: string, ...}}', shown(response));
  secrets.add(data.api_key);
  return data.api_key;
}

/** POST /api-keys, again while the organization is at its ceiling of active keys: other checks' keys are deprecated as they end. */
async function postKeyWithRoom(admin: ApiClient, name: string): Promise<ApiResponse> {
  let response = await admin.post('/api-keys', { json: { name } });
  for (const until = Date.now() + ceilingWaitMs; atCeiling(response) && Date.now() < until; ) {
    await sleep(250);
    response = await admin.post('/api-keys', { json: { name } });
  }
  return response;
}

/**
 * A key of the check's own that owns nothing (need `fresh-key`): made as the dashboard would where the control
 * API offers it, else through POST /api-keys with the configured apikeys:manage token, and then deprecated when
 * the check ends, so the shared organization's ceiling of active keys does not fill up run after run. A key
 * the target will not make leaves the check not verifiable: the api-keys checks judge POST /api-keys.
 */
export async function ownKey(t: CheckContext, fx: Fixtures): Promise<string> {
  if (fx.controlOffers('createFixtureApiKey')) return controlKey(fx);
  const admin = fx.v4(fx.appToken({ with: ['apikeys:manage'] }));
  const response = await postKeyWithRoom(admin, newKeyName());
  const body = response.body;
  const data = isRecord(body) && isRecord(body.data) ? body.data : undefined;
  if (!(createOk as readonly number[]).includes(response.status) || typeof data?.api_key !== 'string') return t.notVerifiable(`could not make a key of its own: POST /api-keys answered ${shown(response)}`);
  const key = data.api_key;
  secrets.add(key);
  t.afterwards(() => admin.delete(path`/api-keys/${key}`));
  return key;
}

/** Deprecates a key ownKey made now, rather than when the check ends (the tidy-up then finds it deprecated). */
export async function dropOwnKey(fx: Fixtures, key: string): Promise<void> {
  if (fx.controlOffers('createFixtureApiKey')) return;
  await fx.v4(fx.appToken({ with: ['apikeys:manage'] })).delete(path`/api-keys/${key}`);
}

/** A key of the check's own, made as the dashboard would (control API): owns nothing. */
export async function controlKey(fx: Fixtures): Promise<string> {
  const { api_key } = await fx.control().createApiKey(newKeyName());
  secrets.add(api_key);
  return api_key;
}

/** A fresh numbered line of the file's organization (control API), owned by `owner` when given. */
export function numberedLine(fx: Fixtures, owner: string | null = null, alias?: string, kind: SpareLineKind = 'native-dedicated-nocard'): Promise<ChannelFixture> {
  return fx.control().createChannel({ kind, owner_api_key: owner, ...(alias === undefined ? {} : { alias }) });
}

export function assign(admin: ApiClient, key: string, selector: string): Promise<ApiResponse> {
  return admin.put(keyChannelPath(key, selector));
}

export function unassign(admin: ApiClient, key: string, selector: string): Promise<ApiResponse> {
  return admin.delete(keyChannelPath(key, selector));
}

/** What a fresh key is told when it takes `line`: `reassigned` of its assignment (false for a line with no owner). */
export async function reassignedOnTake(t: CheckContext, fx: Fixtures, admin: ApiClient, line: Pick<ChannelFixture, 'id'>): Promise<unknown> {
  const next = await ownKey(t, fx);
  return assignmentOf(await assign(admin, next, line.id)).reassigned;
}

/** The `data` of a successful (200 or 201) assignment answer. */
export function assignmentOf(response: ApiResponse): Json {
  if (!(assignOk as readonly number[]).includes(response.status)) fail(`${response.method} ${response.path} answered ${response.status}`, '200 or 201 {data: assignment result}', shown(response));
  const data = dataOf(response);
  if (!isRecord(data)) fail('the assignment result is not an object', '{data: {api_key, channel_id, address, success, reassigned, unchanged}}', shown(response));
  return data;
}

/** Every item GET /api-keys/{apiKey}/channels lists (all pages). */
export async function ownedItems(admin: ApiClient, key: string): Promise<unknown[]> {
  return (await walkCursor<unknown>(admin, keyChannelsPath(key), {}, undefined, defaultPageWalk)).items;
}

/** Whether `channel` is among the items a key's channel list holds (matched by `ch_` id or address). */
export function listsChannel(items: readonly unknown[], channel: Pick<ChannelFixture, 'id' | 'address'>): boolean {
  return items.some((item) => mentions(item, channel.id) || (channel.address !== '' && mentions(item, channel.address)));
}

export async function owns(admin: ApiClient, key: string, channel: Pick<ChannelFixture, 'id' | 'address'>): Promise<boolean> {
  return listsChannel(await ownedItems(admin, key), channel);
}

/** Every key GET /api-keys lists (all pages). */
export async function listedKeys(admin: ApiClient): Promise<{ items: unknown[]; texts: string[] }> {
  const texts: string[] = [];
  const items: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < defaultPageWalk; page++) {
    const response = await admin.get('/api-keys', { query: { cursor } });
    if (response.status !== 200) fail(`GET /api-keys answered ${response.status}`, '200 with a page of keys', shown(response));
    texts.push(response.text);
    const body = response.body;
    if (!isRecord(body) || !Array.isArray(body.data)) fail('GET /api-keys: no data array', '{data: [...], has_more, next_cursor}', shown(response));
    items.push(...body.data);
    if (body.has_more !== true || typeof body.next_cursor !== 'string') return { items, texts };
    cursor = body.next_cursor;
  }
  return fail(`GET /api-keys: still has_more after ${defaultPageWalk} pages`, 'the walk ends', `${items.length} keys seen`);
}

/**
 * The listed or read key named `name` (names are unique per check). What a listed key carries is not shown
 * (spec/AMBIGUITIES.md v4 19), so the name is looked for anywhere in the item, not only in a `name` field.
 */
export function keyNamed(items: readonly unknown[], name: string): Json | undefined {
  return items.find((item): item is Json => isRecord(item) && mentions(item, name));
}

/**
 * The file's fixtures with room for the keys its checks create: with a control API the organization's
 * active-key ceiling is raised out of the way (the ceiling itself is checked in an organization of its own).
 */
export async function roomyFixtures(t: { fixtures(): Promise<Fixtures>; hasControl: boolean }): Promise<Fixtures> {
  const fx = await t.fixtures();
  noteShared(fx);
  if (t.hasControl) await fx.control().setPlan({ active_key_ceiling: 1000 });
  return fx;
}

/** What the API-key manage operations change, read with an admin token: the keys, and one key's standing. */
export interface KeyState {
  /** Listed keys carrying the name the check's create request gave (a refused create makes none). */
  keysNamed: number;
  authenticates: boolean;
  ownsChannel: boolean;
}

/**
 * The state a refused manage call on `key` and `channel` must leave alone, judged on what the check owns (other
 * checks may add keys to a shared organization meanwhile): whether a key named `createdName` exists (create),
 * whether the key still authenticates (deprecate) and whether it owns the channel (assign). An unassign is
 * judged by its refusal alone: `key` does not own the channel the checks name, so there is nothing to release.
 */
export async function keyStateOf(fx: Fixtures, key: string, channel: Pick<ChannelFixture, 'id' | 'address'>, createdName: string): Promise<KeyState> {
  const admin = keyAdmin(fx);
  return {
    keysNamed: (await listedKeys(admin)).items.filter((item) => mentions(item, createdName)).length,
    authenticates: (await fx.v4(key).get('/me')).status === 200,
    ownsChannel: await owns(admin, key, channel),
  };
}
