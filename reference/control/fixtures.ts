// POST /organizations: an isolated organization with its standard fixtures.
import type { Scope } from '../server/types.js';
import { channelKinds } from '../store/channel-kinds.js';
import { addChannel } from '../store/channels.js';
import type { Store } from '../store/store.js';
import type { ApiKeyRecord, AppTokenRecord, ChannelRecord, Org, PlanFacts } from '../store/types.js';

const allScopes: Scope[] = ['apikeys:read', 'apikeys:manage', 'numbers:read', 'numbers:manage'];
/** All four scopes, each alone, each but one (what a refusal for want of one scope is tried with), and none. */
export const standardScopeSets: Scope[][] = [allScopes, ...allScopes.map((s) => [s]), ...allScopes.map((s) => allScopes.filter((other) => other !== s)), []];

export const keyFixture = (key: ApiKeyRecord) => ({ api_key: key.secret, name: key.name });
export const tokenFixture = (token: AppTokenRecord) => ({ token: token.token, scopes: token.scopes });

export function channelFixture(org: Org, channel: ChannelRecord) {
  const owner = channel.ownerKeyId ? org.apiKeys.get(channel.ownerKeyId) : undefined;
  return {
    id: channel.id,
    kind: channel.kind,
    type: channel.type,
    address: channel.address,
    alias: channel.alias,
    owner_api_key: owner ? owner.secret : null,
  };
}

export function createOrganizationWithFixtures(store: Store, name: string, plan: Partial<PlanFacts>, withChannels: boolean) {
  const org = store.createOrg(name, plan);
  const primary = store.createApiKey(org, 'primary');
  const secondary = store.createApiKey(org, 'secondary');
  const tokens = standardScopeSets.map((scopes) => store.createAppToken(org, scopes));
  const channels = withChannels
    ? channelKinds.map((kind) => addChannel(org, { kind, alias: `${kind}-line`, ownerKeyId: kind === 'native-dedicated' ? primary.id : null }))
    : [];
  return {
    org,
    fixtures: {
      organization_id: org.id,
      api_keys: { primary: keyFixture(primary), secondary: keyFixture(secondary) },
      app_tokens: tokens.map(tokenFixture),
      channels: channels.map((c) => channelFixture(org, c)),
      plan: org.plan,
    },
  };
}
