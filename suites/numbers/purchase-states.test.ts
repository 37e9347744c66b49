// Number purchase states (section 3): provisioning -> completed when the payment provider confirms (lines
// provisioned, number.purchase.completed), provisioning -> failed on a failure (number.purchase.failed).
// The control API plays the payment provider where it offers drivePurchase; a target's own provider (a
// vendor's sandbox) may confirm by itself, which the completion check then waits for, and fail a purchase by
// itself where the organization's card fails after acceptance, which the failure check waits for. Polling may
// report pending before the end.
import { setTimeout as sleep } from 'node:timers/promises';
import { path, check, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { buyingOrganization, failingPurchaseOrganization, pollPurchase, purchase, purchaseOf, type PurchaseAccepted } from '../_shared/numbers.js';
import { stringsIn } from '../_shared/common.js';
import { safeJson, useHooks, watchEmitted, type EmittedMatch } from '../_shared/webhooks.js';

const area = 'numbers';
const hooksOf = useHooks();
/** How long a purchase is given to complete where the target's own payment provider must confirm it. */
const ownProviderWaitMs = 15_000;

/** A purchase of one dedicated line, as first answered: provisioning. */
async function provisioning(t: CheckContext, fx: Fixtures): Promise<PurchaseAccepted> {
  const response = await purchase(fx.v4(), { plan: 'dedicated_com', quantity: 1 });
  t.expect.hasStatus(response, 202);
  const bought = purchaseOf(response);
  t.expect.that(bought.status, 'status of the purchase answer').toBe('provisioning');
  return bought;
}

/**
 * A `type` delivery is this purchase's when it names it: other checks buy in a shared organization, and the
 * payload is not shown.
 */
function namingPurchase(type: string, purchaseId: string): EmittedMatch {
  return {
    matches: (delivery) => stringsIn(safeJson(delivery)).includes(purchaseId),
    unattributed: (others) => `${others} ${type} deliveries arrived, none naming the purchase ${purchaseId} (the payload is not shown), so this purchase's cannot be told from other checks' purchases`,
  };
}

/** What the payment provider does to a purchase in provisioning (the control API's outcome), and the status it leads to. */
const moves = {
  confirm: { status: 'completed', other: 'failed', what: 'a completion', how: 'confirms' },
  fail: { status: 'failed', other: 'completed', what: 'a failure', how: 'fails' },
} as const;

/**
 * The purchase once its provider has acted: confirmed or failed through the control API where it offers
 * drivePurchase, else polled until the target's own provider does so (as the last answer when it never does in
 * time; not verifiable when the provider does the other).
 */
async function settled(t: CheckContext, fx: Fixtures, purchaseId: string, outcome: keyof typeof moves): Promise<PurchaseAccepted> {
  const move = moves[outcome];
  const driven = fx.controlOffers('drivePurchase');
  if (driven) await fx.control().call('POST', path`/purchases/${purchaseId}/${outcome}`);
  const until = Date.now() + (driven ? 0 : ownProviderWaitMs);
  for (;;) {
    const polled = await pollPurchase(fx.v4(), purchaseId);
    t.expect.hasStatus(polled, 200);
    const now = purchaseOf(polled);
    if (now.status === move.status || Date.now() >= until) return now;
    if (now.status === move.other) t.notVerifiable(`the target's own payment provider moved the purchase ${purchaseId} to ${move.other}; this check judges ${move.what} (the control operation drivePurchase ${move.how} one)`);
    await sleep(250);
  }
}

// Fault: numbers.purchase.outcome-not-emitted (a confirmation that emits nothing); a completion without
// allocations is caught by the schema.
check(
  {
    area,
    name: 'confirmed-purchase-completes-with-allocations',
    title: 'after the provider confirms (the control API, or the target\'s own), polling reports completed with allocations, and number.purchase.completed is emitted',
    clauses: ['purchases.state.provisioning-completed', 'purchases.object.allocations-on-completion', 'events.number-purchase-completed.emitted', 'purchases.get.shape'],
    needs: ['buying-organization'],
  },
  async (t) => {
    const fx = await buyingOrganization(t);
    const emitted = await watchEmitted(t, fx, hooksOf, 'number.purchase.completed');
    const bought = await provisioning(t, fx);
    const done = await settled(t, fx, bought.purchase_id, 'confirm');
    if (done.status !== 'completed' && !fx.controlOffers('drivePurchase')) {
      t.notVerifiable(`the purchase was still ${done.status} after ${ownProviderWaitMs / 1000} s: the target's payment provider did not confirm it on its own (the control operation drivePurchase confirms one)`);
    }
    t.expect.that(done.status, 'status of the purchase after provisioning').toBe('completed');
    t.expect.that(Array.isArray(done.allocations) && done.allocations.length >= 1, `allocations holds the provisioned line (got ${JSON.stringify(done.allocations)})`).toBe(true);
    await emitted(namingPurchase('number.purchase.completed', bought.purchase_id));
  },
);

// Fault: numbers.purchase.outcome-not-emitted (a failure that emits nothing), failed through the control API
// or by the provider of an organization whose card fails after acceptance.
check(
  {
    area,
    name: 'failed-provisioning-fails-the-purchase',
    title: 'after provisioning fails (through the control API, or by the target\'s own provider), polling reports failed, and number.purchase.failed is emitted',
    clauses: ['purchases.state.provisioning-failed', 'events.number-purchase-failed.emitted', 'purchases.object.status-values'],
    needs: ['organization-whose-purchases-fail'],
  },
  async (t) => {
    // A buying organization whose purchase drivePurchase fails, or one whose card fails after acceptance.
    const fx = await failingPurchaseOrganization(t);
    const emitted = await watchEmitted(t, fx, hooksOf, 'number.purchase.failed');
    const bought = await provisioning(t, fx);
    const done = await settled(t, fx, bought.purchase_id, 'fail');
    if (done.status !== 'failed' && !fx.controlOffers('drivePurchase')) {
      t.notVerifiable(
        `the purchase was still ${done.status} after ${ownProviderWaitMs / 1000} s: needs the control operation drivePurchase, or a sandbox whose payment provider fails a purchase of an organization whose card fails after acceptance (plan.payment_method: fails_after_acceptance) on its own`,
      );
    }
    t.expect.that(done.status, 'status of the purchase after provisioning failed').toBe('failed');
    await emitted(namingPurchase('number.purchase.failed', bought.purchase_id));
  },
);
