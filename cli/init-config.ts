// The target.yaml `mcs init` writes: what the public API showed to one key (and the app tokens given), through the
// same discovery as a run (harness/discovery). Used by `mcs init` and by `mcs serve --write-config`.
import { Document, isMap, isSeq, type YAMLMap } from 'yaml';
import { v4Root } from '../harness/config/resolve.js';
import { defaultTimeoutMs, type ConfigFixtures } from '../harness/config/types.js';
import { discover, type Discovery } from '../harness/discovery/discover.js';
import { withDiscovered } from '../harness/discovery/fixtures.js';
import { requestRoot } from '../harness/http/url.js';

export interface InitInput {
  baseUrl: string;
  v2Url?: string;
  apiKey: string;
  appTokens: readonly string[];
  timeoutMs?: number;
}

export interface InitResult {
  config: Record<string, unknown>;
  discovery: Discovery;
}

export async function initConfig(input: InitInput): Promise<InitResult> {
  const target = { v4Url: v4Root(input.baseUrl), ...(input.v2Url === undefined ? {} : { v2Url: requestRoot(input.v2Url) }), timeoutMs: input.timeoutMs ?? defaultTimeoutMs };
  const discovery = await discover(target, input.apiKey, input.appTokens);
  const fixtures: ConfigFixtures = withDiscovered({ api_keys: { primary: input.apiKey } }, discovery);
  const config: Record<string, unknown> = { base_url: input.baseUrl, ...(input.v2Url === undefined ? {} : { v2_base_url: input.v2Url }), fixtures };
  return { config, discovery };
}

/** What each written field is, said above it. */
const comments: Record<string, string> = {
  base_url: " The service's {base_url}: the v4 API is under /v4 of it.",
  v2_base_url: " The v2 API's {v2_base_url}.",
  fixtures: ' What the checks stand on: found through the public API by mcs init (review it; harness/config/config.schema.json).',
  organization_id: ' The organization as GET /me names it: a control adapter receives it as organizationId.',
  api_keys: ' The key mcs init was given. Add the secondary key of the same organization (api_keys.secondary) by hand.',
  app_tokens: ' The app tokens given, with the scopes each was seen to hold (a 403 where a scope is needed says it lacks it).',
  channels: " A line of each kind found (GET /channels; a native line's kind from v2 plan_kind and its contact card), owner as the key's GET /me/numbers shows.",
  spare_lines: ' Numbered lines no key owns (seen through an app token with apikeys:read): checks lend them to keys of their own and take them back. Remove any you need kept.',
  location_friends: ' Friends sharing their location with the linked device (GET /location/contacts, each read back by its handle).',
  plan: ' Plan facts found: the number purchase feature (GET /channels/native/available answered 200 or 403). State the rest by hand (payment_method, purchase_line_cap, number_pools) only where they hold.',
};

/** The config as commented YAML, with the lines `notFound` says at the end. */
export function commentedYaml(config: Record<string, unknown>, header: string[], notFound: string[]): string {
  const doc = new Document(config);
  doc.commentBefore = header.map((line) => ` ${line}`).join('\n');
  const annotate = (map: YAMLMap) => {
    for (const pair of map.items) {
      const key = String((pair.key as { value?: unknown }).value ?? pair.key);
      const comment = comments[key];
      if (comment !== undefined) (pair.key as { commentBefore?: string }).commentBefore = comment;
      if (isMap(pair.value) && key === 'fixtures') annotate(pair.value);
      if (isSeq(pair.value)) continue;
    }
  };
  if (isMap(doc.contents)) annotate(doc.contents);
  const tail = notFound.length === 0 ? '' : `\n# Not found through the public API (add what you can by hand; docs/target.example.yaml shows each):\n${notFound.map((line) => `#   ${line}`).join('\n')}\n`;
  return `${doc.toString()}${tail}`;
}
