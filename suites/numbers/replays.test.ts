// Replays and sequences compared with the original (issue 39 item 4), for purchases: "replaying the same key
// returns the same purchase", and a purchase moves only along section 3's table (provisioning, then completed
// or failed; polling may say pending). A replay may answer the purchase as it was first answered or as it now is
// (spec/AMBIGUITIES.md v4 62), never in a state it never had; a poll never goes back. The model walks the
// table with any sequence of purchases, replays, polls, confirmations and failures (the control API plays the
// payment provider), and polls every purchase after each step.
import fc from 'fast-check';
import { check, path, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { comparePurchase, type Finding, type Json } from '../../harness/views/index.js';
import { buyingOrganization, newIdempotencyKey, pollPurchase, purchase, purchaseOf } from '../_shared/numbers.js';
import { fail, shown } from '../_shared/common.js';
import { expectNoFindings } from '../_shared/views.js';

const area = 'numbers';
const order = { plan: 'dedicated_com', quantity: 1 };

interface Bought {
  key: string;
  id: string;
  /** The first answer. */
  first: Json;
  /** The last state a poll showed, or the move the provider made since. */
  last: string;
  /** What the provider was made to do (confirm: completed, fail: failed), once it was. */
  settled?: 'completed' | 'failed';
}

interface Model {
  bought: Bought[];
}

interface Real {
  t: CheckContext;
  fx: Fixtures;
}

/** POST with a fresh key: 202 provisioning (the organization's card is valid). */
async function buy(t: CheckContext, fx: Fixtures): Promise<Bought> {
  const key = newIdempotencyKey();
  const response = await purchase(fx.v4(), order, key);
  t.expect.hasStatus(response, 202);
  const first = purchaseOf(response) as unknown as Json;
  if (first.status !== 'provisioning') fail('a purchase paid by a valid card is not answered provisioning', 'status provisioning (payment accepted)', shown(response));
  return { key, id: String(first.purchase_id), first, last: 'provisioning' };
}

/** A replay of the purchase's key: the same purchase, in a state that follows its first answer. */
async function replay(real: Real, bought: Bought): Promise<Finding[]> {
  const response = await purchase(real.fx.v4(), order, bought.key);
  real.t.expect.hasStatus(response, 202);
  return comparePurchase(bought.first, purchaseOf(response) as unknown as Json, 'purchases.create.replay-same-purchase', ['the first answer', 'the replay']);
}

/** A poll: the same purchase, in the state the provider's moves determine, never behind the last one seen. */
async function poll(real: Real, bought: Bought): Promise<Finding[]> {
  const response = await pollPurchase(real.fx.v4(), bought.id);
  real.t.expect.hasStatus(response, 200);
  const polled = purchaseOf(response) as unknown as Json;
  const findings = comparePurchase({ purchase_id: bought.id, status: bought.last }, polled, 'purchases.state.transitions-only', [`the purchase last seen ${bought.last}`, 'the poll']);
  if (bought.settled !== undefined && polled.status !== bought.settled) {
    findings.push({ judge: 'replay', clause: 'purchases.state.transitions-only', field: 'status', expected: `${bought.settled} (the provider moved it so)`, actual: `the poll: ${JSON.stringify(polled.status)}`, exchange: response.exchange, views: ['the provider', 'the poll'] });
  }
  if (typeof polled.status === 'string' && findings.length === 0) bought.last = polled.status;
  return findings;
}

async function pollEvery(model: Model, real: Real, after: string): Promise<void> {
  for (const [i, bought] of model.bought.entries()) {
    const findings = await poll(real, bought);
    if (findings.length > 0) expectNoFindings(`Purchase (P${i}, after ${after})`, findings, 'getNativeNumberPurchase');
  }
}

class Buy implements fc.AsyncCommand<Model, Real> {
  check(model: Readonly<Model>): boolean {
    return model.bought.length < 3;
  }
  async run(model: Model, real: Real): Promise<void> {
    model.bought.push(await buy(real.t, real.fx));
    await pollEvery(model, real, this.toString());
  }
  toString(): string {
    return 'buy';
  }
}

/** The purchase a command names: one of those made, whichever the number (each run starts with one). */
const pick = (model: Readonly<Model>, index: number) => index % model.bought.length;

class Replay implements fc.AsyncCommand<Model, Real> {
  private chosen = 0;
  constructor(readonly index: number) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    this.chosen = pick(model, this.index);
    expectNoFindings(`Purchase (P${this.chosen})`, await replay(real, model.bought[this.chosen]!), 'purchaseNativeNumbers');
    await pollEvery(model, real, this.toString());
  }
  toString(): string {
    return `replay(P${this.chosen})`;
  }
}

/** The payment provider confirms the invoice, or provisioning fails (control API): only a provisioning purchase moves. */
class Settle implements fc.AsyncCommand<Model, Real> {
  private chosen = 0;
  constructor(
    readonly index: number,
    readonly outcome: 'confirm' | 'fail',
  ) {}
  check(model: Readonly<Model>): boolean {
    return model.bought[pick(model, this.index)]!.settled === undefined;
  }
  async run(model: Model, real: Real): Promise<void> {
    this.chosen = pick(model, this.index);
    const bought = model.bought[this.chosen]!;
    await real.fx.control().call('POST', path`/purchases/${bought.id}/${this.outcome}`);
    bought.settled = this.outcome === 'confirm' ? 'completed' : 'failed';
    bought.last = bought.settled;
    await pollEvery(model, real, this.toString());
  }
  toString(): string {
    return `${this.outcome}(P${this.chosen})`;
  }
}

// Faults: numbers.purchase.replay-action-required, numbers.purchase.replay-retries-failed.
check(
  {
    area,
    name: 'purchase-model',
    title: 'any sequence of purchases, replays, confirmations and failures: replays answer the same purchase in a state that follows the first, and polls never go back',
    // The sequence's own clause only: the replay, completion and failure clauses are verified by checks that need
    // no drivePurchase (a target whose control cannot drive a purchase still verifies them there).
    clauses: ['purchases.state.transitions-only'],
    needs: ['buying-organization', 'drivePurchase'],
    timeoutMs: 120_000,
  },
  async (t) => {
    const fx = await buyingOrganization(t);
    const real: Real = { t, fx };
    // Each run starts with one purchase, so that every command has one to act on.
    const setUp = async () => ({ model: { bought: [await buy(t, fx)] } as Model, real });
    const index = fc.integer({ min: 0, max: 2 });
    const commands = fc.commands(
      [fc.constant(new Buy()), index.map((i) => new Replay(i)), fc.tuple(index, fc.constantFrom('confirm' as const, 'fail' as const)).map(([i, outcome]) => new Settle(i, outcome))],
      { maxCommands: 8 },
    );
    await t.assertProperty(fc.asyncProperty(commands, (cmds) => fc.asyncModelRun(setUp, cmds)), { numRuns: 8 });
  },
);

// Faults: numbers.purchase.replay-action-required, numbers.purchase.replay-retries-failed.
check(
  {
    area,
    name: 'purchase-replay-follows-the-original',
    title: 'a purchase replayed while provisioning, then once completed (or failed), answers the same purchase in a state that follows its first answer, and polls never go back',
    clauses: ['purchases.create.replay-same-purchase', 'purchases.state.transitions-only'],
    needs: ['buying-organization'],
  },
  async (t) => {
    const fx = await buyingOrganization(t);
    const real = { t, fx };
    const bought = await buy(t, fx);
    expectNoFindings('Purchase', await replay(real, bought), 'purchaseNativeNumbers');
    expectNoFindings('Purchase', await poll(real, bought), 'getNativeNumberPurchase');
    if (fx.controlOffers('drivePurchase')) {
      await fx.control().call('POST', path`/purchases/${bought.id}/confirm`);
      bought.settled = 'completed';
      bought.last = 'completed';
    }
    expectNoFindings('Purchase', await replay(real, bought), 'purchaseNativeNumbers');
    expectNoFindings('Purchase', await poll(real, bought), 'getNativeNumberPurchase');
    if (!fx.controlOffers('drivePurchase')) return;
    // A failed purchase stays failed: replaying its key does not start it over.
    const failed = await buy(t, fx);
    await fx.control().call('POST', path`/purchases/${failed.id}/fail`);
    failed.settled = 'failed';
    failed.last = 'failed';
    expectNoFindings('Purchase', await replay(real, failed), 'purchaseNativeNumbers');
    expectNoFindings('Purchase', await poll(real, failed), 'getNativeNumberPurchase');
  },
);
