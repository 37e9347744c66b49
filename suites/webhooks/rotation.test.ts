// v2 secret rotation (description sections 4 and 5): POST /webhooks/{webhookId}/secret/rotate replaces the
// signing secret and invalidates the old one at once. Two behaviours, one check each: a delivery made after
// the rotation answered no longer verifies with the old secret (judged without knowing the new one), and it
// verifies with the new secret the rotation answer shows. The rotation answer's fields are not shown: the new
// secret is whichever string of the answer verifies the next delivery, and without any string that could be
// one (none differs from the old secret) that half is not verifiable.
import fc from 'fast-check';
import { check, isNothingArrived, path, type ApiResponse, type CheckContext, type Fixtures, type Need } from '../../harness/check/index.js';
import { secrets } from '../../harness/http/mask.js';
import { fail, isRecord, shown, stringsIn } from '../_shared/common.js';
import { concerns, inbound, messagingTriggers, notEmittedOnItsOwn } from '../_shared/events.js';
import { isNotVerifiable } from '../../harness/fixtures/not-verifiable.js';
import type { Delivery } from '../../harness/webhooks/receiver.js';
import { expectSignedWith, idOf, useHooks, verifiesWith, type Hooks, type Subscription } from '../_shared/webhooks.js';

const area = 'webhooks';
const hooksOf = useHooks();
const needs: Need[] = ['v2'];

/** Where the check's deliveries come from, and how the next one is made and awaited. */
interface DeliverySource {
  fx: Fixtures;
  next(hooks: Hooks, sub: Subscription): Promise<Delivery>;
}

/**
 * The next delivery of the check's own, caused after the call, so signed after it: the message.received of a
 * customer's message it made; where no customer can be made to write in, the contact.merged of a merge in an
 * organization of its own (nothing else happens there); else the message.sent of a message the business
 * wrote first, which the target's carrier reports on its own (not verifiable where none comes).
 */
async function deliverySource(t: CheckContext): Promise<DeliverySource> {
  const shared = await t.fixtures();
  if (shared.controlOffers('simulateInboundMessage')) {
    return {
      fx: shared,
      next: async (hooks, sub) => {
        const sent = await inbound(shared, { protocol: 'imessage' });
        return hooks.waitForEvent(sub, 'message.received', concerns({ messageId: sent.message_id, eventIds: [] }));
      },
    };
  }
  const own = await t.freshOrganization().catch((error: unknown) => {
    if (isNotVerifiable(error)) return undefined;
    throw error;
  });
  if (own !== undefined) {
    return {
      fx: own,
      next: async (hooks, sub) => {
        const before = new Set(hooks.deliveriesTo(sub));
        await messagingTriggers['contact.merged']?.(own);
        return hooks.waitForEvent(sub, 'contact.merged', (delivery) => !before.has(delivery));
      },
    };
  }
  return {
    fx: shared,
    next: async (hooks, sub) => {
      const sent = await messagingTriggers['message.sent']!(shared);
      return hooks.waitForEvent(sub, 'message.sent', concerns(sent)).catch((error: unknown) => {
        if (sent.onItsOwn === undefined || !isNothingArrived(error)) throw error;
        return t.notVerifiable(notEmittedOnItsOwn('message.sent', hooks.timeoutMs, sent.onItsOwn));
      });
    },
  };
}

/** A v2 subscription whose deliveries verified with its creation secret, then rotated: the rotation answer. */
async function rotatedSubscription(t: CheckContext): Promise<{ source: DeliverySource; hooks: Hooks; sub: Subscription; rotated: ApiResponse }> {
  const source = await deliverySource(t);
  const hooks = await hooksOf(t);
  const sub = await hooks.subscribeV2(source.fx.v2(), 'all');
  expectSignedWith(await source.next(hooks, sub), sub.secret, 'the delivery before rotation');
  const rotated = await source.fx.v2().post(path`/webhooks/${idOf(t, sub)}/secret/rotate`);
  if (rotated.status < 200 || rotated.status > 299) fail('the rotation was refused', 'a 2xx', shown(rotated));
  return { source, hooks, sub, rotated };
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
    const { source, hooks, sub } = await rotatedSubscription(t);
    const after = await source.next(hooks, sub);
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
    const { source, hooks, sub, rotated } = await rotatedSubscription(t);
    const shownSecret = isRecord(rotated.body) ? (rotated.body.signing_secret ?? (isRecord(rotated.body.data) ? rotated.body.data.signing_secret : undefined)) : undefined;
    if (shownSecret === sub.secret) fail('rotation answered the same secret', 'a new signing secret', 'the old one');
    const candidates = [...new Set(stringsIn(rotated.body))].filter((s) => s !== '' && s !== sub.secret);
    if (candidates.length === 0) t.notVerifiable('the rotation answer shows no string other than the old secret (its fields are not shown), so the new secret is unknown');
    if (typeof shownSecret === 'string') secrets.add(shownSecret);
    const after = await source.next(hooks, sub);
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

/** The model of one subscription's secrets: the current one, and every one rotation replaced. */
interface Secrets {
  current: string;
  replaced: string[];
}

interface Rotating {
  t: CheckContext;
  source: DeliverySource;
  hooks: Hooks;
  sub: Subscription;
}

/** Rotates: the answer's signing_secret (its fields are not shown: a check that meets none is not verifiable) becomes current. */
class Rotate implements fc.AsyncCommand<Secrets, Rotating> {
  check(): boolean {
    return true;
  }
  async run(model: Secrets, real: Rotating): Promise<void> {
    const rotated = await real.source.fx.v2().post(path`/webhooks/${idOf(real.t, real.sub)}/secret/rotate`);
    if (rotated.status < 200 || rotated.status > 299) fail('the rotation was refused', 'a 2xx', shown(rotated));
    const body = isRecord(rotated.body) ? (isRecord(rotated.body.data) ? rotated.body.data : rotated.body) : {};
    const secret = body.signing_secret;
    if (typeof secret !== 'string' || secret === '') real.t.notVerifiable('the rotation answer names no signing_secret (its fields are not shown): the sequence cannot follow the secrets');
    secrets.add(secret);
    model.replaced.push(model.current);
    model.current = secret;
  }
  toString(): string {
    return 'rotate';
  }
}

/** A delivery made now verifies with the current secret and with none that rotation replaced. */
class Deliver implements fc.AsyncCommand<Secrets, Rotating> {
  check(): boolean {
    return true;
  }
  async run(model: Secrets, real: Rotating): Promise<void> {
    const delivery = await real.source.next(real.hooks, real.sub);
    const replaced = model.replaced.findIndex((old) => verifiesWith(delivery, old));
    if (replaced >= 0) fail(`a delivery after ${model.replaced.length} rotation(s) verifies with the secret rotation #${replaced + 1} replaced`, 'signed with the secret of the last rotation only', 'signed with a replaced secret');
    expectSignedWith(delivery, model.current, `the delivery after ${model.replaced.length} rotation(s) (with the last secret)`);
  }
  toString(): string {
    return 'deliver';
  }
}

check(
  {
    area,
    name: 'rotation-model',
    title: 'any sequence of rotations and deliveries: each delivery verifies with the secret the last rotation answered and with no secret rotation replaced',
    clauses: ['webhooks.signature.rotation-replaces-secret', 'v2.webhooks.rotate-invalidates-old'],
    needs,
    timeoutMs: 180_000,
  },
  async (t) => {
    // Faults: events.rotation.later-rotations-ignored, events.rotation.old-secret-still-used.
    const source = await deliverySource(t);
    const hooks = await hooksOf(t);
    const setUp = async () => {
      const sub = await hooks.subscribeV2(source.fx.v2(), 'all');
      return { model: { current: sub.secret, replaced: [] } as Secrets, real: { t, source, hooks, sub } };
    };
    // Runs end with a delivery: a sequence that ends rotating judged nothing after its last rotation.
    const commands = fc.commands([fc.constant(new Rotate()), fc.constant(new Deliver())], { maxCommands: 5 }).map((cmds) => [...cmds, new Deliver()]);
    await t.assertProperty(fc.asyncProperty(commands, (cmds) => fc.asyncModelRun(setUp, cmds)), { numRuns: 6 });
  },
);
