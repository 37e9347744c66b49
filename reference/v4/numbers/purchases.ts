// POST /channels/native/purchases (Idempotency-Key required) and GET /channels/native/purchases/{id}.
import type { App } from '../../server/app.js';
import { callerId, orgOf } from '../../server/caller.js';
import { httpError, notFound } from '../../server/errors.js';
import { accepted, created, json, ok } from '../../server/reply.js';
import type { Ctx, Reply } from '../../server/types.js';
import { objectBody } from '../../server/validate.js';
import { hasSharedLine, placeOrder, planLines, type PurchaseOrder } from '../../store/purchases.js';
import type { Org, PurchaseRecord } from '../../store/types.js';
import { either, scoped } from '../options.js';
import { purchaseCreatedView, purchasePollView } from '../views.js';
import { requirePurchaseFeature } from './feature.js';

const stringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** A refused value as the error details name it: plain values only (an array or object could be anything, and huge). */
const shown = (value: unknown): string | number | boolean | null =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;

/** The order as requested, with the 400 checks of section 7 (no 422 is listed for this endpoint). */
export function parseOrder(ctx: Ctx, org: Org, body: Record<string, unknown>): PurchaseOrder {
  const tierNames: Record<string, string> = { shared: 'shared_nc', dedicated: 'dedicated_com', inbound: 'inbound_basic' };
  const plan = ctx.app.fault('numbers.purchase.tier-name-accepted') && typeof body.plan === 'string' ? (tierNames[body.plan] ?? body.plan) : body.plan;
  if (typeof plan !== 'string' || !Object.hasOwn(planLines, plan)) {
    throw httpError(400, 'invalid_plan', 'plan must be one of shared_nc, shared_com, dedicated_com, dedicated_ent, inbound_basic', { plan: shown(plan) });
  }
  const quantity = body.quantity ?? 1;
  if (!Number.isInteger(quantity) || (quantity as number) < 1) throw httpError(400, 'invalid_quantity', 'quantity must be an integer >= 1', { quantity: shown(quantity) });
  const shared = planLines[plan] === 'shared';
  const cap = org.plan.purchase_line_cap + (ctx.app.fault('numbers.purchase.line-cap-off-by-one') ? 1 : 0);
  if (!shared && (quantity as number) > cap && !ctx.app.fault('numbers.purchase.no-line-cap')) {
    throw httpError(400, 'line_limit_exceeded', `An order may hold at most ${cap} lines`, { limit: cap, requested: quantity });
  }
  const areaCodes = body.area_codes ?? [];
  const zipCodes = body.zip_codes ?? [];
  if (!stringArray(areaCodes) || !areaCodes.every((c) => /^[2-9][0-9]{2}$/.test(c))) {
    throw httpError(400, 'invalid_area_codes', 'area_codes must be an array of 3-digit US area codes');
  }
  if (!stringArray(zipCodes)) throw httpError(400, 'invalid_zip_codes', 'zip_codes must be an array of strings');
  // Shared plans are always one line, whatever quantity says.
  return { plan, quantity: shared ? 1 : (quantity as number), areaCodes, zipCodes };
}

/** For the faults numbers.purchase.no-card-accepted and numbers.purchase.declined-accepted only. */
function paymentUnchecked(ctx: Ctx, org: Org): boolean {
  const method = org.plan.payment_method;
  return (method === 'absent' && ctx.app.fault('numbers.purchase.no-card-accepted')) || (method === 'declining' && ctx.app.fault('numbers.purchase.declined-accepted'));
}

/** Runs `order` as if the organization's card were valid, leaving its plan as it was. */
function asIfPaid<T>(org: Org, order: () => T): T {
  const saved = org.plan.payment_method;
  org.plan.payment_method = 'valid';
  try {
    return order();
  } finally {
    org.plan.payment_method = saved;
  }
}

/**
 * The purchase an earlier request with this key made (or is making), if any. A request that was refused is
 * not remembered (the cache forgets it), so its key is judged afresh: undefined.
 */
async function storedPurchase(ctx: Ctx, scope: string, key: string): Promise<PurchaseRecord | undefined> {
  const earlier = ctx.app.idempotency.peek(scope, key) as Promise<PurchaseRecord> | undefined;
  if (earlier === undefined) return undefined;
  try {
    return await earlier;
  } catch {
    return undefined;
  }
}

function purchaseAnswer(ctx: Ctx, purchase: PurchaseRecord): Reply {
  const view = purchaseCreatedView(purchase);
  if (ctx.app.fault('numbers.purchase.sca-no-action-url')) view.action_url = null;
  // Faults: numbers.purchase.no-purchase-id (the answer names no purchase), numbers.purchase.status-processing (a state the description does not name).
  if (ctx.app.fault('numbers.purchase.no-purchase-id')) delete view.purchase_id;
  if (ctx.app.fault('numbers.purchase.status-processing') && view.status === 'provisioning') view.status = 'processing';
  // Fault: numbers.purchase.created-201 (201 where the description says 202).
  return ctx.app.fault('numbers.purchase.created-201') ? created(view) : accepted(view);
}

/** A replay's answer: the stored purchase as it now is (or, under two faults, in a state it never had). */
function replayAnswer(ctx: Ctx, purchase: PurchaseRecord): Reply {
  // Fault: numbers.purchase.replay-retries-failed (a replay of a failed purchase starts it over, as provisioning).
  if (purchase.status === 'failed' && ctx.app.fault('numbers.purchase.replay-retries-failed')) purchase.status = 'provisioning';
  // Fault: numbers.purchase.replay-action-required (a replay of a provisioning purchase asks for a 3DS action).
  if (purchase.status === 'provisioning' && ctx.app.fault('numbers.purchase.replay-action-required')) {
    return accepted({ ...purchaseCreatedView(purchase), status: 'action_required', action_url: `https://pay.reference.invalid/3ds/${purchase.id}` });
  }
  return purchaseAnswer(ctx, purchase);
}

export function registerPurchaseRoutes(app: App): void {
  app.route('POST', '/v4/channels/native/purchases', async (ctx) => {
    const org = orgOf(ctx);
    const key = ctx.header('idempotency-key');
    // The key under which the outcome is remembered (none without a key, or with the fault charging per request).
    const remembered = key && !ctx.app.fault('numbers.purchase.charge-per-request') ? key : undefined;
    const scope = `${org.id}|${callerId(ctx)}|POST /v4/channels/native/purchases`;
    // A replay answers the stored purchase before anything that depends on the organization's current state
    // (the feature switch, the line cap, the shared limit, the card): "replaying the same key returns the
    // same purchase" (section 4), even after that state changed.
    const stored = remembered === undefined ? undefined : await storedPurchase(ctx, scope, remembered);
    if (stored) return replayAnswer(ctx, stored);
    requirePurchaseFeature(ctx, org);
    if (!key && !ctx.app.fault('numbers.purchase.key-optional')) {
      throw httpError(ctx.app.fault('numbers.purchase.missing-key-409') ? 409 : 400, 'idempotency_key_required', 'The Idempotency-Key header is required');
    }
    const body = objectBody(ctx.body);
    const order = parseOrder(ctx, org, body);
    const effect = () => {
      if (planLines[order.plan] === 'shared' && hasSharedLine(org) && !ctx.app.fault('numbers.purchase.shared-limit-unchecked')) {
        throw httpError(409, 'shared_number_limit', 'The shared plan allows one line per organization');
      }
      return paymentUnchecked(ctx, org) ? asIfPaid(org, () => placeOrder(org, ctx.app.bus, order, key ?? '')) : placeOrder(org, ctx.app.bus, order, key ?? '');
    };
    if (remembered === undefined) return purchaseAnswer(ctx, effect());
    // run() still decides between concurrent first requests: one charge per key.
    const { value } = await ctx.app.idempotency.run(scope, remembered, effect);
    return purchaseAnswer(ctx, value);
  }, scoped(app.fault('numbers.purchase.needs-read-scope') ? 'numbers:read' : 'numbers:manage'));

  app.route('GET', '/v4/channels/native/purchases/:purchaseId', (ctx) => {
    const org = orgOf(ctx);
    requirePurchaseFeature(ctx, org);
    const id = ctx.params.purchaseId ?? '';
    if (!/^pur_[A-Za-z0-9]+$/.test(id)) throw httpError(400, 'invalid_purchase_id', 'purchaseId is not a purchase id', { purchase_id: id });
    const purchase = org.purchases.get(id);
    if (!purchase) throw notFound('Purchase');
    const view = purchasePollView(purchase, true);
    // Fault: numbers.purchase.completed-without-allocations (a completed purchase lists no lines).
    if (ctx.app.fault('numbers.purchase.completed-without-allocations') && view.status === 'completed') delete view.allocations;
    // Fault: numbers.purchase.poll-unwrapped (the bare purchase).
    return ctx.app.fault('numbers.purchase.poll-unwrapped') ? json(200, view) : ok(view);
    // Fault: auth.purchase-poll-unscoped (any app token polls a purchase; an unknown one is still 404).
  }, app.fault('auth.purchase-poll-unscoped') ? either : scoped('numbers:read'));
}
