// webhook-delivery: sends at the offered rate with a v4 subscription pointing at the suite's receiver,
// and measures end-to-end latency from each send's acceptance (its response) to the first verified
// delivery that names its message id. Counts lost (accepted, never delivered within the drain window),
// duplicated (the same event id delivered twice, replays aside), badly signed and unmatched deliveries.
//
// Decision: the description does not say which event a send emits by itself. With a control API, each
// accepted message is also moved to `sent` through the control API (a sandbox stand-in for the carrier's
// confirmation; option drive=none turns this off), and the first event of any type for the message
// counts. Without one, the target must emit an event on its own.
import { startWebhookReceiver, type Delivery, type WebhookReceiver } from '../../harness/webhooks/receiver.js';
import { verifySignature } from '../../harness/webhooks/signature.js';
import { sendBody } from '../bodies.js';
import { driveMessageStatus } from '../control.js';
import { expectJson, SetupError, unwrap } from '../json-http.js';
import { globalIndex } from '../schedule.js';
import type { DeliveryReport, Profile, VerifyReport } from '../types.js';
import { joinUrl } from '../url.js';
import { apiSetup, checkSend, idempotencyKey, jsonPost, type ApiState } from './common.js';

export interface DeliveryState extends ApiState {
  receiver: WebhookReceiver;
  endpointName: string;
  secret: string;
  drive: boolean;
  drainMs: number;
  /** message id -> epoch ms of acceptance */
  acceptedAt: Map<string, number>;
  driving: Set<Promise<void>>;
  driveFailures: number;
}

export const webhookDelivery: Profile<DeliveryState> = {
  name: 'webhook-delivery',
  description: 'POST /messages with a v4 webhook subscription at a local receiver; end-to-end delivery latency and loss',
  async setup(context) {
    const base = await apiSetup(context, 'webhook-delivery');
    const receiver = await startWebhookReceiver({ maxDeliveries: 1_000_000 });
    try {
      const endpointName = `load-${context.runId}-${context.shard.index}`;
      const created = unwrap(await expectJson('POST', joinUrl(base.baseUrl, '/webhooks'), { headers: base.headers, body: { url: receiver.endpoint(endpointName) } }));
      const secret = created.signing_secret;
      if (typeof secret !== 'string' || secret === '') throw new SetupError('POST /webhooks returned no signing_secret');
      const drive = context.options.drive !== 'none' && base.controlUrl !== undefined && base.organization !== undefined;
      const drainMs = Number(context.options['drain-ms'] ?? 10_000);
      return { ...base, receiver, endpointName, secret, drive, drainMs, acceptedAt: new Map(), driving: new Set(), driveFailures: 0 };
    } catch (error) {
      await receiver.close();
      throw error;
    }
  },
  request(state, k) {
    const g = globalIndex(k, state.shard);
    return jsonPost('/messages', sendBody(g), idempotencyKey(state.runId, g));
  },
  check(response, state) {
    const verdict = checkSend(response);
    if (!verdict.ok || verdict.messageId === undefined) return verdict.ok ? { ok: false, code: 'no-message-id' } : verdict;
    state.acceptedAt.set(verdict.messageId, Date.now());
    if (state.drive && state.controlUrl !== undefined && state.organization !== undefined) {
      const call = driveMessageStatus(state.controlUrl, state.organization.organizationId, verdict.messageId, 'sent')
        .catch(() => {
          state.driveFailures++;
        })
        .finally(() => state.driving.delete(call));
      state.driving.add(call);
    }
    return { ok: true };
  },
  async verify(state): Promise<VerifyReport> {
    await Promise.all([...state.driving]);
    const ours = (): Delivery[] => state.receiver.deliveries().filter((d) => d.endpoint === state.endpointName);
    const deadline = Date.now() + state.drainMs;
    const verified = new Map<number, boolean>();
    while (Date.now() < deadline && analyse(ours(), state, verified).delivered < state.acceptedAt.size) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const delivery = analyse(ours(), state, verified);
    const findings: string[] = [];
    if (delivery.lost > 0) findings.push(`${delivery.lost} accepted sends were never delivered within ${state.drainMs} ms`);
    if (delivery.duplicated > 0) findings.push(`${delivery.duplicated} deliveries repeated an event id`);
    if (delivery.badlySigned > 0) findings.push(`${delivery.badlySigned} deliveries failed signature verification`);
    const dropped = state.receiver.stats().dropped;
    if (dropped > 0) findings.push(`the receiver dropped ${dropped} deliveries (memory cap); figures are incomplete`);
    if (state.driveFailures > 0) findings.push(`${state.driveFailures} control-API status changes failed`);
    return { ok: findings.length === 0, findings, figures: { driveFailures: state.driveFailures, receiverDropped: dropped }, delivery };
  },
  async teardown(state) {
    await state.receiver.close();
  },
};

/** Pure: the delivery figures of a set of received deliveries against the accepted sends. */
export function analyse(deliveries: Delivery[], state: Pick<DeliveryState, 'acceptedAt' | 'secret'>, verified = new Map<number, boolean>()): DeliveryReport {
  const seenEvents = new Set<string>();
  const firstDelivery = new Map<string, number>();
  let duplicated = 0;
  let badlySigned = 0;
  let unmatched = 0;
  for (const d of deliveries) {
    // Signatures are checked once per delivery (by arrival number) however often the drain loop looks.
    let ok = verified.get(d.seq);
    if (ok === undefined) {
      // Judged as at arrival: a long run verifies early deliveries well after the timestamp tolerance.
      ok = verifySignature(d.rawBody, d.headers['x-service-signature'], state.secret, { now: Math.floor(d.receivedAt / 1000) }).ok;
      verified.set(d.seq, ok);
    }
    if (!ok) {
      badlySigned++;
      continue;
    }
    if (d.headers['x-service-replay'] === 'true') continue;
    let body: { id?: unknown; data?: { message_id?: unknown } };
    try {
      body = d.json() as typeof body;
    } catch {
      unmatched++;
      continue;
    }
    if (typeof body.id === 'string') {
      if (seenEvents.has(body.id)) {
        duplicated++;
        continue;
      }
      seenEvents.add(body.id);
    }
    const header = d.headers['x-service-message-id'];
    const messageId = typeof header === 'string' ? header : typeof body.data?.message_id === 'string' ? body.data.message_id : undefined;
    if (messageId === undefined || !state.acceptedAt.has(messageId)) {
      unmatched++;
      continue;
    }
    if (!firstDelivery.has(messageId)) firstDelivery.set(messageId, d.receivedAt);
  }
  const latenciesUs: number[] = [];
  for (const [messageId, receivedAt] of firstDelivery) {
    const accepted = state.acceptedAt.get(messageId);
    if (accepted !== undefined) latenciesUs.push(Math.max(0, receivedAt - accepted) * 1000);
  }
  const expected = state.acceptedAt.size;
  return { expected, delivered: firstDelivery.size, lost: expected - firstDelivery.size, duplicated, badlySigned, unmatched, latenciesUs };
}
