// The open model's arrival schedule and how shards split it. The global schedule at rate R sends
// request g at t0 + g/R. Shard i of N takes exactly the requests g ≡ i (mod N): its k-th request is
// g = k·N + i, intended at t0 + (k·N + i)/R. So N shards started at the same t0 reproduce the global
// schedule, each shard offers R/N, and keys derived from g never collide across shards.
import type { Shard } from './types.js';

export const WHOLE: Shard = { index: 0, count: 1 };

/** Global request index of a shard's k-th request. */
export function globalIndex(k: number, shard: Shard): number {
  return k * shard.count + shard.index;
}

/** Milliseconds after t0 at which a shard's k-th request is intended to start, at total rate R (req/s). */
export function intendedOffsetMs(k: number, totalRate: number, shard: Shard): number {
  return (globalIndex(k, shard) * 1000) / totalRate;
}

/** How many requests a shard's schedule holds within the duration (intended offsets in [0, duration)). */
export function scheduledCount(totalRate: number, durationMs: number, shard: Shard): number {
  const globalCount = Math.ceil((totalRate * durationMs) / 1000 - 1e-9);
  return Math.max(0, Math.ceil((globalCount - shard.index) / shard.count));
}

/** Parses "i/N" (0-based i, as Kubernetes' JOB_COMPLETION_INDEX). */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (m === null) throw new Error(`--shard must look like i/N with 0 <= i < N (got '${text}')`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index >= count) throw new Error(`--shard ${text}: need 0 <= i < N and N >= 1`);
  return { index, count };
}

/** Connections of a shard: an even split of the total, at least one. */
export function shardConnections(total: number, shard: Shard): number {
  return Math.max(1, Math.floor(total / shard.count) + (shard.index < total % shard.count ? 1 : 0));
}
