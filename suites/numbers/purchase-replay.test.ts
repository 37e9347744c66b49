// Replaying a purchase (section 3 Number purchase: "charge is made once per idempotency key"; section 4:
// "replaying the same key returns the same purchase"). The control API's charge log tells how often the
// card was charged for each key. A replay may overlap the first request; an answer of 409 to a replay still
// in flight is accepted (the endpoint lists 409), as long as some answer carries the purchase.
import fc from 'fast-check';
import { check, type ApiResponse } from '../../harness/check/index.js';
import { buyingOrganization, charges, newIdempotencyKey, purchase, purchaseOf } from '../_shared/numbers.js';

const area = 'numbers';
const order = { plan: 'dedicated_com', quantity: 1 };

function purchaseIdOf(response: ApiResponse): string {
  return purchaseOf(response).purchase_id;
}

check(
  {
    area,
    name: 'replayed-key-returns-the-same-purchase-and-charges-once',
    title: 'for any number of keys each replayed any number of times, each key answers 202 with one purchase of its own and is charged once',
    clauses: ['purchases.create.replay-same-purchase', 'purchases.state.charge-once-per-key'],
    needs: ['createOrganization', 'listCharges'],
  },
  async (t) => {
    // Fault: numbers.purchase.charge-per-request.
    const fx = await buyingOrganization(t);
    const replaysPerKey = fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 });
    await t.assertProperty(
      fc.asyncProperty(replaysPerKey, async (counts) => {
        const ids: string[] = [];
        for (const count of counts) {
          const key = newIdempotencyKey();
          const answers: string[] = [];
          for (let i = 0; i <= count; i++) {
            const response = await purchase(fx.v4(), order, key);
            t.expect.hasStatus(response, 202);
            answers.push(purchaseIdOf(response));
          }
          t.expect.that(new Set(answers).size, `purchase ids answered to ${count + 1} requests with one key: ${answers.join(', ')}`).toBe(1);
          t.expect.that((await charges(fx, key)).length, 'charges made for one idempotency key').toBe(1);
          ids.push(answers[0] as string);
        }
        t.expect.that(new Set(ids).size, `purchases of ${ids.length} distinct keys: ${ids.join(', ')}`).toBe(ids.length);
      }),
      { numRuns: 4 },
    );
  },
);

check(
  {
    area,
    name: 'concurrent-replays-charge-once',
    title: 'the same purchase sent 4 times at once with one key yields one purchase (202, or 409 while in flight) and one charge',
    clauses: ['purchases.create.replay-same-purchase', 'purchases.state.charge-once-per-key'],
    needs: ['createOrganization', 'listCharges'],
  },
  async (t) => {
    // Fault: numbers.purchase.charge-per-request.
    const fx = await buyingOrganization(t);
    const key = newIdempotencyKey();
    const responses = await Promise.all(Array.from({ length: 4 }, () => purchase(fx.v4(), order, key)));
    for (const response of responses) t.expect.hasStatus(response, 202, 409);
    const ids = new Set(responses.filter((r) => r.status === 202).map(purchaseIdOf));
    t.expect.that(ids.size, `purchase ids answered to concurrent requests with one key: ${[...ids].join(', ')}`).toBe(1);
    t.expect.that((await charges(fx, key)).length, 'charges made for one idempotency key').toBe(1);
  },
);
