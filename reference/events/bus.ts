// The event bus (server/event-bus.ts EventBus): stores every event on its organization, builds the body
// each subscription receives (v4 envelope, or the flat v2 body when the v2 filter lets it through), and
// hands one delivery per subscription to the delivery engine. Also the home of replays. A flat body's
// `timestamp` is "when the webhook was sent" (section 6): each attempt (first delivery, retry, replay) sets it
// from the organization's clock as it is sent, and is signed as sent.
import type { App } from '../server/app.js';
import type { EventBus, EventMeta, EventRecord } from '../server/event-bus.js';
import { newId } from '../store/ids.js';
import type { Org } from '../store/types.js';
import { contactMergedFlat } from './contact-merged.js';
import { DeliveryEngine, defaultDeliveryConfig, type DeliveryConfig } from './delivery.js';
import { flatText, flatTextAt, formed, v4Envelope, type BodyForm } from './envelope.js';
import { v2Receives } from './filter.js';
import { httpPoster, type OutgoingRequest, type Poster } from './post.js';
import { signatureHeader } from './signing.js';
import { eventState } from './state.js';
import { withFieldFaults } from './field-faults.js';
import { withCrossedIds } from './crossed-ids.js';
import { withOpenReadings, wholeSeconds } from './open-readings.js';
import type { DeliveryRecord, FlatDelivery, Subscription } from './types.js';

type FaultSource = Pick<App, 'fault' | 'variant'>;

/** What a delivery records of the event it carries. */
type DeliveryOrigin = Pick<DeliveryRecord, 'eventId' | 'eventType' | 'messageId' | 'createdAt'>;

/** What a delivery carries: fixed bytes (v4 envelope), or a flat v2 body whose timestamp each attempt sets. */
type Payload = { body: string; flat: FlatDelivery | null };

export interface BusOptions {
  delivery?: Partial<DeliveryConfig>;
  poster?: Poster;
}

export class ServiceBus implements EventBus {
  readonly engine: DeliveryEngine;

  constructor(
    private readonly faults: FaultSource,
    options: BusOptions = {},
  ) {
    const config = { ...defaultDeliveryConfig, ...options.delivery };
    const poster = options.poster ?? httpPoster;
    // Variant duplicateDeliveries: each attempt is POSTed twice, the copy once the first is answered (and, with
    // deliveryJitterMs, after a random wait of its own).
    const { duplicateDeliveries, deliveryJitterMs } = faults.variant;
    this.engine = new DeliveryEngine(config, duplicateDeliveries ? twice(poster, deliveryJitterMs) : poster, (sub, record) => this.request(sub, record));
  }

  emit(org: Org, type: string, data: Record<string, unknown>, meta: EventMeta = {}): EventRecord {
    if (type === 'contact.shared' && this.faults.fault('events.contact-shared.reversed')) ({ data, meta } = reversedShare(data, meta));
    // The merge endpoint passes no flat fields; the flat body's base fields are found here (contact-merged.ts).
    if (type === 'contact.merged' && meta.flat === undefined) meta = { ...meta, flat: contactMergedFlat(org, data) };
    ({ data, meta } = withFieldFaults(type, data, meta, (name) => this.faults.fault(name)));
    ({ data, meta } = withCrossedIds(org, data, meta, (name) => this.faults.fault(name)));
    ({ data, meta } = withOpenReadings(data, meta, this.faults.variant));
    const now = this.faults.variant.eventTimesWholeSeconds ? wholeSeconds(org.now()) : org.now();
    const record: EventRecord = { id: newId('evt'), type, created_at: now, organization_id: org.id, data, meta };
    if (type === 'message.read' && this.faults.fault('events.read.not-emitted')) return record;
    const state = eventState(org);
    state.log.push(record);
    for (const sub of state.subscriptions.values()) {
      if (!sub.isActive) continue;
      const payload = this.payloadFor(org, sub, record);
      if (payload !== null) this.deliver(sub, { eventId: record.id, eventType: type, messageId: meta.messageId ?? null, createdAt: record.created_at }, payload, null);
    }
    return record;
  }

  list(org: Org, type?: string): EventRecord[] {
    const log = eventState(org).log;
    return type === undefined ? [...log] : log.filter((e) => e.type === type);
  }

  /**
   * A new delivery of the same body, marked as a replay of `original`: the same bytes, except that a flat v2
   * body's `timestamp` is again the moment each attempt is sent.
   */
  replay(sub: Subscription, original: DeliveryRecord, now: number): DeliveryRecord {
    return this.deliver(sub, { eventId: original.eventId, eventType: original.eventType, messageId: original.messageId, createdAt: now }, { body: original.body, flat: original.flat }, original);
  }

  async close(): Promise<void> {
    this.engine.close();
  }

  /** What `sub` receives for `event`, or null when it receives nothing. */
  private payloadFor(org: Org, sub: Subscription, event: EventRecord): Payload | null {
    const f = (name: string) => this.faults.fault(name);
    const form: BodyForm = { extraFields: this.faults.variant.eventExtraFields, reverseKeys: this.faults.variant.eventKeysReversed };
    const envelope = (): Payload => ({
      body: JSON.stringify(
        formed(
          v4Envelope(event, {
            secondsTimestamp: f('events.v4.created-at-seconds'),
            bareOrganizationId: f('events.v4.bare-organization-id'),
            receivedChatIdNotChat: f('events.v4.received-chat-id-not-chat'),
            idWithoutPrefix: f('events.v4.id-without-prefix'),
            idPerType: f('events.v4.id-per-type'),
          }),
          form,
        ),
      ),
      flat: null,
    });
    if (sub.format === 'v4') return f('events.v4.filtered-like-v2') && !v2Receives('message', event.type) ? null : envelope();
    const passes = sub.webhookType !== null && v2Receives(sub.webhookType, event.type);
    if (!passes && !(f('events.v2.filter-ignored') && event.meta.flat !== undefined)) return null;
    if (event.type === 'contact.merged' && f('events.v2.contact-merged-not-delivered')) return null;
    if (f('events.v2.gets-v4-envelope')) return envelope();
    const text = flatText(event, {
      extraFieldsMissing: f('events.v2.extra-fields-missing'),
      noBaseFields: f('events.v2.no-base-fields'),
      groupFieldsOn1to1: f('events.v2.group-fields-on-1to1'),
      groupFieldsMissing: f('events.v2.group-fields-missing'),
    }, form);
    const flat: FlatDelivery = { ...text, now: () => org.now() };
    // Until its first attempt, the delivery shows the body as it would have been sent at emission.
    return { body: flatTextAt(flat, event.created_at), flat };
  }

  private deliver(
    sub: Subscription,
    event: DeliveryOrigin,
    payload: Payload,
    original: DeliveryRecord | null,
  ): DeliveryRecord {
    const record: DeliveryRecord = {
      id: newId('wdel'),
      webhookId: sub.id,
      ...event,
      body: payload.body,
      flat: payload.flat,
      status: 'pending',
      attempts: [],
      replay: original !== null,
      originalEventId: original?.eventId ?? null,
      replayOf: original?.id ?? null,
      nextAttemptAt: null,
    };
    sub.deliveries.push(record);
    sub.deliveriesById.set(record.id, record);
    this.engine.enqueue(sub, record, randomDelay(this.faults.variant.deliveryJitterMs));
    return record;
  }

  /**
   * The request of one attempt, signed now with the subscription's current secret. A flat v2 body gets its
   * `timestamp` now (the organization's clock) and is signed as sent; `record.body` keeps the bytes sent.
   */
  private request(sub: Subscription, record: DeliveryRecord): OutgoingRequest {
    const f = (name: string) => this.faults.fault(name);
    const v2 = sub.format === 'v2';
    const sentAt = this.faults.variant.eventTimesWholeSeconds && record.flat !== null ? wholeSeconds(record.flat.now()) : record.flat?.now();
    if (record.flat !== null && sentAt !== undefined) record.body = flatTextAt(record.flat, f('events.v2.timestamp-seconds') ? sentAt / 1000 : sentAt);
    const secret = f('events.rotation.old-secret-still-used') && sub.previousSecret !== null ? sub.previousSecret : sub.secret;
    const signature = signatureHeader(secret, record.body, Date.now() - this.faults.variant.signatureClockSkewS * 1000, {
      wrongSecret: f('events.signing.wrong-secret'),
      millisecondTimestamp: f('events.signing.ms-timestamp'),
      bodyOnlyMac: f('events.signing.body-only-mac'),
      base64Digest: f('events.signing.base64-digest'),
      latin1Bytes: f('events.signing.latin1-bytes'),
    });
    const headers: Record<string, string> = {
      'content-type': f('events.header.content-type-text') || (v2 && f('events.header.v2-content-type-text')) ? 'text/plain' : 'application/json',
      'user-agent': 'mcs-reference-webhooks/1',
      'x-service-signature': signature,
      'x-service-delivery-id': record.id,
    };
    if (!f('events.header.no-event-type') && !(v2 && f('events.header.v2-no-event-type'))) headers['x-service-event'] = record.eventType;
    if (record.messageId !== null && !f('events.header.no-message-id') && !(v2 && f('events.header.v2-no-message-id'))) headers['x-service-message-id'] = record.messageId;
    if (record.replay) {
      if (!f('events.replay.no-replay-header')) headers['x-service-replay'] = 'true';
      if (!f('events.replay.no-original-event-id')) headers['x-original-event-id'] = record.originalEventId ?? record.eventId;
    } else if (f('events.replay.header-on-first-delivery')) {
      headers['x-service-replay'] = 'true';
    }
    // The body is sent exactly as signed, except under the fault that re-serialises it after signing.
    const body = f('events.signing.body-changed-after-signing') ? JSON.stringify(JSON.parse(record.body), null, 1) : record.body;
    return { url: sub.url, method: f('events.delivery.method-put') ? 'PUT' : 'POST', headers, body };
  }
}

/**
 * Variant duplicateDeliveries: each attempt POSTed twice, the copy once the first is answered (its outcome is the
 * first's). With a jitter the copy waits a random time of its own, without holding up the deliveries behind it.
 */
function twice(post: Poster, jitterMs: number): Poster {
  return async (req, timeoutMs, signal) => {
    const status = await post(req, timeoutMs, signal);
    const copy = () => post(req, timeoutMs, signal).catch(() => undefined);
    if (jitterMs > 0) setTimeout(copy, randomDelay(jitterMs)).unref();
    else await copy();
    return status;
  };
}

/** A random wait of 0 to `jitterMs` ms (0 without a jitter). */
function randomDelay(jitterMs: number): number {
  return jitterMs > 0 ? Math.random() * jitterMs : 0;
}

/** The fault that reports a shared card the wrong way round: the line as the sharer. */
function reversedShare(data: Record<string, unknown>, meta: EventMeta): { data: Record<string, unknown>; meta: EventMeta } {
  const swap = (fields: Record<string, unknown>) => ({ ...fields, address: fields.internal_id, internal_id: fields.address });
  return { data: swap(data), meta: meta.flat === undefined ? meta : { ...meta, flat: swap(meta.flat) } };
}

/** The bus the reference's App uses (startReference: `app.bus = createEventBus(app)`). */
export function createEventBus(app: App, options: BusOptions = {}): ServiceBus {
  return new ServiceBus(app, options);
}

/** The ServiceBus of an app; routes need its replay and engine. */
export function serviceBus(app: App): ServiceBus {
  if (!(app.bus instanceof ServiceBus)) throw new Error('the reference was started without the service event bus');
  return app.bus;
}
