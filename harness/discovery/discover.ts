// What the public API shows of an organization to one API key (and, where given, app tokens): its lines and
// which of them the key owns, the plan kind of its native lines, whether it may browse numbers, the friends
// sharing their location, and what each token may do. Read only: nothing here changes the target. Fields the
// description does not show are never relied on: a line's kind comes from v2 `plan_kind`, its owner from the
// key's own `/me/numbers` (or, with an apikeys:read token, each key's channels), a friend's handle from an
// answer of GET /location/contacts/{handle}.
import { ApiClient, path, type ApiResponse } from '../http/api-client.js';
import type { ChannelKind } from '../config/types.js';
import { v2Client, v4Client, type ApiTarget } from '../fixtures/clients.js';
import { probeScopes, type TokenScopes } from './scopes.js';

export type LineOwner = 'primary' | 'another key' | 'nobody' | 'unknown';

export interface DiscoveredLine {
  id: string;
  /** The channel `type` as listed (native, sms_provider, ...). */
  type: string;
  address?: string;
  /** The ChannelKind it is, when the public API tells (a native line's plan kind from v2, its contact card). */
  kind?: ChannelKind;
  owner: LineOwner;
}

export interface Discovery {
  /** The organization's id as GET /me names it, when it names one. */
  organizationId?: string;
  lines: DiscoveredLine[];
  /** Whether the organization may browse and buy numbers (GET /channels/native/available answered 200 or 403). */
  purchaseFeature?: boolean;
  /** Handles GET /location/contacts/{handle} answered. */
  locationFriends: string[];
  tokens: TokenScopes[];
  /** What could not be told, one line each. */
  unknowns: string[];
}

const e164 = /^\+[1-9][0-9]{6,14}$/;
/** Pages read of any listing: a sandbox organization has few lines; a larger one is read in part. */
const maxPages = 20;
const numberedTypes = new Set(['native', 'sms_provider']);

export async function discover(target: ApiTarget, apiKey: string, appTokens: readonly string[] = []): Promise<Discovery> {
  const v4 = v4Client(target, apiKey);
  const unknowns: string[] = [];
  const me = await v4.get('/me');
  const organizationId = organizationIdOf(me);
  const listed = await walk(v4, '/channels');
  if (listed === undefined) unknowns.push('GET /channels did not answer a page of channels: no line could be found');
  const owned = stringsOf((await v4.get('/me/numbers')).body);
  const planKinds = await v2PlanKinds(target, apiKey);
  if (planKinds === undefined) unknowns.push('the v2 GET /me/numbers gave no plan_kind: the kind of the native lines (shared, dedicated, inbound) is unknown');
  const tokens = await Promise.all(appTokens.map((token) => probeScopes(target, token)));
  const reader = tokens.find((token) => token.scopes.includes('apikeys:read'));
  const ownedByKeys = reader === undefined ? undefined : await linesOwnedByKeys(target, reader.token);
  const lines: DiscoveredLine[] = [];
  for (const channel of listed ?? []) {
    const id = typeof channel.id === 'string' ? channel.id : undefined;
    const type = typeof channel.type === 'string' ? channel.type : undefined;
    if (id === undefined || type === undefined) continue;
    const address = typeof channel.address === 'string' && e164.test(channel.address) ? channel.address : undefined;
    const mine = owned.has(id) || (address !== undefined && owned.has(address));
    const anyKey = ownedByKeys !== undefined && (ownedByKeys.has(id) || (address !== undefined && ownedByKeys.has(address)));
    const owner: LineOwner = mine ? 'primary' : anyKey ? 'another key' : ownedByKeys !== undefined ? 'nobody' : 'unknown';
    const kind = await kindOf(v4, type, address, planKinds);
    lines.push({ id, type, ...(address === undefined ? {} : { address }), ...(kind === undefined ? {} : { kind }), owner });
  }
  if (reader === undefined && lines.some((line) => line.owner === 'unknown')) unknowns.push('which key owns the lines the primary key does not: an app token with apikeys:read tells (--app-token)');
  const available = await v4.get('/channels/native/available', { query: { type: 'dedicated' } });
  const purchaseFeature = available.status === 200 ? true : available.status === 403 ? false : undefined;
  if (purchaseFeature === undefined) unknowns.push(`whether the organization may browse numbers: GET /channels/native/available answered ${available.status}`);
  const locationFriends = await friendsOf(v4);
  return { ...(organizationId === undefined ? {} : { organizationId }), lines, ...(purchaseFeature === undefined ? {} : { purchaseFeature }), locationFriends, tokens, unknowns };
}

/** `data.organization.id` or `data.organization_id` of GET /me, when a string (its fields are not shown). */
function organizationIdOf(me: ApiResponse): string | undefined {
  const data = recordOf(recordOf(me.body)?.data);
  const organization = data?.organization;
  const id = typeof organization === 'string' ? organization : recordOf(organization)?.id ?? data?.organization_id;
  return me.status === 200 && typeof id === 'string' && id !== '' ? id : undefined;
}

/** The items of a cursor-paged listing, every page (no limit given: its default is not shown); undefined when it answers no page. */
async function walk(client: ApiClient, listing: string): Promise<Record<string, unknown>[] | undefined> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const response = await client.get(listing, cursor === undefined ? {} : { query: { cursor } });
    const body = recordOf(response.body);
    if (response.status !== 200 || !Array.isArray(body?.data)) return page === 0 ? undefined : items;
    for (const item of body.data) if (recordOf(item) !== undefined) items.push(item as Record<string, unknown>);
    if (body.has_more !== true || typeof body.next_cursor !== 'string' || body.next_cursor === cursor) return items;
    cursor = body.next_cursor;
  }
  return items;
}

/** v2 GET /me/numbers: plan_kind by phone number (shown in section 2); undefined without v2 or an answer. */
async function v2PlanKinds(target: ApiTarget, apiKey: string): Promise<Map<string, string> | undefined> {
  if (target.v2Url === undefined) return undefined;
  const response = await v2Client(target, apiKey).get('/me/numbers');
  const numbers = recordOf(response.body)?.numbers;
  if (response.status !== 200 || !Array.isArray(numbers)) return undefined;
  const kinds = new Map<string, string>();
  for (const number of numbers) {
    const item = recordOf(number);
    if (typeof item?.phone_number === 'string' && typeof item.plan_kind === 'string') kinds.set(item.phone_number, item.plan_kind);
  }
  return kinds;
}

/** The kind of a listed line: its type for the non-native ones; for a native line its plan kind, and for a dedicated one whether a contact card is set up. */
async function kindOf(v4: ApiClient, type: string, address: string | undefined, planKinds: Map<string, string> | undefined): Promise<ChannelKind | undefined> {
  if (type === 'sms_provider' || type === 'whatsapp' || type === 'rcs' || type === 'amb') return type;
  if (type !== 'native' || address === undefined) return undefined;
  const plan = planKinds?.get(address);
  if (plan === 'shared') return 'native-shared';
  if (plan === 'inbound') return 'native-inbound';
  if (plan !== 'dedicated') return undefined;
  const card = await v4.get(path`/me/numbers/${address}/contact-card`);
  if (card.status !== 200) return undefined;
  const data = recordOf(recordOf(card.body)?.data);
  const setUp = ['first_name', 'last_name', 'avatar'].some((field) => typeof data?.[field] === 'string' && (data[field] as string) !== '');
  return setUp ? 'native-dedicated' : 'native-dedicated-nocard';
}

/** Ids and numbers of the lines some key owns, from each key's GET /api-keys/{apiKey}/channels (scope apikeys:read). */
async function linesOwnedByKeys(target: ApiTarget, token: string): Promise<Set<string> | undefined> {
  const client = v4Client(target, token);
  const keys = await walk(client, '/api-keys');
  if (keys === undefined) return undefined;
  const owned = new Set<string>();
  for (const key of keys) {
    if (typeof key.api_key !== 'string' || key.deprecated === true) continue;
    const channels = await client.get(path`/api-keys/${key.api_key}/channels`);
    if (channels.status !== 200) return undefined;
    for (const value of stringsOf(channels.body)) owned.add(value);
  }
  return owned;
}

/** The friends sharing their location: each string of a listed item that GET /location/contacts/{handle} answers. */
async function friendsOf(v4: ApiClient): Promise<string[]> {
  const listed = await v4.get('/location/contacts');
  const items = recordOf(listed.body)?.data;
  if (listed.status !== 200 || !Array.isArray(items)) return [];
  const friends: string[] = [];
  for (const item of items.slice(0, 10)) {
    const candidates = Object.values(recordOf(item) ?? {}).filter((value): value is string => typeof value === 'string' && value !== '' && value.length <= 200);
    for (const handle of candidates) {
      if (friends.includes(handle)) continue;
      if ((await v4.get(path`/location/contacts/${handle}`)).status === 200) {
        friends.push(handle);
        break;
      }
    }
  }
  return friends;
}

/** Every ch_ id and E.164 number anywhere in a body (item fields of /me/numbers and a key's channels are not shown). */
function stringsOf(body: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 6) return;
    if (typeof value === 'string') {
      if (value.startsWith('ch_') || e164.test(value)) found.add(value);
    } else if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (recordOf(value) !== undefined) for (const item of Object.values(value as Record<string, unknown>)) visit(item, depth + 1);
  };
  visit(body, 0);
  return found;
}

function recordOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Whether a line may be lent to keys of a check's own (a spare line): numbered, of a kind the config names, owned by nobody. */
export function lendable(line: DiscoveredLine): boolean {
  return numberedTypes.has(line.type) && line.owner === 'nobody' && line.address !== undefined && line.kind !== undefined && line.kind !== 'native-dedicated';
}

