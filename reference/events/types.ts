// The records of the event side: subscriptions and their deliveries (events are server/event-bus.ts EventRecord).
import type { FlatText } from './envelope.js';

export type WebhookType = 'message' | 'status' | 'poll' | 'all';
export const webhookTypes: readonly WebhookType[] = ['message', 'status', 'poll', 'all'];

export interface Subscription {
  id: string; // wh_
  orgId: string;
  /** Which endpoint registered it, hence which body it receives (section 9 rule 3). */
  format: 'v4' | 'v2';
  url: string;
  /** v2 only; v4 subscriptions receive every event. */
  webhookType: WebhookType | null;
  secret: string;
  /** The secret before the last rotation (kept only to model the rotation fault). */
  previousSecret: string | null;
  createdAt: number;
  apiKeyName: string;
  isActive: boolean;
  lastTriggered: number | null;
  failureCount: number;
  deliveries: DeliveryRecord[];
  deliveriesById: Map<string, DeliveryRecord>;
}

export interface AttemptRecord {
  /** Process clock, epoch ms. */
  at: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryRecord {
  id: string; // wdel_
  webhookId: string;
  eventId: string;
  eventType: string;
  messageId: string | null;
  /**
   * The bytes of the latest attempt (before the first: as built at emission). A v4 envelope is the same on
   * every attempt; a flat v2 body differs between attempts in its `timestamp` only (see `flat`).
   */
  body: string;
  /**
   * For a flat v2 body: the body with its `timestamp` left open and the organization's clock that fills it
   * when an attempt is sent (first delivery, retry or replay). Null for a v4 envelope.
   */
  flat: FlatDelivery | null;
  status: DeliveryStatus;
  attempts: AttemptRecord[];
  createdAt: number;
  replay: boolean;
  /** For replays: the event id of the delivery replayed. */
  originalEventId: string | null;
  /** For replays: the delivery replayed. */
  replayOf: string | null;
  nextAttemptAt: number | null;
}

export interface FlatDelivery extends FlatText {
  /** The organization's clock (epoch ms, moved by the control API's clock/advance). */
  now: () => number;
}
