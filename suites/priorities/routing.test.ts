// Routing of sends (section 1 behaviours 1 and 2; section 4 Priorities): without `from`, a send walks the
// key's default priority tier by tier in ascending order, same-tier same-type channels form a sticky pool,
// and with no priority the key uses the implicit pool of the native numbers it owns; `from` pins the sender
// by E.164 number, alias or `ch_` id. Which channel carried a send is observed through the control API
// (listSentMessages), else as the send's answer names it (messaging.ts `carrier`). Each check has a key and
// lines of its own: made by the control API, or a key through POST /api-keys and the config's spare lines.
import { randomUUID } from 'node:crypto';
import { check, path } from '../../harness/check/index.js';
import { uniquePhone } from '../_shared/values.js';
import { fail } from '../_shared/common.js';
import { ownKey } from '../_shared/api-keys.js';
import { lineOfItsOwn } from '../_shared/spare-lines.js';
import { carrier, expectCarrier, sendMessage } from '../_shared/messaging.js';
import { createPriority, idOf, withChannels } from '../_shared/priorities.js';

const area = 'priorities';

check(
  {
    area,
    name: 'tiers-are-walked-in-ascending-order',
    title: 'a send without from goes out on the lowest tier of the default priority (whichever channel holds it)',
    clauses: ['routing.agnostic.priority-waterfall', 'priorities.pool.same-priority-and-type'],
    needs: ['fresh-key', 'spare-line'],
  },
  async (t) => {
    // Faults: messaging.routing.descending-tiers, messaging.routing.ignores-priority.
    const fx = await t.fixtures();
    const key = await ownKey(t, fx);
    const native = await lineOfItsOwn(t, fx, { owner: key });
    const sms = await lineOfItsOwn(t, fx, { owner: key, kind: 'sms_provider' });
    const priority = await createPriority(fx.v4(key), { name: 'mcs-waterfall', is_default: true, channels: [{ channel: native.id, tier: 1 }, { channel: sms.id, tier: 2 }] });
    expectCarrier(await sendMessage(fx, fx.v4(key), { to: uniquePhone(), text: 'tier one' }), native.id, 'native at tier 1, sms at tier 2');
    // The same channels with the tiers swapped: the waterfall follows the tier values, not the list order.
    const patched = await withChannels((json) => fx.v4(key).patch(path`/priorities/${idOf(priority)}`, { json }), { channels: [{ channel: native.id, tier: 7 }, { channel: sms.id, tier: 3 }] });
    t.expect.hasStatus(patched, 200);
    expectCarrier(await sendMessage(fx, fx.v4(key), { to: uniquePhone(), text: 'tier three' }), sms.id, 'native at tier 7, sms at tier 3');
  },
);

check(
  {
    area,
    name: 'same-tier-same-type-pool-is-sticky',
    title: 'a recipient keeps the pool member it got first: repeated sends to it use the same channel of a same-tier same-type pool',
    clauses: ['routing.agnostic.priority-waterfall', 'priorities.pool.same-priority-and-type'],
    needs: ['fresh-key', 'spare-line'],
  },
  async (t) => {
    // Fault: messaging.routing.not-sticky.
    const fx = await t.fixtures();
    const key = await ownKey(t, fx);
    const pool = [await lineOfItsOwn(t, fx, { owner: key, kind: 'sms_provider' }), await lineOfItsOwn(t, fx, { owner: key, kind: 'sms_provider' }), await lineOfItsOwn(t, fx, { owner: key, kind: 'sms_provider' })];
    await createPriority(fx.v4(key), { name: 'mcs-pool', is_default: true, channels: pool.map((c) => ({ channel: c.id, tier: 1 })) });
    const members = new Set(pool.map((c) => c.id));
    for (const recipient of [uniquePhone(), uniquePhone()]) {
      const used: string[] = [];
      for (let i = 0; i < 4; i++) used.push(carrier(await sendMessage(fx, fx.v4(key), { to: recipient, text: `send ${i}` }), 'a send to a pooled tier'));
      if (!used.every((id) => members.has(id))) fail('a send left the pool of the only tier', `one of ${[...members].join(', ')}`, used.join(', '));
      if (new Set(used).size !== 1) fail('repeated sends to one recipient moved between pool members', 'the same channel every time (sticky pool)', used.join(', '));
    }
  },
);

check(
  {
    area,
    name: 'no-priority-uses-owned-native-numbers',
    title: 'with no priority, sends go out on the native numbers the key owns, never on its other lines or others\' lines',
    clauses: ['routing.agnostic.implicit-native-pool', 'me.priority.null-means-implicit-pool'],
    needs: ['fresh-key', 'spare-line'],
  },
  async (t) => {
    // Fault: messaging.routing.ignores-priority.
    const fx = await t.fixtures();
    const key = await ownKey(t, fx);
    const natives = [await lineOfItsOwn(t, fx, { owner: key }), await lineOfItsOwn(t, fx, { owner: key })];
    await lineOfItsOwn(t, fx, { owner: key, kind: 'sms_provider' });
    const owned = new Set(natives.map((c) => c.id));
    for (let i = 0; i < 4; i++) {
      const used = carrier(await sendMessage(fx, fx.v4(key), { to: uniquePhone(), text: `implicit ${i}` }), 'a send with no priority');
      if (!owned.has(used)) fail('a send with no priority left the key\'s native numbers', `one of ${[...owned].join(', ')}`, used);
    }
  },
);

const pinForms = [
  { name: 'e164', label: 'its E.164 number', value: (c: { address: string }) => c.address },
  { name: 'alias', label: 'its alias', value: (c: { alias: string | null }) => c.alias ?? '' },
  { name: 'channel-id', label: 'its ch_ id', value: (c: { id: string }) => c.id },
] as const;

for (const form of pinForms) {
  check(
    {
      area,
      name: `from-pins-the-sender.${form.name}`,
      title: `a send with from set to ${form.label} goes out on that channel, not the routed one`,
      clauses: ['routing.from.pins-sender'],
      needs: ['fresh-key', 'spare-line'],
    },
    async (t) => {
      // Fault: messaging.from.ignored.
      const fx = await t.fixtures();
      const key = await ownKey(t, fx);
      const routed = await lineOfItsOwn(t, fx, { owner: key });
      const pinned = await lineOfItsOwn(t, fx, { owner: key, kind: 'sms_provider', alias: `mcs-${randomUUID().slice(0, 8)}` });
      const from = form.value(pinned);
      if (from === '') t.notVerifiable('the line was made without the alias asked for');
      // Without from the implicit pool answers `routed`; with from the pinned line must carry it.
      expectCarrier(await sendMessage(fx, fx.v4(key), { to: uniquePhone(), text: 'routed' }), routed.id, 'a send without from (implicit pool)');
      expectCarrier(await sendMessage(fx, fx.v4(key), { to: uniquePhone(), text: 'pinned', from }), pinned.id, `a send with from = ${from}`);
    },
  );
}
