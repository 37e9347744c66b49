// Which line carries a send (description section 1, behaviours 1 to 3): a pinned `from`, or the caller's
// default priority walked tier by tier in ascending order, where same-tier same-type channels form a
// sticky pool (a recipient keeps the channel it got first); with no priority, the implicit pool of the
// native numbers the caller owns. A line that cannot reach the recipients is skipped; when none can,
// the first policy refusal met (else the first refusal) is the answer, so an amb route says why it refused.
import type { App } from '../server/app.js';
import { HttpError, httpError } from '../server/errors.js';
import { routingPlan } from '../store/priorities.js';
import { identityKind } from '../store/contacts.js';
import type { ChannelRecord, Org } from '../store/types.js';
import { findDirectChat, findGroupChat } from './chats.js';
import { messagingState, peerKey, type ChatRecord } from './state.js';

type Faults = Pick<App, 'fault'>;

/** Why `channel` cannot carry a send to `peers`, or null when it can. */
export function refusal(app: Faults, org: Org, channel: ChannelRecord, peers: readonly string[], knownChat?: ChatRecord): HttpError | null {
  if (channel.status !== 'active') return httpError(404, 'not_found', 'Channel not found', { channel: channel.id });
  for (const peer of peers) {
    const kind = identityKind(peer);
    const fits = channel.type === 'native' ? kind !== 'other' : channel.type === 'amb' ? true : kind === 'phone';
    if (!fits) {
      return httpError(501, 'send_not_supported', `A ${channel.type} channel cannot send to ${kind === 'other' ? 'this recipient' : `an ${kind} address`}`, {
        channel_type: channel.type,
        recipient: peer,
      });
    }
  }
  // Only business-chat and inbound-plan lines care whether the other side wrote first.
  if (channel.type !== 'amb' && channel.plan !== 'inbound') return null;
  const chat = knownChat ?? (peers.length === 1 ? findDirectChat(org, channel, peers[0]!) : findGroupChat(org, channel, peers));
  const wroteFirst = chat?.hasInbound ?? false;
  if (channel.type === 'amb' && !wroteFirst && !app.fault('messaging.amb.business-first-allowed')) {
    return httpError(403, 'customer_initiated_only', 'Business-chat conversations start with the customer; this customer has not written first', {
      channel_id: channel.id,
    });
  }
  if (channel.plan === 'inbound' && !wroteFirst && !app.fault('messaging.inbound-only.not-enforced')) {
    return httpError(403, 'inbound_only_no_prior_inbound', 'An inbound-plan number can only answer recipients who messaged it first', {
      channel_id: channel.id,
    });
  }
  return null;
}

/** The line for a send without `from`, or the reason there is none. */
export function routeSend(app: Faults, org: Org, ownerId: string, peers: readonly string[]): ChannelRecord {
  // Faults: ignore the priority (first channel of the organization), walk tiers descending, no stickiness.
  if (app.fault('messaging.routing.ignores-priority')) {
    const first = org.channels.values().next().value;
    if (first) return first;
  }
  const plan = routingPlan(org, ownerId);
  const walk: PoolWalk = { app, org, peers, stickyPeer: stickyKey(peers), firstRefusal: null };
  if (plan.source === 'implicit') {
    const chosen = tryPool(walk, `implicit|${ownerId}`, plan.channels);
    if (chosen) return chosen;
  } else {
    const tiers = app.fault('messaging.routing.descending-tiers') ? [...plan.tiers].reverse() : plan.tiers;
    for (const tier of tiers) {
      for (const pool of tier.pools) {
        const chosen = tryPool(walk, `${plan.priority.id}|${tier.priority}|${pool.type}`, pool.channels);
        if (chosen) return chosen;
      }
    }
  }
  throw walk.firstRefusal ?? httpError(422, 'no_available_channel', 'No channel of the calling key can carry this send; set a priority, own a number, or pass from', {});
}

/** One send's walk through the pools, and the refusal to answer if no pool has a usable line. */
interface PoolWalk {
  app: Faults;
  org: Org;
  peers: readonly string[];
  stickyPeer: string;
  firstRefusal: HttpError | null;
}

/** The pool's line for this send (sticky per recipient), or null when none of its lines can carry it. */
function tryPool(walk: PoolWalk, poolKey: string, channels: readonly ChannelRecord[]): ChannelRecord | null {
  const usable: ChannelRecord[] = [];
  for (const channel of channels) {
    const why = refusal(walk.app, walk.org, channel, walk.peers);
    if (why === null) usable.push(channel);
    // A policy refusal (403: amb, inbound-only) says more than a line of the wrong kind (501).
    else if (walk.firstRefusal === null || (why.status === 403 && walk.firstRefusal.status !== 403)) walk.firstRefusal = why;
  }
  return usable.length === 0 ? null : stickyChoice(walk.org, poolKey, walk.stickyPeer, usable, walk.app.fault('messaging.routing.not-sticky'));
}

/** The recipients as one sticky-pool key (order and case do not matter). */
function stickyKey(peers: readonly string[]): string {
  return peers.length === 1 ? peerKey(peers[0]!) : peers.map(peerKey).sort().join(',');
}

/** The pool member this recipient already has, or the next one in turn. */
export function stickyChoice(org: Org, poolKey: string, peer: string, usable: readonly ChannelRecord[], fresh: boolean): ChannelRecord {
  const state = messagingState(org);
  let assigned = state.sticky.get(poolKey);
  if (!assigned) state.sticky.set(poolKey, (assigned = new Map()));
  const previous = assigned.get(peer);
  if (!fresh && previous !== undefined) {
    const kept = usable.find((c) => c.id === previous);
    if (kept) return kept;
  }
  const turn = state.roundRobin.get(poolKey) ?? 0;
  state.roundRobin.set(poolKey, turn + 1);
  const chosen = usable[turn % usable.length]!;
  assigned.set(peer, chosen.id);
  return chosen;
}
