// One run of "make every event happen and collect what a subscription receives", shared by the checks of a
// suite file: the first check that asks runs it, the others judge the same deliveries. A type that never
// arrives is recorded as missing (the routing checks judge that), so that one lost event type does not
// fail every other check of the file.
import { carryBrokenAnswer, isNothingArrived, NotVerifiable, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { fail } from './common.js';
import { concerns, notEmittedOnItsOwn, type Triggered } from './events.js';
import { idsNamed, isCopyOf, type Hooks, type Subscription } from './webhooks.js';

export interface Collected {
  fx: Fixtures;
  hooks: Hooks;
  sub: Subscription;
  triggered: Map<string, Triggered>;
  /** Event type -> every delivery of it that concerns its trigger (copies of one delivery once). */
  arrived: Map<string, Delivery[]>;
  /** Event types triggered that did not arrive in time. */
  missing: string[];
  /** Event types the target could not be made to emit (a control operation it does not offer), with the reason. */
  untriggered?: Map<string, string>;
  /** Event types whose trigger failed on a step of another clause (events.ts TriggerRun.broken). */
  broken?: Map<string, unknown>;
}

export interface Collection {
  /** Event type -> every delivery of it that concerns its trigger (copies of one delivery once). */
  arrived: Map<string, Delivery[]>;
  missing: string[];
  /** Types left to the target's own progress that never arrived, with why they are not verifiable. */
  unmade: Map<string, string>;
}

/**
 * Waits, in parallel, for a delivery of each triggered type to `sub` that concerns its trigger (events.ts
 * concerns: by the ids the action knows, never by arrival order), then takes every such delivery that has arrived:
 * two that both concern it are both judged, a copy of one (delivery is at least once) once. Not judged on arrival:
 * the file's checks each judge the fields of their clauses (a field contradicting its action fails its own check only).
 */
export async function collect(hooks: Hooks, sub: Subscription, triggered: Map<string, Triggered>): Promise<Collection> {
  const arrived = new Map<string, Delivery[]>();
  const missing: string[] = [];
  const unmade = new Map<string, string>();
  await Promise.all(
    [...triggered].map(async ([type, trigger]) => {
      try {
        await hooks.waitForEvent(sub, type, concerns(trigger), { judge: false });
        arrived.set(type, concerning(hooks, sub, type, trigger));
      } catch (error) {
        if (!isNothingArrived(error)) throw error;
        if (trigger.onItsOwn === undefined) missing.push(type);
        else unmade.set(type, notEmittedOnItsOwn(type, hooks.timeoutMs, trigger.onItsOwn));
      }
    }),
  );
  return { arrived, missing: missing.sort(), unmade };
}

/** Every delivery of `type` to `sub` so far that concerns `trigger`, in arrival order, copies of one once. */
function concerning(hooks: Hooks, sub: Subscription, type: string, trigger: Triggered | undefined): Delivery[] {
  const distinct: Delivery[] = [];
  for (const delivery of hooks.deliveriesTo(sub, type).filter(concerns(trigger))) if (!distinct.some((seen) => isCopyOf(delivery, seen))) distinct.push(delivery);
  return distinct;
}

/**
 * `missing: a, b`, and for each missing type the deliveries of it that did arrive but name another action's ids
 * (what a vendor looks at first: a wrong id, not a lost event).
 */
export function describeMissing(hooks: Hooks, sub: Subscription, missing: readonly string[], triggered: ReadonlyMap<string, Triggered>): string {
  const strays = missing.flatMap((type) => {
    const others = hooks.deliveriesTo(sub, type).filter((delivery) => !concerns(triggered.get(type))(delivery));
    return others.length === 0 ? [] : [`${type} arrived naming another action's ids (${others.slice(0, 2).map(idsNamed).join(' / ')})`];
  });
  return `missing: ${missing.join(', ')}${strays.length === 0 ? '' : `; ${strays.join('; ')}`}`;
}

/**
 * Of several subscriptions' collections, a type left to the target that reached none of them was not made
 * (added to `untriggered`). One that reached some subscription was made: where it has not arrived yet (it may
 * have come while another subscription was waited for, or come later there), it gets a full wait before it
 * counts as lost.
 */
export async function settleUnmade(hooks: Hooks, collected: ReadonlyArray<Collection & { sub: Subscription }>, triggered: ReadonlyMap<string, Triggered>, untriggered: Map<string, string>): Promise<void> {
  for (const collection of collected) {
    for (const type of collection.unmade.keys()) {
      const late = concerning(hooks, collection.sub, type, triggered.get(type));
      if (late.length > 0) collection.arrived.set(type, late);
    }
  }
  await Promise.all(
    collected.flatMap((collection) =>
      [...collection.unmade]
        .filter(([type]) => !collection.arrived.has(type))
        .map(async ([type, reason]) => {
          if (!collected.some((other) => other.arrived.has(type))) return void untriggered.set(type, reason);
          try {
            await hooks.waitForEvent(collection.sub, type, concerns(triggered.get(type)), { judge: false });
            collection.arrived.set(type, concerning(hooks, collection.sub, type, triggered.get(type)));
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
 * on the loss) or could not be triggered for a failed step of another clause (the routing check names it). A
 * failure while judging still wins: the loop ends there.
 */
export function* arrivedOf(collected: Pick<Collected, 'arrived' | 'missing' | 'sub' | 'untriggered' | 'broken'>): Generator<[string, Delivery]> {
  const all = [...collected.arrived].flatMap(([type, deliveries]) => deliveries.map((delivery): [string, Delivery] => [type, delivery]));
  const [firstBroken, ...moreBroken] = [...(collected.broken ?? [])];
  if (all.length === 0 && collected.missing.length === 0 && firstBroken === undefined) throw new NotVerifiable(`no event could be triggered: ${[...(collected.untriggered?.values() ?? [])][0] ?? 'none asked for'}`);
  if (all.length === 0 && collected.missing.length === 0 && firstBroken !== undefined) throw new NotVerifiable(`no event could be triggered: ${brokenStep(firstBroken)}${moreBroken.length > 0 ? ` (and ${moreBroken.length} more)` : ''}`);
  if (all.length === 0) fail(`no delivery reached the ${collected.sub.api} subscription`, 'a delivery for each event triggered', `missing: ${collected.missing.join(', ')}`);
  yield* all;
  if (collected.missing.length > 0) {
    throw new NotVerifiable(`no delivery of ${collected.missing.join(', ')} reached the ${collected.sub.api} subscription, so those could not be judged (the routing checks judge the loss)`);
  }
}

/** `type (the failed step)` of a broken trigger, for a reason. */
export function brokenStep([type, failure]: [string, unknown]): string {
  return `${type}: ${failure instanceof Error ? failure.message : String(failure)}`;
}
