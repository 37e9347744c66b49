// The send profile with the fixed body wrk and autocannon send in the benches (keys stay unique per
// global index), in a module of its own that worker threads load by name.
import { idempotencyKey, jsonPost, type ApiState } from '../load/profiles/common.js';
import { send } from '../load/profiles/send.js';
import { globalIndex } from '../load/schedule.js';
import type { Profile } from '../load/types.js';
import { FIXED_BODY } from './wrk.js';

/** The send profile with the fixed body wrk and autocannon send (keys stay unique per global index). */
export const fixedSend: Profile<ApiState> = {
  ...send,
  request: (state, k) => jsonPost('/messages', FIXED_BODY, idempotencyKey(state.runId, globalIndex(k, state.shard))),
};

/** Worker threads load the profile from this module by name. */
export const profiles: Record<string, Profile<ApiState>> = { [fixedSend.name]: fixedSend };

export const FIXED_SEND_MODULE = import.meta.url;
