// Control API: driving purchases, and observing charges and emitted events.
import type { App } from '../server/app.js';
import { httpError } from '../server/errors.js';
import { ok } from '../server/reply.js';
import { completePurchase, failPurchase } from '../store/purchases.js';
import { controlOrg } from './check.js';

const opts = { auth: 'none', version: 'control' } as const;

export function registerObserveRoutes(app: App): void {
  app.route('POST', '/__control/organizations/:organizationId/purchases/:purchaseId/:outcome', (ctx) => {
    const org = controlOrg(ctx);
    const purchase = org.purchases.get(ctx.params.purchaseId ?? '');
    if (!purchase) throw httpError(404, 'not_found', 'Unknown purchase');
    const outcome = ctx.params.outcome;
    const emit = !ctx.app.fault('numbers.purchase.outcome-not-emitted');
    if (outcome === 'confirm') completePurchase(org, ctx.app.bus, purchase, emit);
    else if (outcome === 'fail') failPurchase(org, ctx.app.bus, purchase, emit);
    else throw httpError(404, 'not_found', 'outcome must be confirm or fail');
    return ok({ purchase_id: purchase.id, status: purchase.status });
  }, opts);

  app.route('GET', '/__control/organizations/:organizationId/charges', (ctx) => ok([...controlOrg(ctx).charges]), opts);

  app.route('GET', '/__control/organizations/:organizationId/events', (ctx) => {
    const org = controlOrg(ctx);
    const type = ctx.query.get('type') ?? undefined;
    return ok(ctx.app.bus.list(org, type).map((e) => ({ id: e.id, type: e.type, created_at: e.created_at, data: e.data })));
  }, opts);
}
