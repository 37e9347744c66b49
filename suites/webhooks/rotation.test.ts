// v2 secret rotation (description sections 4 and 5): POST /webhooks/{webhookId}/secret/rotate replaces the
// signing secret and invalidates the old one at once: a delivery made after the rotation answered verifies
// with the new secret and not with the old. The rotation answer's fields are not shown; the new secret is
// read from `signing_secret` (the creation answer's name for it), else the check is not verifiable.
import { check, path } from '../../harness/check/index.js';
import { secrets } from '../../harness/http/mask.js';
import { fail, isRecord, shown } from '../_shared/b-common.js';
import { concerns, inbound } from '../_shared/c-events.js';
import { expectSignedWith, idOf, useHooks, verifiesWith, type Hooks, type Subscription } from '../_shared/c-webhooks.js';
import type { Fixtures } from '../../harness/check/index.js';

const area = 'webhooks';
const hooksOf = useHooks();

async function nextDelivery(hooks: Hooks, sub: Subscription, fx: Fixtures) {
  const sent = await inbound(fx, { protocol: 'imessage' });
  return hooks.waitForEvent(sub, 'message.received', concerns({ messageId: sent.message_id, eventIds: [] }));
}

check(
  {
    area,
    name: 'rotation-invalidates-the-old-secret-at-once',
    title: 'after v2 secret rotation, deliveries verify with the new secret only (and the new secret differs from the old)',
    clauses: ['v2.webhooks.rotate-invalidates-old', 'webhooks.signature.rotation-replaces-secret'],
    needs: ['control', 'v2'],
  },
  async (t) => {
    // Faults: events.rotation.old-secret-still-used, events.rotation.secret-unchanged.
    const fx = await t.fixtures();
    const hooks = await hooksOf(t);
    const sub = await hooks.subscribeV2(fx.v2(), 'all');
    expectSignedWith(await nextDelivery(hooks, sub, fx), sub.secret, 'the delivery before rotation');

    const rotated = await fx.v2().post(path`/webhooks/${idOf(t, sub)}/secret/rotate`);
    if (rotated.status < 200 || rotated.status > 299) fail('the rotation was refused', 'a 2xx', shown(rotated));
    const body = isRecord(rotated.body) ? rotated.body : {};
    const fresh = body.signing_secret ?? (isRecord(body.data) ? body.data.signing_secret : undefined);
    if (typeof fresh !== 'string' || fresh === '') return t.notVerifiable('the rotation answer carries no signing_secret (its fields are not shown), so the new secret is unknown');
    secrets.add(fresh);
    if (fresh === sub.secret) fail('rotation answered the same secret', 'a new signing secret', 'the old one');

    const after = await nextDelivery(hooks, sub, fx);
    if (verifiesWith(after, sub.secret)) fail('a delivery made after rotation still verifies with the old secret', 'the old secret invalidated at once', 'signed with the old secret');
    expectSignedWith(after, fresh, 'the delivery after rotation (with the new secret)');
  },
);
