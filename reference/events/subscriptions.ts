// Webhook subscriptions of an organization: creation (v4 and v2), lookup, rotation, and the views the
// endpoints return. The signing secret leaves this module only in the creation and rotation answers.
import { HttpError } from '../server/errors.js';
import { newId } from '../store/ids.js';
import type { Org } from '../store/types.js';
import { newSigningSecret } from './signing.js';
import { eventState } from './state.js';
import { webhookTypes, type DeliveryRecord, type Subscription, type WebhookType } from './types.js';

/** `wh_` followed by letters and digits (description section 4, Webhooks). */
export const webhookIdPattern = /^wh_[A-Za-z0-9]+$/;

export interface NewSubscription {
  /** Under the fault events.webhook-id.bad-pattern: an id outside `wh_` + letters and digits. */
  badId?: boolean;
  format: 'v4' | 'v2';
  url: string;
  webhookType: WebhookType | null;
  apiKeyName: string;
}

export function createSubscription(org: Org, init: NewSubscription): Subscription {
  const sub: Subscription = {
    id: init.badId ? `${newId('wh')}-x` : newId('wh'),
    orgId: org.id,
    format: init.format,
    url: init.url,
    webhookType: init.webhookType,
    secret: newSigningSecret(),
    previousSecret: null,
    createdAt: org.now(),
    apiKeyName: init.apiKeyName,
    isActive: true,
    lastTriggered: null,
    failureCount: 0,
    deliveries: [],
    deliveriesById: new Map(),
  };
  eventState(org).subscriptions.set(sub.id, sub);
  return sub;
}

/** Replaces the secret; the old one signs nothing from now on. */
export function rotateSecret(sub: Subscription): string {
  sub.previousSecret = sub.secret;
  sub.secret = newSigningSecret();
  return sub.secret;
}

export function listSubscriptions(org: Org, format?: 'v4' | 'v2'): Subscription[] {
  const all = [...eventState(org).subscriptions.values()];
  return format === undefined ? all : all.filter((s) => s.format === format);
}

/**
 * The subscription a path names: 400 when the id does not match `wh_` + letters and digits, 404 when it
 * is not one of the organization's. `flat` forces the flat error body (v4 GET /webhooks/{id}).
 */
export function findSubscription(org: Org, id: string, flat: boolean): Subscription {
  const shape = flat ? { shape: 'flat' as const } : {};
  // An id minted under the fault events.webhook-id.bad-pattern is still found: only its pattern is wrong.
  if (!webhookIdPattern.test(id) && !eventState(org).subscriptions.has(id)) {
    throw new HttpError({ status: 400, code: 'invalid_webhook_id', message: 'webhookId must be wh_ followed by letters and digits', details: { webhook_id: id }, ...shape });
  }
  const sub = eventState(org).subscriptions.get(id);
  if (!sub) throw new HttpError({ status: 404, code: 'webhook_not_found', message: 'Webhook not found', details: { webhook_id: id }, ...shape });
  return sub;
}

export function deleteSubscription(org: Org, sub: Subscription): void {
  sub.isActive = false;
  eventState(org).subscriptions.delete(sub.id);
}

/** An http(s) URL, or null. */
export function parseWebhookUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function isWebhookType(value: unknown): value is WebhookType {
  return typeof value === 'string' && (webhookTypes as readonly string[]).includes(value);
}

/** The v4 view of a subscription (never the secret). */
export function v4View(sub: Subscription): Record<string, unknown> {
  return {
    id: sub.id,
    url: sub.url,
    created_at: sub.createdAt,
    is_active: sub.isActive,
    api_version: sub.format,
  };
}

/**
 * The v2 webhook record (description section 2). Integers the record requires even when the moment has
 * not happened: `deprecated_at` and `last_triggered` are 0 for "never", `valid_until` is -1 for "no expiry"
 * (the API key convention of the same description).
 */
export function v2Record(sub: Subscription): Record<string, unknown> {
  return {
    webhook_id: sub.id,
    webhook_url: sub.url,
    webhook_type: sub.webhookType ?? 'all',
    scope: 'api_key',
    api_key_name: sub.apiKeyName,
    integration_name: 'api',
    created_at: sub.createdAt,
    deprecated_at: 0,
    valid_until: -1,
    last_triggered: sub.lastTriggered ?? 0,
    failure_count: sub.failureCount,
    is_active: sub.isActive,
  };
}

export function deliveryView(record: DeliveryRecord): Record<string, unknown> {
  const last = record.attempts[record.attempts.length - 1];
  return {
    id: record.id,
    webhook_id: record.webhookId,
    event_id: record.eventId,
    event_type: record.eventType,
    message_id: record.messageId,
    status: record.status,
    created_at: record.createdAt,
    attempt_count: record.attempts.length,
    last_status_code: last?.statusCode ?? null,
    last_attempt_at: last?.at ?? null,
    next_attempt_at: record.nextAttemptAt,
    replay: record.replay,
    original_event_id: record.originalEventId,
    replay_of: record.replayOf,
    attempts: record.attempts.map((a) => ({ at: a.at, status_code: a.statusCode, error: a.error, duration_ms: a.durationMs })),
    payload: JSON.parse(record.body) as unknown,
  };
}

/** One log line per attempt, oldest first. */
export function logRows(sub: Subscription): Array<Record<string, unknown>> {
  const rows: Array<Record<string, unknown>> = [];
  for (const record of sub.deliveries) {
    for (const attempt of record.attempts) {
      rows.push({
        delivery_id: record.id,
        webhook_id: sub.id,
        event: record.eventType,
        event_id: record.eventId,
        message_id: record.messageId,
        attempted_at: attempt.at,
        status_code: attempt.statusCode,
        success: attempt.error === null,
        error: attempt.error,
        duration_ms: attempt.durationMs,
        replay: record.replay,
      });
    }
  }
  return rows;
}
