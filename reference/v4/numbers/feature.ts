// The number purchase feature must be enabled for the organization.
import { httpError } from '../../server/errors.js';
import type { Ctx } from '../../server/types.js';
import type { Org } from '../../store/types.js';

export function requirePurchaseFeature(ctx: Ctx, org: Org): void {
  if (!org.plan.number_purchase_enabled && !ctx.app.fault('numbers.feature-check-skipped')) {
    throw httpError(403, 'feature_not_enabled', 'Number purchase is not enabled for this organization');
  }
}
