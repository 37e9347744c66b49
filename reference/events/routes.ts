// Webhook endpoints. v4: POST /webhooks (subscription with its signing secret, once), GET /webhooks (list),
// GET/DELETE /webhooks/{id}, GET /webhooks/{id}/deliveries, POST /webhooks/{id}/deliveries/{deliveryId}/replay
// (the replay path is not shown; this is the reference's), GET /webhooks/{id}/logs. GET /webhooks/{id}
// answers the v2 record for a v2-registered webhook and uses the flat error body.
// v2: GET/POST /webhooks, GET/DELETE /webhooks/{id}, POST /webhooks/{id}/secret/rotate.
import type { App } from '../server/app.js';
import { orgOf } from '../server/caller.js';
import { HttpError, httpError } from '../server/errors.js';
import { created, json, ok, page } from '../server/reply.js';
import type { Ctx, Reply } from '../server/types.js';
import { objectBody } from '../server/validate.js';
import { referenceTargetSettings } from '../target-settings.js';
import { cursorPage } from '../store/pagination.js';
import { serviceBus } from './bus.js';
import { newSigningSecret } from './signing.js';
import {
  createSubscription,
  deleteSubscription,
  deliveryView,
  findSubscription,
  isWebhookType,
  listSubscriptions,
  logRows,
  parseWebhookUrl,
  rotateSecret,
  v2Record,
  v4View,
} from './subscriptions.js';

const v4 = { auth: 'either', version: 'v4' } as const;
const v2 = { auth: 'either', version: 'v2' } as const;

const keyName = (ctx: Ctx): string => ctx.apiKey?.name ?? 'app';

export function registerEventRoutes(app: App): void {
  app.route('POST', '/v4/webhooks', createV4, v4);
  app.route('GET', '/v4/webhooks', (ctx) => page(cursorPage(listSubscriptions(orgOf(ctx)).map(v4OrV2), ctx.query, ctx.app.variant)), v4);
  app.route('GET', '/v4/webhooks/:webhookId', getV4, v4);
  app.route('DELETE', '/v4/webhooks/:webhookId', remove(false), v4);
  app.route('GET', '/v4/webhooks/:webhookId/deliveries', (ctx) => {
    const sub = findSubscription(orgOf(ctx), ctx.params.webhookId ?? '', false);
    const deliveries = ctx.app.fault('events.deliveries.list-empty') ? [] : sub.deliveries;
    const listed = cursorPage(deliveries.map(deliveryView), ctx.query, ctx.app.variant);
    // Fault: events.deliveries.page-skips.
    if (ctx.app.fault('events.deliveries.page-skips') && listed.has_more) listed.data = listed.data.slice(0, -1);
    return page(listed);
  }, v4);
  // The path the control API announces, `{name}` parameters written as `:name`.
  app.route('POST', `/v4${referenceTargetSettings.webhook_replay_path.replace(/\{(\w+)\}/g, ':$1')}`, replay, { ...v4, bodyKind: 'any' });
  app.route('GET', '/v4/webhooks/:webhookId/logs', (ctx) => {
    const sub = findSubscription(orgOf(ctx), ctx.params.webhookId ?? '', false);
    return page(cursorPage(ctx.app.fault('events.logs.list-empty') ? [] : logRows(sub), ctx.query, ctx.app.variant));
  }, v4);

  app.route('GET', '/v2/webhooks', (ctx) => {
    const subs = ctx.app.fault('events.v2-list.empty') ? [] : listSubscriptions(orgOf(ctx), 'v2');
    const leak = ctx.app.fault('events.v2-list.leaks-secret');
    // Faults: events.v2-list.type-all (every webhook listed as type all), events.v2-list.inactive (listed inactive).
    const typeAll = ctx.app.fault('events.v2-list.type-all');
    const inactive = ctx.app.fault('events.v2-list.inactive');
    // Variant lean-list-rows: a listed webhook shows its id, URL and type only.
    const record = (sub: (typeof subs)[number]) => {
      const full = v2Record(sub);
      return ctx.app.variant.leanListRows ? { webhook_id: full.webhook_id, webhook_url: full.webhook_url, webhook_type: full.webhook_type } : full;
    };
    const row = (sub: (typeof subs)[number]) => ({ ...record(sub), ...(leak ? { signing_secret: sub.secret } : {}), ...(typeAll ? { webhook_type: 'all' } : {}), ...(inactive ? { is_active: false } : {}) });
    return json(200, { webhooks: subs.map(row) });
  }, v2);
  app.route('POST', '/v2/webhooks', createV2, v2);
  app.route('GET', '/v2/webhooks/:webhookId', (ctx) => json(200, v2Record(findV2(ctx))), v2);
  app.route('DELETE', '/v2/webhooks/:webhookId', remove(true), v2);
  app.route('POST', '/v2/webhooks/:webhookId/secret/rotate', (ctx) => {
    const sub = findV2(ctx);
    // Fault: events.rotation.later-rotations-ignored (a rotation after the first answers a new secret, but
    // deliveries stay signed with the one the first rotation gave).
    const ignored = ctx.app.fault('events.rotation.later-rotations-ignored') && sub.previousSecret !== null;
    const secret = ctx.app.fault('events.rotation.secret-unchanged') ? sub.secret : ignored ? newSigningSecret() : rotateSecret(sub);
    return json(200, { webhook_id: sub.id, signing_secret: secret });
  }, { ...v2, bodyKind: 'any' });
}

function v4OrV2(sub: Parameters<typeof v4View>[0]): Record<string, unknown> {
  return sub.format === 'v2' ? v2Record(sub) : v4View(sub);
}

function createV4(ctx: Ctx): Reply {
  const body = objectBody(ctx.body);
  const url = parseWebhookUrl(body.url);
  if (url === null) throw httpError(422, 'validation_error', 'url must be an absolute http(s) URL', { field: 'url' });
  const sub = createSubscription(orgOf(ctx), { badId: ctx.app.fault('events.webhook-id.bad-pattern'), format: 'v4', url, webhookType: null, apiKeyName: keyName(ctx) });
  return created(ctx.app.fault('events.create.no-secret') ? v4View(sub) : { ...v4View(sub), signing_secret: sub.secret });
}

function createV2(ctx: Ctx): Reply {
  const body = objectBody(ctx.body);
  const url = parseWebhookUrl(body.webhook_url);
  if (url === null) throw httpError(422, 'validation_error', 'webhook_url must be an absolute http(s) URL', { field: 'webhook_url' });
  const type = body.webhook_type ?? 'all';
  if (!isWebhookType(type)) throw httpError(422, 'validation_error', 'webhook_type must be message, status, poll or all', { field: 'webhook_type' });
  const sub = createSubscription(orgOf(ctx), { badId: ctx.app.fault('events.webhook-id.bad-pattern'), format: 'v2', url, webhookType: type, apiKeyName: keyName(ctx) });
  return json(200, ctx.app.fault('events.create.no-secret') ? v2Record(sub) : { ...v2Record(sub), signing_secret: sub.secret });
}

/** v2-registered: the v2 record, unwrapped (or wrapped, variant v2RecordWrapped); v4-registered: `{data}`. Errors are flat either way. */
function getV4(ctx: Ctx): Reply {
  try {
    const sub = findSubscription(orgOf(ctx), ctx.params.webhookId ?? '', true);
    if (sub.format === 'v2') {
      const record = recordFaults(ctx, v2Record(sub), sub.secret);
      // Variant v2RecordWrapped: the record under the v4 item rule, `{data: record}` (AMBIGUITIES v4 7).
      return ctx.app.variant.v2RecordWrapped ? ok(record) : json(200, record);
    }
    // A v4-registered webhook is read in the same record shape (webhook_type `all`: it receives every event).
    return ok({ ...v2Record(sub), ...v4View(sub) });
  } catch (error) {
    if (error instanceof HttpError && ctx.app.fault('events.v2-record.standard-errors')) {
      throw new HttpError({ status: error.status, code: error.code, message: error.message, details: error.details, shape: 'standard' });
    }
    throw error;
  }
}

/** The GET record under the record faults: the secret leaked, or failure_count missing. */
function recordFaults(ctx: Ctx, record: Record<string, unknown>, secret: string): Record<string, unknown> {
  const result: Record<string, unknown> = ctx.app.fault('events.v2-record.leaks-secret') ? { ...record, signing_secret: secret } : { ...record };
  if (ctx.app.fault('events.v2-record.no-failure-count')) delete result.failure_count;
  // Faults of the statement ledger's rows (spec/statements.yaml): a field of another type, or another URL.
  if (ctx.app.fault('events.v2-record.url-other')) result.webhook_url = `${String(result.webhook_url)}/other`;
  if (ctx.app.fault('events.v2-record.api-key-name-number')) result.api_key_name = 1;
  if (ctx.app.fault('events.v2-record.integration-name-number')) result.integration_name = 1;
  if (ctx.app.fault('events.v2-record.created-at-string')) result.created_at = String(result.created_at);
  if (ctx.app.fault('events.v2-record.deprecated-at-string')) result.deprecated_at = String(result.deprecated_at);
  if (ctx.app.fault('events.v2-record.valid-until-string')) result.valid_until = String(result.valid_until);
  if (ctx.app.fault('events.v2-record.last-triggered-string')) result.last_triggered = String(result.last_triggered);
  if (ctx.app.fault('events.v2-record.is-active-string')) result.is_active = String(result.is_active);
  return result;
}

function findV2(ctx: Ctx) {
  const sub = findSubscription(orgOf(ctx), ctx.params.webhookId ?? '', true);
  if (sub.format !== 'v2') throw new HttpError({ status: 404, code: 'webhook_not_found', message: 'Webhook not found', shape: 'flat' });
  return sub;
}

function remove(flat: boolean) {
  return (ctx: Ctx): Reply => {
    const org = orgOf(ctx);
    const sub = findSubscription(org, ctx.params.webhookId ?? '', flat);
    deleteSubscription(org, sub);
    return flat ? json(200, { webhook_id: sub.id, deleted: true }) : ok({ id: sub.id, deleted: true });
  };
}

function replay(ctx: Ctx): Reply {
  const org = orgOf(ctx);
  const sub = findSubscription(org, ctx.params.webhookId ?? '', false);
  const original = sub.deliveriesById.get(ctx.params.deliveryId ?? '');
  if (!original) throw httpError(404, 'not_found', 'Delivery not found', { delivery_id: ctx.params.deliveryId });
  const record = serviceBus(ctx.app).replay(sub, original, ctx.now());
  return json(202, { data: deliveryView(record) });
}
