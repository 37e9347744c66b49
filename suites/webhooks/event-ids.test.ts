// "Ids are prefixed and globally unique" (section 2) for the v4 envelope's `id`: two events carry two ids. The
// judge of every delivery (harness/oracle/event-ids.ts) refuses, in any check, an id an earlier delivery carried
// with another event; this check makes two events of one type, where an id kept per type or per chat shows.
import { check } from '../../harness/check/index.js';
import { fail, isRecord } from '../_shared/common.js';
import { inbound } from '../_shared/events.js';
import { bodyOf, useHooks } from '../_shared/webhooks.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';

const area = 'webhooks';
const hooksOf = useHooks();

/** A message.received delivery naming `messageId` in its data. */
const naming = (messageId: string) => (delivery: Delivery): boolean => {
  const data = bodyOf(delivery).data;
  return isRecord(data) && data.message_id === messageId;
};

// Fault: events.v4.id-per-type.
check(
  {
    area,
    name: 'envelope-ids-name-one-event',
    title: 'two inbound messages reach a v4 subscription as two message.received events with two envelope ids',
    clauses: ['ids.prefix.globally-unique'],
    needs: ['simulateInboundMessage'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV4(fx.v4());
    const first = await inbound(fx, { text: 'first of two' });
    const second = await inbound(fx, { text: 'second of two' });
    const one = bodyOf(await hooks.waitForEvent(sub, 'message.received', naming(first.message_id)));
    const other = bodyOf(await hooks.waitForEvent(sub, 'message.received', naming(second.message_id)));
    if (one.id === other.id) fail('two message.received events carry one envelope id', 'a distinct id for each event', `${String(one.id)} on the events of ${first.message_id} and ${second.message_id}`);
  },
);
