// send: POST /messages with a unique Idempotency-Key and a realistic body.
import { sendBody } from '../bodies.js';
import { globalIndex } from '../schedule.js';
import type { Profile } from '../types.js';
import { apiSetup, checkSend, idempotencyKey, jsonPost, type ApiState } from './common.js';

export const send: Profile<ApiState> = {
  name: 'send',
  description: 'POST /messages, each with a unique Idempotency-Key and a realistic body',
  setup: (context) => apiSetup(context, 'send'),
  request(state, k) {
    const g = globalIndex(k, state.shard);
    return jsonPost('/messages', sendBody(g), idempotencyKey(state.runId, g));
  },
  check: (response) => checkSend(response),
};
