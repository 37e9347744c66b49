// One run of "make every event happen and collect what a subscription receives", shared by the checks of a
// suite file: the first check that asks runs it, the others judge the same deliveries. A type that never
// arrives is recorded as missing (the routing checks judge that), so that one lost event type does not
// fail every other check of the file.
import { carryBrokenAnswer, isNothingArrived, NotVerifiable, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { fail } from './common.js';
import { concerns, notEmittedOnItsOwn, type Triggered } from './events.js';
import type { Hooks, Subscription } from './webhooks.js';

export interface Collected {
  fx: Fixtures;
  hooks: Hooks;
  sub: Subscription;
  triggered: Map<string, Triggered>;
  /** Event type -> the first delivery of it that concerns its trigger. */
  arrived: Map<string, Delivery>;
  /** Event types triggered that did not arrive in time. */
  missing: string[];
  /** Event types the target could not be made to emit (a control operation it does not offer), with the reason. */
  untriggered?: Map<string, string>;
}

export interface Collection {
  arrived: Map<string, Delivery>;
  missing: string[];
  /** Types left to the target's own progress that never arrived, with why they are not verifiable. */
  unmade: Map<string, string>;
}

/**
 * Waits, in parallel, for one delivery of each triggered type to `sub`. Not judged on arrival: the file's
 * checks each judge the fields of their clauses (a field contradicting its action fails its own check only).
 */
export async function collect(hooks: Hooks, sub: Subscription, triggered: Map<string, Triggered>): Promise<Collection> {
  const arrived = new Map<string, Delivery>();
  const missing: string[] = [];
  const unmade = new Map<string, string>();
  await Promise.all(
    [...triggered].map(async ([type, trigger]) => {
      try {
        arrived.set(type, await hooks.waitForEvent(sub, type, concerns(trigger), { judge: false }));
      } catch (error) {
        if (!isNothingArrived(error)) throw error;
        if (trigger.onItsOwn === undefined) missing.push(type);
        else unmade.set(type, notEmittedOnItsOwn(type, hooks.timeoutMs, trigger.onItsOwn));
      }
    }),
  );
  return { arrived, missing: missing.sort(), unmade };
}

/**
 * Of several subscriptions' collections, a type left to the target that reached none of them was not made
 * (added to `untriggered`). One that reached some subscription was made: where it has not arrived yet (it may
 * have come while another subscription was waited for, or come later there), it gets a full wait before it
 * counts as lost.
 */
export async function settleUnmade(hooks: Hooks, collected: ReadonlyArray<Collection & { sub: Subscription }>, triggered: ReadonlyMap<string, Triggered>, untriggered: Map<string, string>): Promise<void> {
  const arrivedLate = (sub: Subscription, type: string) => hooks.deliveriesTo(sub, type).find(concerns(triggered.get(type)));
  for (const collection of collected) {
    for (const type of collection.unmade.keys()) {
      const late = arrivedLate(collection.sub, type);
      if (late !== undefined) collection.arrived.set(type, late);
    }
  }
  await Promise.all(
    collected.flatMap((collection) =>
      [...collection.unmade]
        .filter(([type]) => !collection.arrived.has(type))
        .map(async ([type, reason]) => {
          if (!collected.some((other) => other.arrived.has(type))) return void untriggered.set(type, reason);
          try {
            collection.arrived.set(type, await hooks.waitForEvent(collection.sub, type, concerns(triggered.get(type)), { judge: false }));
          } catch (error) {
            if (!isNothingArrived(error)) throw error;
            collection.missing = [...collection.missing, type].sort();
          }
        }),
    ),
  );
  for (const collection of collected) collection.unmade.clear();
}

/**
 * A memo of one scenario per file (module level): `const scenario = shared(async (t) => ...)`. A scenario that
 * failed on a broken answer is an error for every check awaiting it, as for the one that ran it.
 */
export function shared<T>(run: (t: CheckContext) => Promise<T>): (t: CheckContext) => Promise<T> {
  let started: Promise<T> | undefined;
  return (t) => {
    started ??= run(t).catch((error: unknown) => {
      throw carryBrokenAnswer(error);
    });
    return started;
  };
}

/**
 * The deliveries that arrived, to judge one by one: not verifiable when nothing could be triggered, failing
 * when nothing triggered arrived (then nothing can be judged), and, once every arrived one was judged, not
 * verifiable when some types never arrived (their deliveries could not be judged; the routing checks fail
 * on the loss). A failure while judging still wins: the loop ends there.
 */
export function* arrivedOf(collected: Pick<Collected, 'arrived' | 'missing' | 'sub' | 'untriggered'>): Generator<[string, Delivery]> {
  const all = [...collected.arrived];
  if (all.length === 0 && collected.missing.length === 0) throw new NotVerifiable(`no event could be triggered: ${[...(collected.untriggered?.values() ?? [])][0] ?? 'none asked for'}`);
  if (all.length === 0) fail(`no delivery reached the ${collected.sub.api} subscription`, 'a delivery for each event triggered', `missing: ${collected.missing.join(', ')}`);
  yield* all;
  if (collected.missing.length > 0) {
    throw new NotVerifiable(`no delivery of ${collected.missing.join(', ')} reached the ${collected.sub.api} subscription, so those could not be judged (the routing checks judge the loss)`);
  }
}
