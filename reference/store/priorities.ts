// Priorities (ordered channel pools) and the routing plan MESSAGING reads for sends without `from`.
import type { ChannelRecord, ChannelType, Org, PriorityRecord } from './types.js';
import { ownedChannels } from './channels.js';

export interface Pool {
  type: ChannelType;
  channels: ChannelRecord[];
}

export interface Tier {
  priority: number;
  /** Same-tier, same-type channels form one pool; pools in order of first appearance in the priority. */
  pools: Pool[];
}

export type RoutingPlan =
  | { source: 'priority'; priority: PriorityRecord; tiers: Tier[] }
  | { source: 'implicit'; channels: ChannelRecord[] };

/** The owner's priorities in creation order. */
export function ownerPriorities(org: Org, ownerId: string): PriorityRecord[] {
  const ids = org.prioritiesByOwner.get(ownerId) ?? [];
  return ids.map((id) => org.priorities.get(id)).filter((p): p is PriorityRecord => p !== undefined);
}

export function defaultPriority(org: Org, ownerId: string): PriorityRecord | null {
  // A loop rather than ownerPriorities(): every send without `from` asks this.
  for (const id of org.prioritiesByOwner.get(ownerId) ?? []) {
    const priority = org.priorities.get(id);
    if (priority?.isDefault) return priority;
  }
  return null;
}

/** Tiers of a priority in ascending order; channels that no longer exist are skipped. */
export function tiersOf(org: Org, priority: PriorityRecord): Tier[] {
  // Every send without `from` builds these, and a priority lists a handful of channels: plain arrays, searched
  // by tier and type, allocate a fraction of what nested maps do.
  const tiers: Tier[] = [];
  for (const entry of priority.channels) {
    const channel = org.channels.get(entry.channelId);
    if (channel) poolIn(tierIn(tiers, entry.priority), channel.type).channels.push(channel);
  }
  return tiers.sort(ascendingTiers);
}

/** The tier numbered `priority`, added at the end if missing. */
function tierIn(tiers: Tier[], priority: number): Tier {
  for (const tier of tiers) if (tier.priority === priority) return tier;
  const tier: Tier = { priority, pools: [] };
  tiers.push(tier);
  return tier;
}

/** The tier's pool of `type`, added at the end if missing (pools keep the order of first appearance). */
function poolIn(tier: Tier, type: ChannelType): Pool {
  for (const pool of tier.pools) if (pool.type === type) return pool;
  const pool: Pool = { type, channels: [] };
  tier.pools.push(pool);
  return pool;
}

function ascendingTiers(a: Tier, b: Tier): number {
  return a.priority - b.priority;
}

/**
 * How a send without `from` is routed for this caller (API key id, or app token id):
 * its default priority's tiers, or with no default priority the implicit pool of the native numbers it owns.
 */
export function routingPlan(org: Org, ownerId: string): RoutingPlan {
  const priority = defaultPriority(org, ownerId);
  if (priority) return { source: 'priority', priority, tiers: tiersOf(org, priority) };
  return { source: 'implicit', channels: ownedChannels(org, ownerId).filter((c) => c.type === 'native') };
}
