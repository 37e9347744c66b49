// Per-organization event state: the emitted-event log and the webhook subscriptions. Kept beside the
// organization (a WeakMap keyed by it) so organizations stay isolated and nothing outlives them.
import type { EventRecord } from '../server/event-bus.js';
import type { Org } from '../store/types.js';
import type { Subscription } from './types.js';

export interface EventState {
  log: EventRecord[];
  subscriptions: Map<string, Subscription>;
}

const states = new WeakMap<Org, EventState>();

export function eventState(org: Org): EventState {
  let state = states.get(org);
  if (!state) states.set(org, (state = { log: [], subscriptions: new Map() }));
  return state;
}
