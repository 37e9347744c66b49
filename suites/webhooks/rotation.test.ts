// v2 secret rotation (description sections 4 and 5): POST /webhooks/{webhookId}/secret/rotate replaces the
// signing secret and invalidates the old one at once. Two behaviours, one check each: a delivery made after
// the rotation answered no longer verifies with the old secret (judged without knowing the new one), and it
// verifies with the new secret the rotation answer shows. The rotation answer's fields are not shown: the new
// secret is whichever string of the answer verifies the next delivery, and without any string that could be
// one (none differs from the old secret) that half is not verifiable.
import { check, path, type ApiResponse, type CheckContext, type Fixtures, type Need } from '../../harness/check/index.js';
import { secrets } from '../../harness/http/mask.js';
import { fail, isRecord, shown, stringsIn } from '../_shared/common.js';
import { concerns, inbound, messagingTriggers } from '../_shared/events.js';
import { expectSignedWith, idOf, useHooks, verifiesWith, type Hooks, type Subscription } from '../_shared/webhooks.js';

const area = 'webhooks';
const hooksOf = useHooks();
const needs: Need[] = ['v2', 'delivery-of-its-own'];

/**
 * The next delivery of the check's own: the message.received of a customer's message it made, or, where no
 * customer can be made to write in, the contact.merged of a merge in an organization of its own (nothing else
 * happens there, so a delivery signed before the rotation cannot arrive after it).
 */
async function nextDelivery(hooks: Hooks, sub: Subscription, fx: Fixtures) {
  if (!fx.controlOffers('simulateInboundMessage')) {
    const before = new Set(hooks.deliveriesTo(sub));
    await messagingTriggers['contact.merged']?.(fx);
    return hooks.waitForEvent(sub, 'contact.merged', (delivery) => !before.has(delivery));
  }
  const sent = await inbound(fx, { protocol: 'imessage' });
  return hooks.waitForEvent(sub, 'message.received', concerns({ messageId: sent.message_id, eventIds: [] }));
}

/** A v2 subscription whose deliveries verified with its creation secret, then rotated: the rotation answer. */
async function rotatedSubscription(t: CheckContext): Promise<{ fx: Fixtures; hooks: Hooks; sub: Subscription; rotated: ApiResponse }> {
  const shared = await t.fixtures();
  const fx = shared.controlOffers('simulateInboundMessage') ? shared : await t.freshOrganization();
  const hooks = await hooksOf(t);
  const sub = await hooks.subscribeV2(fx.v2(), 'all');
  expectSignedWith(await nextDelivery(hooks, sub, fx), sub.secret, 'the delivery before rotation');
  const rotated = await fx.v2().post(path`/webhooks/${idOf(t, sub)}/secret/rotate`);
  if (rotated.status < 200 || rotated.status > 299) fail('the rotation was refused', 'a 2xx', shown(rotated));
  return { fx, hooks, sub, rotated };
}

check(
  {
    area,
    name: 'rotation-invalidates-the-old-secret-at-once',
    title: 'after v2 secret rotation answered, the next delivery no longer verifies with the old secret',
    clauses: ['v2.webhooks.rotate-invalidates-old'],
    needs,
  },
  async (t) => {
    // Faults: events.rotation.old-secret-still-used, events.rotation.secret-unchanged.
    const { fx, hooks, sub } = await rotatedSubscription(t);
    const after = await nextDelivery(hooks, sub, fx);
    if (verifiesWith(after, sub.secret)) fail('a delivery made after rotation still verifies with the old secret', 'the old secret invalidated at once', 'signed with the old secret');
  },
);

check(
  {
    area,
    name: 'rotation-signs-with-the-new-secret',
    title: 'v2 secret rotation answers a new secret, and the next delivery verifies with it',
    clauses: ['webhooks.signature.rotation-replaces-secret'],
    needs,
  },
  async (t) => {
    // Faults: events.rotation.secret-unchanged, events.rotation.old-secret-still-used.
    const { fx, hooks, sub, rotated } = await rotatedSubscription(t);
    const shownSecret = isRecord(rotated.body) ? (rotated.body.signing_secret ?? (isRecord(rotated.body.data) ? rotated.body.data.signing_secret : undefined)) : undefined;
    if (shownSecret === sub.secret) fail('rotation answered the same secret', 'a new signing secret', 'the old one');
    const candidates = [...new Set(stringsIn(rotated.body))].filter((s) => s !== '' && s !== sub.secret);
    if (candidates.length === 0) t.notVerifiable('the rotation answer shows no string other than the old secret (its fields are not shown), so the new secret is unknown');
    if (typeof shownSecret === 'string') secrets.add(shownSecret);
    const after = await nextDelivery(hooks, sub, fx);
    const fresh = candidates.find((candidate) => verifiesWith(after, candidate));
    if (fresh !== undefined) {
      secrets.add(fresh);
      return;
    }
    // A secret the answer names as such must verify; an answer without one may carry the secret under another name.
    if (typeof shownSecret === 'string') expectSignedWith(after, shownSecret, 'the delivery after rotation (with the new secret)');
    t.notVerifiable('no string of the rotation answer verifies the next delivery, and it names no signing_secret (its fields are not shown)');
  },
);
