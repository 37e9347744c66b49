// POST /channels/native/purchases and its refusals (section 3, Number purchase; section 4; section 7; section
// 8): 202 with provisioning or action_required (+ action_url), invalid_plan for anything but the five plan
// ids, line_limit_exceeded above the per-order cap, shared_number_limit, no_payment_method, payment_failed,
// Idempotency-Key required, and the polled purchase. Every check buys in a sandbox organization of its own, or,
// without a control API, in the configured one where its stated plan lets it buy (need `buying-organization`).
import fc from 'fast-check';
import { check, path, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { buyingOrganization, chargesSeen, expectNoChargeSince, isConfigured, planIds, pollPurchase, purchase, purchaseOf } from '../_shared/numbers.js';
import { useHooks } from '../_shared/webhooks.js';

const area = 'numbers';
const hooksOf = useHooks();

// Caught by: any fault that breaks the 202 body (schema); `numbers.purchase.sca-no-action-url` for its sibling; numbers.purchase.created-201.
check(
  {
    area,
    name: 'purchase-accepted-202-provisioning',
    title: 'with a valid card a purchase answers 202 {data: {purchase_id, status: provisioning}}',
    clauses: ['purchases.create.accepted-202', 'purchases.state.accepted-provisioning', 'purchases.object.status-values', 'purchases.create.plan-ids'],
    needs: ['buying-organization'],
  },
  async (t) => {
    const fx = await buyingOrganization(t);
    for (const plan of ['dedicated_com', 'inbound_basic', 'shared_nc']) {
      const response = await purchase(fx.v4(), { plan, quantity: 1 });
      // A configured organization may hold its shared line already: a second one is refused (section 7), rightly.
      if (plan === 'shared_nc' && isConfigured(fx) && response.status === 409) {
        t.expect.hasErrorCode(response, 'shared_number_limit');
        continue;
      }
      t.expect.hasStatus(response, 202);
      const accepted = purchaseOf(response);
      t.expect.that(accepted.purchase_id.length, `purchase_id of a ${plan} purchase`).toBeGreaterThan(0);
      t.expect.that(accepted.status, `status of a ${plan} purchase paid by a valid card`).toBe('provisioning');
    }
  },
);

// Caught by: numbers.purchase.sca-no-action-url.
check(
  {
    area,
    name: 'purchase-needing-3ds-is-action-required',
    title: 'a card that needs 3DS/SCA gives 202 status action_required with an action_url, and number.purchase.action_required',
    clauses: ['purchases.state.sca-action-required', 'purchases.object.action-url-when-action-required', 'events.number-purchase-action-required.emitted'],
    needs: ['organization-requiring-3ds'],
  },
  async (t) => {
    const fx = await t.otherOrganization('organization-requiring-3ds');
    // The event is seen as a client sees it: a v4 subscription receives every event type (section 6). The
    // organization is this check's alone, so any such delivery is its purchase's (its payload is not shown).
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    const response = await purchase(fx.v4(), { plan: 'dedicated_com' });
    t.expect.hasStatus(response, 202);
    const accepted = purchaseOf(response);
    t.expect.that(accepted.status, 'status of a purchase whose card needs an action').toBe('action_required');
    t.expect.that(typeof accepted.action_url === 'string' && accepted.action_url.length > 0, `action_url is a non-empty string (got ${JSON.stringify(accepted.action_url)})`).toBe(true);
    await hooks.waitForEvent(sub, 'number.purchase.action_required');
  },
);

// Fault: numbers.purchase.tier-name-accepted.
check(
  {
    area,
    name: 'purchase-with-other-plan-gets-invalid-plan',
    title: 'for any plan that is not one of the five plan ids (tier names included), a purchase answers 400 invalid_plan',
    clauses: ['purchases.create.plan-ids', 'errors.400.invalid-plan'],
    needs: ['buying-organization'],
  },
  async (t) => {
    const fx = await buyingOrganization(t);
    // The tier names the description calls out are always tried; the property adds any other string.
    for (const tier of ['shared', 'dedicated', 'inbound']) {
      const response = await purchase(fx.v4(), { plan: tier });
      t.expect.errorShape(response, 400);
      t.expect.hasErrorCode(response, 'invalid_plan');
    }
    const notAPlan = fc.oneof(
      fc.constantFrom('dedicated', 'shared', 'inbound', 'DEDICATED_COM', 'Shared_NC', 'dedicated-com', 'enterprise'),
      fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !(planIds as readonly string[]).includes(s)),
    );
    await t.assertProperty(
      fc.asyncProperty(notAPlan, async (plan) => {
        const response = await purchase(fx.v4(), { plan });
        t.expect.errorShape(response, 400);
        t.expect.hasErrorCode(response, 'invalid_plan');
      }),
      { numRuns: 10 },
    );
  },
);

// Faults: numbers.purchase.no-line-cap, numbers.purchase.line-cap-off-by-one.
check(
  {
    area,
    name: 'purchase-above-line-cap-gets-line-limit-exceeded',
    title: 'an order of one line more than the per-order cap (default 10) answers 400 line_limit_exceeded; the cap itself is accepted',
    clauses: ['limits.purchase.lines-per-order-10', 'errors.400.line-limit-exceeded', 'purchases.create.quantity'],
    needs: ['buying-organization'],
  },
  async (t) => {
    const fx = await buyingOrganization(t);
    // A fresh organization has the default plan; a vendor's may not, so its cap must be stated.
    const cap = isConfigured(fx) ? fx.plan?.purchase_line_cap : (fx.plan?.purchase_line_cap ?? 10);
    if (cap === undefined) return t.notVerifiable("needs the organization's lines per order (the config file's fixtures.plan.purchase_line_cap)");
    const over = await purchase(fx.v4(), { plan: 'dedicated_com', quantity: cap + 1 });
    t.expect.errorShape(over, 400);
    t.expect.hasErrorCode(over, 'line_limit_exceeded');
    t.expect.hasStatus(await purchase(fx.v4(), { plan: 'dedicated_com', quantity: cap }), 202);
  },
);

// Faults: numbers.purchase.no-line-cap, numbers.purchase.line-cap-off-by-one.
check(
  {
    area,
    name: 'default-line-cap-is-10',
    title: 'with the default plan an order of 11 lines answers 400 line_limit_exceeded',
    clauses: ['limits.purchase.lines-per-order-10', 'errors.400.line-limit-exceeded'],
    needs: ['buying-organization'],
  },
  async (t) => {
    // A fresh organization has the default plan; a vendor's configured one must state that its cap is the default's.
    const fx = t.hasControl ? await t.freshOrganization({ with_channels: false, plan: { number_purchase_enabled: true, payment_method: 'valid' } }) : await buyingOrganization(t, { purchase_line_cap: 10 });
    const response = await purchase(fx.v4(), { plan: 'inbound_basic', quantity: 11 });
    t.expect.errorShape(response, 400);
    t.expect.hasErrorCode(response, 'line_limit_exceeded');
  },
);

// Caught by: numbers.purchase.shared-limit-unchecked.
check(
  {
    area,
    name: 'second-shared-line-gets-shared-number-limit',
    title: 'once the organization has its shared line, another shared purchase answers 409 shared_number_limit',
    clauses: ['limits.purchase.shared-plan-one-line', 'errors.409.shared-number-limit'],
    needs: ['buying-organization', 'held-shared-line'],
  },
  async (t) => {
    const fx = await organizationHoldingItsSharedLine(t);
    const second = await purchase(fx.v4(), { plan: 'shared_com' });
    t.expect.errorShape(second, 409);
    t.expect.hasErrorCode(second, 'shared_number_limit');
  },
);

/**
 * An organization that can buy and already holds its shared line (need `held-shared-line`): one of the check's
 * own that buys one, confirmed by the payment provider (control API: lines are provisioned on completion, so
 * the limit applies whether or not an order in flight counts); else the configured one, when it can buy and
 * the config names a native-shared line of it.
 */
async function organizationHoldingItsSharedLine(t: CheckContext): Promise<Fixtures> {
  const fx = await buyingOrganization(t);
  // The need was met by a native-shared line the config names.
  if (isConfigured(fx)) return fx;
  const first = await purchase(fx.v4(), { plan: 'shared_nc' });
  t.expect.hasStatus(first, 202);
  await fx.control().call('POST', path`/purchases/${purchaseOf(first).purchase_id}/confirm`);
  return fx;
}

// Fault: numbers.purchase.no-card-accepted.
check(
  {
    area,
    name: 'purchase-without-payment-method-gets-402',
    title: 'an organization without a saved payment method gets 402 no_payment_method',
    clauses: ['errors.402.no-payment-method'],
    needs: ['organization-without-payment-method'],
  },
  async (t) => {
    const fx = await t.otherOrganization('organization-without-payment-method');
    const response = await purchase(fx.v4(), { plan: 'dedicated_com' });
    t.expect.errorShape(response, 402);
    t.expect.hasErrorCode(response, 'no_payment_method');
  },
);

// Fault: numbers.purchase.declined-accepted.
check(
  {
    area,
    name: 'declined-card-gets-402-payment-failed',
    title: 'a declined card gets 402 payment_failed (and, where charges can be seen, no charge)',
    clauses: ['errors.402.payment-failed'],
    needs: ['organization-with-a-declining-card'],
  },
  async (t) => {
    const fx = await t.otherOrganization('organization-with-a-declining-card');
    const before = await chargesSeen(fx);
    const response = await purchase(fx.v4(), { plan: 'dedicated_com' });
    t.expect.errorShape(response, 402);
    t.expect.hasErrorCode(response, 'payment_failed');
    await expectNoChargeSince(t, fx, before, 'a declined card');
  },
);

// Caught by: numbers.purchase.key-optional.
check(
  {
    area,
    name: 'purchase-without-idempotency-key-is-refused',
    title: 'a purchase without the Idempotency-Key header is refused with 400 (the request error it lists), and where charges can be seen charges nothing',
    clauses: ['purchases.create.idempotency-key-required', 'idempotency.purchase.key-required'],
    needs: ['buying-organization'],
    // The refusal's status is not named: 400 is the endpoint's request error (402, 403 and 409 name other conditions).
    responses: 'schema',
  },
  async (t) => {
    const fx = await buyingOrganization(t);
    const before = await chargesSeen(fx);
    const response = await purchase(fx.v4(), { plan: 'dedicated_com' }, null);
    // Faults: numbers.purchase.key-optional, numbers.purchase.missing-key-409.
    t.expect.errorShape(response, 400);
    await expectNoChargeSince(t, fx, before, 'a refused purchase');
  },
);

// Caught by: a poll that answers another purchase or an unknown status (schema: NumberPurchase); numbers.purchase.poll-unwrapped.
check(
  {
    area,
    name: 'purchase-can-be-polled',
    title: 'GET /channels/native/purchases/{id} answers 200 {data: {purchase_id, status}} for the purchase, and 404 (or 400) for an unknown one',
    clauses: ['purchases.get.shape', 'purchases.object.status-values', 'purchases.state.polling-pending'],
    needs: ['buying-organization'],
  },
  async (t) => {
    const fx = await buyingOrganization(t);
    const bought = purchaseOf(await purchase(fx.v4(), { plan: 'dedicated_com' }));
    const polled = await pollPurchase(fx.v4(), bought.purchase_id);
    t.expect.hasStatus(polled, 200);
    t.expect.that(purchaseOf(polled).purchase_id, 'purchase_id of the polled purchase').toBe(bought.purchase_id);
    // With the control API nothing confirms the purchase; a vendor's payment provider may have done so already.
    const possible = isConfigured(fx) ? ['provisioning', 'pending', 'completed', 'failed'] : ['provisioning', 'pending'];
    t.expect.that(possible, 'status of the polled purchase').toContain(purchaseOf(polled).status);
    t.expect.errorShape(await pollPurchase(fx.v4(), `${bought.purchase_id}0unknown`), [404, 400]);
  },
);
