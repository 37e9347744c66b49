// Path values and credentials that make a request reach an operation's body handling: real resources of
// the file's organization where the fixtures have them, the right credential kind for the operation.
import { pathParameterNames, tokenNeed, type ApiClient, type Fixtures, type Need, type Operation } from '../../harness/check/index.js';

/**
 * Operations that apply to some resources only (sections 2 and 4): the path parameter naming it, what it must be,
 * and the refusal of another resource the description documents with a code (section 7), which says nothing of
 * how the body would have been taken. A check of the body sends it to a resource the operation applies to.
 */
export const appliesTo: Readonly<Record<string, { param: string; must: 'native line' | 'native number of the key'; refusal?: { status: number; code: string } }>> = {
  getChannelSettings: { param: 'channel', must: 'native line', refusal: { status: 403, code: 'settings_unsupported_for_channel_type' } },
  updateChannelSettings: { param: 'channel', must: 'native line', refusal: { status: 403, code: 'settings_unsupported_for_channel_type' } },
  getContactCard: { param: 'number', must: 'native number of the key' },
  updateContactCard: { param: 'number', must: 'native number of the key' },
  uploadContactCardAvatar: { param: 'number', must: 'native number of the key' },
  requestCallForwarding: { param: 'number', must: 'native number of the key' },
};

/** The fixtures' native line: the primary key's dedicated one, else any of type `native` (a v4-only target's kinds are unknown). */
export function fixtureNativeLine(fx: Fixtures): { id: string; address: string; ownedByKey: boolean } | undefined {
  const line = fx.channels.find((c) => c.kind === 'native-dedicated') ?? fx.channels.find((c) => c.type === 'native');
  return line === undefined ? undefined : { id: line.id, address: line.address, ownedByKey: line.owner_api_key === fx.apiKey() };
}

/** Real values for the operation's path parameters where the fixtures have them; the rest stay unresolved. */
export function realPathValues(fx: Fixtures, operation: Operation): Record<string, string> {
  const line = fixtureNativeLine(fx) ?? fx.channels[0];
  const values: Record<string, string> = {};
  // Only asked for when the path names a key, so a target configured without a secondary key still runs the rest.
  if (pathParameterNames(operation).includes('apiKey')) values.apiKey = fx.apiKey('secondary');
  if (line) {
    values.channel = line.id;
    if (line.address.startsWith('+')) values.number = line.address;
  }
  return values;
}

/** The client an authorized caller of the operation uses: an app token with every scope for API-key endpoints, the primary key otherwise. */
export function authorizedClient(fx: Fixtures, operation: Operation): ApiClient {
  const onlyAppToken = operation.security.length > 0 && operation.security.every((s) => s.scheme === 'appToken');
  if (operation.api === 'v2') return fx.v2();
  return onlyAppToken ? fx.v4(fx.appToken({ with: ['apikeys:read', 'apikeys:manage', 'numbers:read', 'numbers:manage'] })) : fx.v4();
}

/** What authorizedClient needs of the fixtures, declared by the checks that call it (harness/check/needs.ts). */
export function authorizedClientNeeds(operation: Operation): Need[] {
  const onlyAppToken = operation.security.length > 0 && operation.security.every((s) => s.scheme === 'appToken');
  return operation.api === 'v4' && onlyAppToken ? [tokenNeed({ with: ['apikeys:read', 'apikeys:manage', 'numbers:read', 'numbers:manage'] })] : [];
}

/** Path parameters the fixtures could not fill: the resource may not exist, so 404 may come first. */
export function unresolvedParameters(operation: Operation, values: Record<string, string>): string[] {
  return [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '').filter((name) => values[name] === undefined);
}
