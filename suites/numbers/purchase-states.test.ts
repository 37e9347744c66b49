// Number purchase states (section 3): provisioning -> completed when the payment provider confirms (lines
// provisioned, number.purchase.completed), provisioning -> failed on a failure (number.purchase.failed).
// The control API plays the payment provider; polling may report pending before the end.
import { path, check, type CheckContext } from '../../harness/check/index.js';
import { buyingOrganization, eventCount, pollPurchase, purchase, purchaseOf, type PurchaseAccepted } from '../_shared/numbers.js';

const area = 'numbers';

async function provisioning(t: CheckContext) {
  const fx = await buyingOrganization(t);
  const response = await purchase(fx.v4(), { plan: 'dedicated_com', quantity: 1 });
  t.expect.hasStatus(response, 202);
  const bought = purchaseOf(response);
  t.expect.that(bought.status, 'status of the purchase answer').toBe('provisioning');
  return { fx, bought };
}

// Fault: numbers.purchase.outcome-not-emitted (a confirmation that emits nothing); a completion without
// allocations is caught by the schema.
check(
  {
    area,
    name: 'confirmed-purchase-completes-with-allocations',
    title: 'after the provider confirms, polling reports completed with allocations, and number.purchase.completed is emitted',
    clauses: ['purchases.state.provisioning-completed', 'purchases.object.allocations-on-completion', 'events.number-purchase-completed.emitted', 'purchases.get.shape'],
    needs: ['createOrganization', 'drivePurchase', 'listEmittedEvents'],
  },
  async (t) => {
    const { fx, bought } = await provisioning(t);
    const before = await eventCount(fx, 'number.purchase.completed');
    await fx.control().call('POST', path`/purchases/${bought.purchase_id}/confirm`);
    const polled = await pollPurchase(fx.v4(), bought.purchase_id);
    t.expect.hasStatus(polled, 200);
    const done = purchaseOf(polled) as PurchaseAccepted;
    t.expect.that(done.status, 'status of the purchase after provisioning').toBe('completed');
    t.expect.that(Array.isArray(done.allocations) && done.allocations.length >= 1, `allocations holds the provisioned line (got ${JSON.stringify(done.allocations)})`).toBe(true);
    t.expect.that(await eventCount(fx, 'number.purchase.completed'), 'number.purchase.completed events').toBe(before + 1);
  },
);

// Fault: numbers.purchase.outcome-not-emitted (a failure that emits nothing).
check(
  {
    area,
    name: 'failed-provisioning-fails-the-purchase',
    title: 'after provisioning fails, polling reports failed, and number.purchase.failed is emitted',
    clauses: ['purchases.state.provisioning-failed', 'events.number-purchase-failed.emitted', 'purchases.object.status-values'],
    needs: ['createOrganization', 'drivePurchase', 'listEmittedEvents'],
  },
  async (t) => {
    const { fx, bought } = await provisioning(t);
    const before = await eventCount(fx, 'number.purchase.failed');
    await fx.control().call('POST', path`/purchases/${bought.purchase_id}/fail`);
    const polled = await pollPurchase(fx.v4(), bought.purchase_id);
    t.expect.hasStatus(polled, 200);
    t.expect.that(purchaseOf(polled).status, 'status of the purchase after provisioning failed').toBe('failed');
    t.expect.that(await eventCount(fx, 'number.purchase.failed'), 'number.purchase.failed events').toBe(before + 1);
  },
);
