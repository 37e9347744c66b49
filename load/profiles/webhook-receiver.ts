// webhook-receiver: sizes an integrator's own endpoint. Fires correctly signed deliveries of every event
// type (v4 envelope, v2 flat body, or both alternately: option shape=v4|v2|mixed) at the receiver URL
// with its secret. The signature is computed at send time, so the timestamp is always fresh.
import { signPayload } from '../../harness/webhooks/signer.js';
import { errorCodeOf } from '../error-code.js';
import { buildEvent, EVENT_TYPES, type Shape } from '../events.js';
import { SetupError } from '../json-http.js';
import { globalIndex } from '../schedule.js';
import type { Profile, ProfileState, Shard } from '../types.js';

export interface ReceiverState extends ProfileState {
  secret: string;
  shapes: Shape[];
  shard: Shard;
}

export const webhookReceiver: Profile<ReceiverState> = {
  name: 'webhook-receiver',
  description: 'signed webhook deliveries of every event type (v4 envelope and/or v2 flat body) fired at a receiver URL',
  async setup(context) {
    const { receiverUrl, receiverSecret } = context.target;
    if (receiverUrl === undefined || receiverSecret === undefined || receiverSecret === '') {
      throw new SetupError('webhook-receiver needs --receiver-url and a secret (--secret-env NAME, default MCS_SIGNING_SECRET)');
    }
    const shape = context.options.shape ?? 'mixed';
    if (shape !== 'v4' && shape !== 'v2' && shape !== 'mixed') throw new SetupError(`--shape must be v4, v2 or mixed (got ${shape})`);
    return { baseUrl: receiverUrl, headers: {}, secret: receiverSecret, shapes: shape === 'mixed' ? ['v4', 'v2'] : [shape], shard: context.shard };
  },
  request(state, k) {
    const g = globalIndex(k, state.shard);
    const type = EVENT_TYPES[g % EVENT_TYPES.length] ?? 'message.received';
    const shape = state.shapes[Math.floor(g / EVENT_TYPES.length) % state.shapes.length] ?? 'v4';
    const now = Date.now();
    const event = buildEvent(type, shape, g, now);
    return {
      method: 'POST',
      path: '',
      headers: {
        'content-type': 'application/json',
        'x-service-event': event.type,
        'x-service-message-id': event.messageId,
        'x-service-signature': signPayload(event.body, state.secret, Math.floor(now / 1000)),
      },
      body: event.body,
    };
  },
  check: (response) => (response.status >= 200 && response.status <= 299 ? { ok: true } : { ok: false, code: errorCodeOf(response.body) }),
};
