// "Ids are prefixed and globally unique" (section 2) for the v4 envelope's `id`: two events carry two ids. The
// judge of every delivery (harness/oracle/event-ids.ts) refuses, in any check, an id an earlier delivery carried
// with another event; this check makes two events of one type through the public API alone (two merges), where
// an id kept per type shows.
import { check, isNothingArrived } from '../../harness/check/index.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { fail } from '../_shared/common.js';
import { concerns, messagingTriggers } from '../_shared/events.js';
import { bodyOf, useHooks } from '../_shared/webhooks.js';

const area = 'webhooks';
const hooksOf = useHooks();
const merge = messagingTriggers['contact.merged']!;

/** The type and data of a delivery, as one text: two deliveries of one event read alike (key order aside). */
const eventOf = (delivery: Delivery): string => JSON.stringify([bodyOf(delivery).type, bodyOf(delivery).data]);

// Fault: events.v4.id-per-type.
check(
  {
    area,
    name: 'envelope-ids-name-one-event',
    title: 'two merges reach a v4 subscription as two contact.merged events with two envelope ids',
    clauses: ['ids.prefix.globally-unique'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    const [first, second] = [await merge(fx), await merge(fx)];
    const one = await hooks.waitForEvent(sub, 'contact.merged', concerns(first));
    // The second merge's event: a delivery of other data (a duplicate of the first event may carry its id again).
    let other: Delivery;
    try {
      other = await hooks.waitForEvent(sub, 'contact.merged', (delivery) => concerns(second)(delivery) && eventOf(delivery) !== eventOf(one));
    } catch (error) {
      if (!isNothingArrived(error)) throw error;
      return t.notVerifiable("the two merges' contact.merged events could not be told apart: their payloads read alike (the event's fields are not shown)");
    }
    const [a, b] = [bodyOf(one).id, bodyOf(other).id];
    if (a === b) fail('two contact.merged events carry one envelope id', 'a distinct id for each event', `${String(a)} on both`);
  },
);
