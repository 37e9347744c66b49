// Which line carries a send (description section 1, behaviours 1 to 3): a pinned `from`, or the caller's
// default priority walked tier by tier in ascending order, where same-tier same-type channels form a
// sticky pool (a recipient keeps the channel it got first, which is the one it already has a conversation
// on, if any, so that a customer who wrote in is answered from that line); with no priority, the implicit pool of the
// native numbers the caller owns. A line that cannot reach the recipients is skipped; when none can,
// the first policy refusal met (else the first refusal) is the answer, so an amb route says why it refused.
import type { App } from '../server/app.js';
import { HttpError, httpError } from '../server/errors.js';
import { routingPlan } from '../store/priorities.js';
import { identityKind } from '../store/contacts.js';
import type { ChannelRecord, Org } from '../store/types.js';
import { findDirectChat, findGroupChat } from './chats.js';
import { messagingState, optInKey, peerKey, type ChatRecord } from './state.js';

type Faults = Pick<App, 'fault'>;

/**
 * Why `channel` cannot carry a send to `peers`, or null when it can. `invitation`: the send is an approved
 * business-chat invitation, the one business-first message amb allows (to a customer who opted in).
 */
export function refusal(app: Faults, org: Org, channel: ChannelRecord, peers: readonly string[], knownChat?: ChatRecord, invitation = false): HttpError | null {
  if (channel.status !== 'active') return httpError(404, 'not_found', 'Channel not found', { channel: channel.id });
  if (invitation && channel.type !== 'amb') {
    return httpError(422, 'validation_error', 'An invitation goes out on a business-chat (amb) line only', { field: 'invitation_id', channel_type: channel.type });
  }
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
  if (channel.type === 'amb' && !wroteFirst && !(invitation && mayInvite(app, org, channel, peers)) && !app.fault('messaging.amb.business-first-allowed')) {
    return httpError(403, 'customer_initiated_only', 'Business-chat conversations start with the customer: this one has not written, and only an approved invitation may go first, to a customer who opted in', {
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

/** Whether an approved invitation may go to these recipients: each opted in to invitations from this line. */
function mayInvite(app: Faults, org: Org, channel: ChannelRecord, peers: readonly string[]): boolean {
  // Faults: invitations refused like any business-first message; invitations to customers who never opted in.
  if (app.fault('messaging.amb.invitation-refused')) return false;
  if (app.fault('messaging.amb.invitation-without-opt-in')) return true;
  const optIns = messagingState(org).ambOptIns;
  for (const peer of peers) if (!optIns.has(optInKey(channel.id, peer))) return false;
  return true;
}

/**
 * A routed send's line. `pick` is what its pool learns once the send is made (keepPick, from commitSend): a
 * refused send or a dry run leaves the pools as they were.
 */
export interface Route {
  channel: ChannelRecord;
  pick: PoolPick | null;
}

/** A pool's first choice of a line for a recipient, not yet remembered. */
export interface PoolPick {
  poolKey: string;
  /** The recipients as one key (stickyKey). */
  peer: string;
  channelId: string;
  /** The line was the pool's next in turn (round robin), so the turn moves on when the pick is kept. */
  turn: boolean;
}

/** The line for a send without `from`, or the reason there is none. */
export function routeSend(app: Faults, org: Org, ownerId: string, peers: readonly string[], invitation = false): Route {
  // Faults: ignore the priority (first channel of the organization), walk tiers descending, no stickiness.
  if (app.fault('messaging.routing.ignores-priority')) {
    const first = org.channels.values().next().value;
    if (first) return { channel: first, pick: null };
  }
  const plan = routingPlan(org, ownerId);
  const walk: PoolWalk = { app, org, peers, invitation, firstRefusal: null };
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
  invitation: boolean;
  firstRefusal: HttpError | null;
}

/** The pool's line for this send (sticky per recipient), or null when none of its lines can carry it. */
function tryPool(walk: PoolWalk, poolKey: string, channels: readonly ChannelRecord[]): Route | null {
  const usable: ChannelRecord[] = [];
  for (const channel of channels) {
    const why = refusal(walk.app, walk.org, channel, walk.peers, undefined, walk.invitation);
    if (why === null) usable.push(channel);
    // A policy refusal (403: amb, inbound-only) says more than a line of the wrong kind (501).
    else if (walk.firstRefusal === null || (why.status === 403 && walk.firstRefusal.status !== 403)) walk.firstRefusal = why;
  }
  return usable.length === 0 ? null : poolChoice(walk.org, poolKey, walk.peers, usable, walk.app.fault('messaging.routing.not-sticky'));
}

/** The recipients as one sticky-pool key (order and, for email addresses, case do not matter). */
function stickyKey(peers: readonly string[]): string {
  return peers.length === 1 ? peerKey(peers[0]!) : peers.map(peerKey).sort().join(',');
}

/**
 * The pool member for these recipients: the one they got before; else one they already have a conversation
 * on (a customer who wrote to a line is answered from it, and the caps do not count a new conversation);
 * else the next in turn. Changes nothing: the choice is remembered by keepPick once the send is made.
 * `fresh` (a fault) forgets every earlier choice and conversation.
 */
export function poolChoice(org: Org, poolKey: string, peers: readonly string[], usable: readonly ChannelRecord[], fresh: boolean): Route {
  const state = messagingState(org);
  const peer = stickyKey(peers);
  if (!fresh) {
    const previous = state.sticky.get(poolKey)?.get(peer);
    if (previous !== undefined) {
      for (const channel of usable) if (channel.id === previous) return { channel, pick: null };
    }
    for (const channel of usable) {
      if (hasConversation(org, channel, peers)) return { channel, pick: { poolKey, peer, channelId: channel.id, turn: false } };
    }
  }
  const channel = usable[(state.roundRobin.get(poolKey) ?? 0) % usable.length]!;
  return { channel, pick: { poolKey, peer, channelId: channel.id, turn: true } };
}

/** Remembers a pool's choice once its send is made (a fan-out keeps the same pick once per recipient: once counts). */
export function keepPick(org: Org, pick: PoolPick): void {
  const state = messagingState(org);
  let assigned = state.sticky.get(pick.poolKey);
  if (!assigned) state.sticky.set(pick.poolKey, (assigned = new Map()));
  if (assigned.get(pick.peer) === pick.channelId) return;
  assigned.set(pick.peer, pick.channelId);
  if (pick.turn) state.roundRobin.set(pick.poolKey, (state.roundRobin.get(pick.poolKey) ?? 0) + 1);
}

function hasConversation(org: Org, channel: ChannelRecord, peers: readonly string[]): boolean {
  return (peers.length === 1 ? findDirectChat(org, channel, peers[0]!) : findGroupChat(org, channel, peers)) !== undefined;
}
