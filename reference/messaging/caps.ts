// The two send caps (description sections 7 and 8), on the organization's clock:
// - outbound_limit_reached: new contacts per rolling 24 hours, for the organization and per number
//   (a new contact is a recipient the organization, or that number, has had no conversation with);
// - new_conversation_limit_reached: new conversations per day on shared-plan lines (UTC day of the
//   org clock); sends in existing conversations are never refused by it.
// check() decides without changing anything; commit() records an accepted send.
import { HttpError } from '../server/errors.js';
import type { ChannelRecord, Org } from '../store/types.js';
import { messagingState, peerKey } from './state.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface CapFaults {
  outboundNotEnforced?: boolean;
  newConversationNotEnforced?: boolean;
  /** The 429 body without limit/current/mode (or plan_id/cap/current). */
  fieldsMissing?: boolean;
  /** The 429 body's `current` reads one below its `limit` (or `cap`): refused for a cap it says is not reached. */
  currentBelowLimit?: boolean;
  /** The cap answers 403 instead of 429. */
  wrongStatus?: boolean;
  /** The 24-hour window never rolls: every new contact ever counts. */
  windowNeverRolls?: boolean;
  /** The window is 12 hours, not 24: new contacts stop counting too early. */
  windowTooShort?: boolean;
  /** The daily new-conversation count never starts again. */
  conversationsNeverReset?: boolean;
  /** Existing conversations are refused too once the daily cap is reached. */
  blocksExistingConversations?: boolean;
}

export interface CapPlan {
  newForOrg: string[];
  newForNumber: string[];
  newConversation: boolean;
}

/** What an accepted send to `peers` on `channel` would add to the caps. */
export function capPlan(org: Org, channel: ChannelRecord, peers: readonly string[], chatExists: boolean): CapPlan {
  const state = messagingState(org);
  const known = state.knownPeersByChannel.get(channel.id);
  return {
    newForOrg: peers.filter((p) => !state.knownPeers.has(peerKey(p))),
    newForNumber: peers.filter((p) => !known?.has(peerKey(p))),
    newConversation: !chatExists,
  };
}

export function checkCaps(org: Org, channel: ChannelRecord, plan: CapPlan, faults: CapFaults = {}): void {
  const state = messagingState(org);
  const now = org.now();
  const limits = org.plan;
  if (!faults.outboundNotEnforced) {
    const orgCurrent = inWindow(state.newContactsOrg, now, faults);
    refuseOutbound(limits.outbound_cap_per_organization, orgCurrent, plan.newForOrg.length, 'organization', faults);
    const numberCurrent = inWindow(state.newContactsByChannel.get(channel.id) ?? [], now, faults);
    refuseOutbound(limits.outbound_cap_per_number, numberCurrent, plan.newForNumber.length, 'number', faults);
  }
  const cap = limits.new_conversation_cap;
  const applies = channel.plan === 'shared' && (plan.newConversation || faults.blocksExistingConversations === true);
  if (!faults.newConversationNotEnforced && cap !== null && applies) {
    const current = conversationsToday(org, now, faults.conversationsNeverReset);
    if (current >= cap) {
      // The purchase plan id when the store keeps one for the line, else the plan kind.
      const planId = (channel as ChannelRecord & { planId?: string | null }).planId ?? 'shared';
      const fields = { plan_id: planId, cap, current };
      throw capError('new_conversation_limit_reached', `The shared plan's daily cap of ${cap} new conversations is reached`, fields, faults);
    }
  }
}

export function commitCaps(org: Org, channel: ChannelRecord, plan: CapPlan): void {
  const state = messagingState(org);
  const now = org.now();
  for (let i = 0; i < plan.newForOrg.length; i++) state.newContactsOrg.push(now);
  if (plan.newForNumber.length > 0) {
    let list = state.newContactsByChannel.get(channel.id);
    if (!list) state.newContactsByChannel.set(channel.id, (list = []));
    for (let i = 0; i < plan.newForNumber.length; i++) list.push(now);
  }
  if (channel.plan === 'shared' && plan.newConversation) {
    conversationsToday(org, now);
    state.newConversations.count++;
  }
}

function refuseOutbound(limit: number | null, current: number, adding: number, mode: 'organization' | 'number', faults: CapFaults): void {
  if (limit === null || adding === 0 || current + adding <= limit) return;
  const scope = mode === 'organization' ? 'the organization' : 'this number';
  throw capError('outbound_limit_reached', `The 24-hour new-contact cap of ${limit} for ${scope} is reached`, { limit, current, mode }, faults);
}

function capError(code: string, message: string, fields: Record<string, unknown>, faults: CapFaults): HttpError {
  const bound = fields.limit ?? fields.cap;
  const told = faults.currentBelowLimit && typeof bound === 'number' ? { ...fields, current: bound - 1 } : fields;
  const shown = faults.fieldsMissing ? {} : told;
  return new HttpError({ status: faults.wrongStatus ? 403 : 429, code, message, details: shown, extra: shown });
}

/** Entries of a time-ordered window still inside the last 24 hours (older ones are dropped). */
function inWindow(times: number[], now: number, faults: CapFaults): number {
  if (faults.windowNeverRolls) return times.length;
  let drop = 0;
  const windowMs = faults.windowTooShort ? DAY_MS / 2 : DAY_MS;
  while (drop < times.length && times[drop]! <= now - windowMs) drop++;
  if (drop > 0) times.splice(0, drop);
  return times.length;
}

function conversationsToday(org: Org, now: number, neverReset = false): number {
  const state = messagingState(org);
  const day = Math.floor(now / DAY_MS);
  // Fault: messaging.caps.new-conversation-never-resets (yesterday's count is still read).
  if (state.newConversations.day !== day && !neverReset) state.newConversations = { day, count: 0 };
  return state.newConversations.count;
}
