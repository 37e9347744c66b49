// Before any check runs: every fixture the config states, held against the sandbox. A key refused, a line gone
// or owned otherwise than stated, a token that lacks a scope it is said to hold (or holds one it is said to lack),
// a removable line an earlier run removed, a friend no longer listed: each is named in one line, and left out of
// the run, so that the checks that need it say what they lack instead of judging the target on a false premise.
import { path } from '../http/api-client.js';
import type { ConfigFixtures, ConfiguredChannel, Scope, SpareLine, TargetConfig } from '../config/types.js';
import { channelKinds } from '../config/types.js';
import { v4Client } from '../fixtures/clients.js';
import type { Discovery } from './discover.js';
import { probeScopes } from './scopes.js';

export interface FixtureCheck {
  /** The fixtures found true (what was wrong left out, scopes as seen). */
  fixtures: ConfigFixtures;
  /** What is used up or wrong, one line each. */
  problems: string[];
}

const e164 = /^\+[1-9][0-9]{6,14}$/;

export async function checkFixtures(target: TargetConfig, fixtures: ConfigFixtures, found?: Discovery): Promise<FixtureCheck> {
  const problems: string[] = [];
  const client = (credential: string) => v4Client(target, credential);
  const checked: ConfigFixtures = { ...fixtures };
  const primary = fixtures.api_keys?.primary;
  const secondary = fixtures.api_keys?.secondary;
  // What each configured key owns, from its own GET /me/numbers (ids and numbers).
  const owns = new Map<'primary' | 'secondary', Set<string>>();
  for (const [role, key] of [['primary', primary], ['secondary', secondary]] as const) {
    if (key === undefined) continue;
    const me = await client(key).get('/me');
    if (me.status === 401) {
      problems.push(`fixtures.api_keys.${role}: refused (GET /me answered 401): deprecated or removed since it was written? give a key of the organization`);
      checked.api_keys = { ...checked.api_keys };
      delete checked.api_keys[role];
      continue;
    }
    owns.set(role, idsIn((await client(key).get('/me/numbers')).body));
  }
  const reader = checked.api_keys?.primary ?? checked.api_keys?.secondary;
  if (reader === undefined) return { fixtures: checked, problems };
  const listed = new Map((found?.lines ?? []).map((line) => [line.id, line]));
  /** The channel's type, or why the line cannot be used. */
  const lineState = async (id: string): Promise<{ type?: string; gone?: string }> => {
    const known = listed.get(id);
    if (known !== undefined) return { type: known.type };
    const read = await client(reader).get(path`/channels/${id}`);
    if (read.status !== 200) return { gone: `GET /channels/${id} answered ${read.status}` };
    const data = (read.body as { data?: { type?: unknown } } | undefined)?.data;
    return typeof data?.type === 'string' ? { type: data.type } : {};
  };
  const ownerOf = (line: { id: string; address?: string }): 'primary' | 'secondary' | null =>
    ([...owns].find(([, set]) => set.has(line.id) || (line.address !== undefined && set.has(line.address)))?.[0] ?? null);

  if (fixtures.channels !== undefined) {
    const channels: Partial<Record<string, ConfiguredChannel>> = {};
    for (const kind of channelKinds) {
      const channel = fixtures.channels[kind];
      if (channel === undefined) continue;
      const where = `fixtures.channels.${kind} (${channel.id})`;
      const state = await lineState(channel.id);
      if (state.gone !== undefined) {
        problems.push(`${where}: not found (${state.gone})`);
        continue;
      }
      const expected = kind.startsWith('native') ? 'native' : kind;
      if (state.type !== undefined && state.type !== expected) {
        problems.push(`${where}: is of type ${state.type}, not ${expected} as its kind says`);
        continue;
      }
      const owner = ownerOf(channel);
      if (channel.owner !== undefined && owner !== channel.owner && (channel.owner === null ? owns.size > 0 : owns.has(channel.owner))) {
        problems.push(`${where}: owned by ${owner === null ? 'no configured key' : `the ${owner} key`}, not ${channel.owner === null ? 'by nobody' : `by the ${channel.owner} key`} as stated (each key's GET /me/numbers)`);
        const { owner: _wrong, ...rest } = channel;
        channels[kind] = rest;
        continue;
      }
      channels[kind] = channel;
    }
    checked.channels = channels;
  }
  const lines = async (field: 'spare_lines' | 'removable_lines', given: readonly SpareLine[] | undefined): Promise<SpareLine[] | undefined> => {
    if (given === undefined) return undefined;
    const kept: SpareLine[] = [];
    for (const [i, line] of given.entries()) {
      const where = `fixtures.${field}[${i}] (${line.id})`;
      const state = await lineState(line.id);
      if (state.gone !== undefined) {
        problems.push(field === 'removable_lines' ? `${where}: used up (${state.gone}): an earlier run removed it? give a fresh one` : `${where}: not found (${state.gone})`);
        continue;
      }
      const expected = (line.kind ?? 'native-dedicated-nocard') === 'sms_provider' ? 'sms_provider' : 'native';
      if (state.type !== undefined && state.type !== expected) {
        problems.push(`${where}: is of type ${state.type}, not ${expected} as its kind (${line.kind ?? 'native-dedicated-nocard'}) says`);
        continue;
      }
      const owner = ownerOf(line);
      if (owner !== null) {
        problems.push(`${where}: owned by the ${owner} key; such a line must be owned by no configured key`);
        continue;
      }
      kept.push(line);
    }
    return kept;
  };
  const spare = await lines('spare_lines', fixtures.spare_lines);
  if (spare !== undefined) checked.spare_lines = spare;
  const removable = await lines('removable_lines', fixtures.removable_lines);
  if (removable !== undefined) checked.removable_lines = removable;

  if (fixtures.app_tokens !== undefined) {
    checked.app_tokens = [];
    for (const [i, given] of fixtures.app_tokens.entries()) {
      const seen = found?.tokens.find((token) => token.token === given.token) ?? (await probeScopes(target, given.token));
      const where = `fixtures.app_tokens[${i}]`;
      if (seen.refused) {
        problems.push(`${where}: refused (401): revoked, or of another environment?`);
        continue;
      }
      const lacking = given.scopes.filter((scope) => !seen.scopes.includes(scope) && !seen.unknown.includes(scope));
      const unstated = seen.scopes.filter((scope) => !given.scopes.includes(scope));
      if (lacking.length > 0) problems.push(`${where}: lacks ${lacking.join(', ')}, stated as held (403 where the scope is needed)`);
      if (unstated.length > 0) problems.push(`${where}: holds ${unstated.join(', ')}, not stated (the checks that need a token without it would judge on a false premise)`);
      const scopes: Scope[] = [...given.scopes.filter((scope) => !lacking.includes(scope)), ...unstated];
      checked.app_tokens.push({ token: given.token, scopes });
    }
  }
  if (fixtures.location_friends !== undefined) {
    const friends: string[] = [];
    for (const [i, handle] of fixtures.location_friends.entries()) {
      const read = await client(reader).get(path`/location/contacts/${handle}`);
      if (read.status === 200) friends.push(handle);
      else problems.push(`fixtures.location_friends[${i}]: not sharing its location (GET /location/contacts/{handle} answered ${read.status})`);
    }
    checked.location_friends = friends;
  }
  if (fixtures.other_organizations !== undefined) {
    checked.other_organizations = [];
    for (const [i, other] of fixtures.other_organizations.entries()) {
      const gone: string[] = [];
      for (const line of [...Object.values(other.channels ?? {}), ...(other.spare_lines ?? [])]) {
        const read = await client(other.api_key).get(path`/channels/${line.id}`);
        if (read.status !== 200) gone.push(`${line.id} (GET /channels/{channel} answered ${read.status})`);
      }
      if (gone.length > 0) {
        problems.push(`fixtures.other_organizations[${i}]: its line${gone.length === 1 ? '' : 's'} ${gone.join(', ')} not found: the organization is left out`);
        continue;
      }
      checked.other_organizations.push(other);
    }
  }
  return { fixtures: checked, problems };
}

/** Every ch_ id and E.164 number in a body (the fields of /me/numbers items are not shown). */
function idsIn(body: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6) return;
    if (typeof value === 'string' && (value.startsWith('ch_') || e164.test(value))) found.add(value);
    else if (Array.isArray(value)) value.forEach((item) => visit(item, depth + 1));
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach((item) => visit(item, depth + 1));
  };
  visit(body, 0);
  return found;
}
