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
  return once(ctx, endpoint, key, run);
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
  if (first !== undefined && first !== fingerprint) {
    throw httpError(409, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request', {});
  }
  fingerprints.set(slot, fingerprint);
  try {
    const outcome = await ctx.app.idempotency.run(scope, key, run);
    return outcome.replayed ? { ...outcome.value, headers: { ...outcome.value.headers, 'idempotent-replayed': 'true' } } : outcome.value;
  } catch (error) {
    // A refused request leaves no trace, so the same key may be retried (with any body).
    if (first === undefined) fingerprints.delete(slot);
    throw error;
  }
}
