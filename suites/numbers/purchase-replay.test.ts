// Replaying a purchase (section 3 Number purchase: "charge is made once per idempotency key"; section 4:
// "replaying the same key returns the same purchase"). The answers tell whether a replay returned the same
// purchase; only the control API's charge log tells how often the card was charged for each key, so the charge
// is its own check. A replay may overlap the first request; an answer of 409 to a replay still in flight is
// accepted (the endpoint lists 409), as long as some answer carries the purchase.
import fc from 'fast-check';
import { check, type ApiResponse, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { buyingOrganization, charges, newIdempotencyKey, purchase, purchaseOf } from '../_shared/numbers.js';

const area = 'numbers';
const order = { plan: 'dedicated_com', quantity: 1 };

function purchaseIdOf(response: ApiResponse): string {
  return purchaseOf(response).purchase_id;
}

/** `count` + 1 requests with one fresh key, one after another: the key and the purchase ids answered. */
async function replayedInTurn(t: CheckContext, fx: Fixtures, count: number): Promise<{ key: string; ids: string[] }> {
  const key = newIdempotencyKey();
  const ids: string[] = [];
  for (let i = 0; i <= count; i++) {
    const response = await purchase(fx.v4(), order, key);
    t.expect.hasStatus(response, 202);
    ids.push(purchaseIdOf(response));
  }
  return { key, ids };
}

/** The same request sent 4 times at once with one fresh key: the key and the purchase ids of the 202 answers. */
async function replayedAtOnce(t: CheckContext, fx: Fixtures): Promise<{ key: string; ids: string[] }> {
  const key = newIdempotencyKey();
  const responses = await Promise.all(Array.from({ length: 4 }, () => purchase(fx.v4(), order, key)));
  for (const response of responses) t.expect.hasStatus(response, 202, 409);
  return { key, ids: responses.filter((r) => r.status === 202).map(purchaseIdOf) };
}

check(
  {
    area,
    name: 'replayed-key-returns-the-same-purchase',
    title: 'for any number of keys each replayed any number of times, each key answers 202 with one purchase of its own',
    clauses: ['purchases.create.replay-same-purchase'],
    needs: ['buying-organization'],
  },
  async (t) => {
    // Fault: numbers.purchase.charge-per-request.
    const fx = await buyingOrganization(t);
    const replaysPerKey = fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 });
    await t.assertProperty(
      fc.asyncProperty(replaysPerKey, async (counts) => {
        const firsts: string[] = [];
        for (const count of counts) {
          const { ids } = await replayedInTurn(t, fx, count);
          t.expect.that(new Set(ids).size, `purchase ids answered to ${count + 1} requests with one key: ${ids.join(', ')}`).toBe(1);
          firsts.push(ids[0] as string);
        }
        t.expect.that(new Set(firsts).size, `purchases of ${firsts.length} distinct keys: ${firsts.join(', ')}`).toBe(firsts.length);
      }),
      { numRuns: 4 },
    );
  },
);

check(
  {
    area,
    name: 'concurrent-replays-make-one-purchase',
    title: 'the same purchase sent 4 times at once with one key yields one purchase (202, or 409 while in flight)',
    clauses: ['purchases.create.replay-same-purchase'],
    needs: ['buying-organization'],
  },
  async (t) => {
    // Fault: numbers.purchase.charge-per-request.
    const { ids } = await replayedAtOnce(t, await buyingOrganization(t));
    t.expect.that(new Set(ids).size, `purchase ids answered to concurrent requests with one key: ${[...new Set(ids)].join(', ')}`).toBe(1);
  },
);

check(
  {
    area,
    name: 'replays-of-one-key-are-charged-once',
    title: 'a key replayed one request after another, and a key sent 4 times at once, are each charged once (the control API\'s charge log)',
    clauses: ['purchases.state.charge-once-per-key'],
    needs: ['buying-organization', 'listCharges'],
  },
  async (t) => {
    // Fault: numbers.purchase.charge-per-request. Charges are counted per key, so the configured organization
    // serves too where the control API shows its charges.
    const fx = await buyingOrganization(t);
    for (const { key } of [await replayedInTurn(t, fx, 2), await replayedAtOnce(t, fx)]) {
      t.expect.that((await charges(fx, key)).length, 'charges made for one idempotency key').toBe(1);
    }
  },
);
