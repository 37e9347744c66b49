// Idempotent sends: one effect per (organization, caller, endpoint, Idempotency-Key), also under
// concurrent duplicates (app.idempotency stores the in-flight promise). A replay returns the first reply.
// Reusing a key with a different body is refused with 409 `idempotency_key_reused` (the channel send
// lists 409; what it is for is not shown).
import { createHash } from 'node:crypto';
import { callerId, orgOf } from '../server/caller.js';
import { httpError } from '../server/errors.js';
import type { Ctx, Reply } from '../server/types.js';
import { messagingState } from './state.js';

export function idempotent(ctx: Ctx, endpoint: string, run: () => Reply): Reply | Promise<Reply> {
  const key = ctx.header('idempotency-key');
  if (key === undefined || key === '' || ctx.app.fault('messaging.idempotency.ignored')) return run();
  // Fault: messaging.idempotency.thread-sends-ignored.
  if (endpoint.startsWith('POST /v4/c') && ctx.app.fault('messaging.idempotency.thread-sends-ignored')) return run();
  // Fault: messaging.idempotency.race.
  if (ctx.app.fault('messaging.idempotency.race')) return lookThenRecord(ctx, endpoint, key, run);
  return once(ctx, endpoint, key, run);
}

/** The race a check-then-act store has: the look-up and the record are a moment (a store's round trip) apart. */
async function lookThenRecord(ctx: Ctx, endpoint: string, key: string, run: () => Reply): Promise<Reply> {
  const scope = `${orgOf(ctx).id}|${callerId(ctx)}|${endpoint}`;
  const earlier = ctx.app.idempotency.peek(scope, key) as Promise<Reply> | undefined;
  if (earlier !== undefined) return earlier;
  await new Promise((resolve) => setTimeout(resolve, 30));
  const reply = run();
  await ctx.app.idempotency.run(scope, key, () => reply);
  return reply;
}

async function once(ctx: Ctx, endpoint: string, key: string, run: () => Reply): Promise<Reply> {
  const org = orgOf(ctx);
  const scope = `${org.id}|${callerId(ctx)}|${endpoint}`;
  const slot = `${scope}\u0000${key}`;
  // The slot names the endpoint with its channel or chat resolved, so a retry that spells the channel
  // another way (E.164, alias, ch_ id) is the same request: only the body tells requests apart.
  const fingerprint = createHash('sha256').update(ctx.rawBody).digest('hex');
  const fingerprints = messagingState(org).idempotencyFingerprints;
  const first = fingerprints.get(slot);
  // Fault: messaging.idempotency.reuse-sends-and-replays (the other body is sent, and the first reply answered).
  if (first !== undefined && first !== fingerprint && ctx.app.fault('messaging.idempotency.reuse-sends-and-replays')) {
    run();
    return (await ctx.app.idempotency.run(scope, key, run)).value;
  }
  // Variant idempotencyBodyIgnored: another body under a used key is answered like a replay.
  if (first !== undefined && first !== fingerprint && !ctx.app.variant.idempotencyBodyIgnored) {
    throw httpError(409, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request', {});
  }
  fingerprints.set(slot, fingerprint);
  try {
    const outcome = await ctx.app.idempotency.run(scope, key, run);
    if (!outcome.replayed) return outcome.value;
    // Fault: messaging.idempotency.replay-new-created-at (a replay answers the first message dated the moment of the replay).
    const body = outcome.value.body;
    const redated = ctx.app.fault('messaging.idempotency.replay-new-created-at') && typeof body === 'object' && body !== null && 'created_at' in body ? { ...body, created_at: org.now() + 1 } : body;
    return { ...outcome.value, body: redated, headers: { ...outcome.value.headers, 'idempotent-replayed': 'true' } };
  } catch (error) {
    // A refused request leaves no trace, so the same key may be retried (with any body).
    if (first === undefined) fingerprints.delete(slot);
    throw error;
  }
}
