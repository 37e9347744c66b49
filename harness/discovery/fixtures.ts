// What a discovery makes of the config's fixtures: the fields the config does not give, from what the public API
// showed. A field the config gives is kept as given (the vendor knows better); lines the config names anywhere
// are never lent out as spare lines.
import type { ChannelKind, ConfigFixtures, ConfiguredChannel, SpareLine, SpareLineKind } from '../config/types.js';
import { channelKinds } from '../config/types.js';
import { lendable, type DiscoveredLine, type Discovery } from './discover.js';

/** The discovered fixtures, each field only where `given` has none. */
export function withDiscovered(given: ConfigFixtures, found: Discovery): ConfigFixtures {
  const fixtures: ConfigFixtures = { ...given };
  const named = namedLines(given);
  if (fixtures.organization_id === undefined && found.organizationId !== undefined) fixtures.organization_id = found.organizationId;
  if (fixtures.channels === undefined) {
    const channels = channelsOf(found.lines.filter((line) => !named.has(line.id)));
    if (Object.keys(channels).length > 0) fixtures.channels = channels;
  }
  const chosen = new Set([...named, ...Object.values(fixtures.channels ?? {}).map((channel) => channel.id)]);
  if (fixtures.spare_lines === undefined) {
    const spare = spareLinesOf(found.lines.filter((line) => !chosen.has(line.id)));
    if (spare.length > 0) fixtures.spare_lines = spare;
  }
  if (fixtures.location_friends === undefined && found.locationFriends.length > 0) fixtures.location_friends = [...found.locationFriends];
  if (fixtures.app_tokens === undefined) {
    const tokens = found.tokens.filter((token) => !token.refused).map(({ token, scopes }) => ({ token, scopes: [...scopes] }));
    if (tokens.length > 0) fixtures.app_tokens = tokens;
  }
  if (found.purchaseFeature !== undefined && fixtures.plan?.number_purchase_enabled === undefined) fixtures.plan = { ...fixtures.plan, number_purchase_enabled: found.purchaseFeature };
  return fixtures;
}

/** One line per kind: a native dedicated one the key owns, else a line nobody owns, else one whose owner is unknown. */
export function channelsOf(lines: readonly DiscoveredLine[]): Partial<Record<ChannelKind, ConfiguredChannel>> {
  const rank = (line: DiscoveredLine, kind: ChannelKind) => {
    const order = kind === 'native-dedicated' ? ['primary', 'nobody', 'unknown'] : ['nobody', 'primary', 'unknown'];
    const at = order.indexOf(line.owner);
    return at < 0 ? 99 : at;
  };
  const channels: Partial<Record<ChannelKind, ConfiguredChannel>> = {};
  for (const kind of channelKinds) {
    const best = lines.filter((line) => line.kind === kind && rank(line, kind) < 99).sort((a, b) => rank(a, kind) - rank(b, kind))[0];
    if (best === undefined) continue;
    channels[kind] = {
      id: best.id,
      ...(best.address === undefined ? {} : { address: best.address }),
      // An owner the public API did not show is left out: a check that needs it says so.
      ...(best.owner === 'primary' ? { owner: 'primary' as const } : best.owner === 'nobody' ? { owner: null } : {}),
    };
  }
  return channels;
}

export function spareLinesOf(lines: readonly DiscoveredLine[]): SpareLine[] {
  return lines.filter(lendable).map((line) => ({ id: line.id, address: line.address as string, ...(line.kind === 'native-dedicated-nocard' ? {} : { kind: line.kind as SpareLineKind }) }));
}

/** Every line id the config names (channels, spare and removable lines, other organizations'). */
function namedLines(fixtures: ConfigFixtures): Set<string> {
  return new Set([
    ...Object.values(fixtures.channels ?? {}).map((channel) => channel.id),
    ...(fixtures.spare_lines ?? []).map((line) => line.id),
    ...(fixtures.removable_lines ?? []).map((line) => line.id),
    ...(fixtures.other_organizations ?? []).flatMap((other) => [...Object.values(other.channels ?? {}).map((channel) => channel.id), ...(other.spare_lines ?? []).map((line) => line.id)]),
  ]);
}
