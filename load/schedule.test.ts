import { describe, expect, it } from 'vitest';
import { globalIndex, intendedOffsetMs, parseShard, scheduledCount, shardConnections } from './schedule.js';
import { idempotencyKey } from './profiles/common.js';

describe('shard partitioning', () => {
  it('N shards cover the global schedule exactly once, each offering rate/N', () => {
    const rate = 300;
    const durationMs = 2000;
    const total = scheduledCount(rate, durationMs, { index: 0, count: 1 });
    expect(total).toBe(600);
    for (const count of [1, 2, 3, 7]) {
      const offsets: number[] = [];
      const indexes: number[] = [];
      for (let index = 0; index < count; index++) {
        const shard = { index, count };
        const n = scheduledCount(rate, durationMs, shard);
        // Each shard's share is rate/N within one request.
        expect(Math.abs(n - total / count)).toBeLessThanOrEqual(1);
        for (let k = 0; k < n; k++) {
          indexes.push(globalIndex(k, shard));
          offsets.push(intendedOffsetMs(k, rate, shard));
        }
      }
      expect(indexes.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, g) => g));
      // The union of the shards' intended starts is the single-process schedule.
      expect(offsets.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, g) => (g * 1000) / rate));
    }
  });

  it('idempotency keys of different shards never collide', () => {
    const keys = new Set<string>();
    for (let index = 0; index < 4; index++) for (let k = 0; k < 250; k++) keys.add(idempotencyKey('run1', globalIndex(k, { index, count: 4 })));
    expect(keys.size).toBe(1000);
  });

  it('splits connections evenly with at least one per shard', () => {
    expect([0, 1, 2].map((index) => shardConnections(10, { index, count: 3 }))).toEqual([4, 3, 3]);
    expect(shardConnections(2, { index: 4, count: 5 })).toBe(1);
  });

  it('parses i/N with 0-based i and rejects the rest', () => {
    expect(parseShard('0/3')).toEqual({ index: 0, count: 3 });
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['3/3', '1/0', '-1/2', 'a/b', '1', '1/2/3', '']) expect(() => parseShard(bad)).toThrow(/shard/);
  });
});
