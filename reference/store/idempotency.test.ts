import { describe, expect, it } from 'vitest';
import { IdempotencyCache } from './idempotency.js';

describe('IdempotencyCache', () => {
  it('runs one effect for concurrent duplicates and replays it later', async () => {
    const cache = new IdempotencyCache();
    let effects = 0;
    const effect = async () => {
      effects += 1;
      await new Promise((r) => setTimeout(r, 5));
      return { id: effects };
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.run('org|key|POST /x', 'k1', effect)));
    expect(effects).toBe(1);
    expect(new Set(results.map((r) => r.value))).toEqual(new Set([results[0]!.value]));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await cache.run('org|key|POST /x', 'k1', effect)).replayed).toBe(true);
  });

  it('keeps scopes apart', async () => {
    const cache = new IdempotencyCache();
    const a = await cache.run('org1|k', 'same', () => 'a');
    const b = await cache.run('org2|k', 'same', () => 'b');
    expect([a.value, b.value]).toEqual(['a', 'b']);
  });

  it('forgets failures so that a retry runs again', async () => {
    const cache = new IdempotencyCache();
    await expect(cache.run('s', 'k', () => Promise.reject(new Error('declined')))).rejects.toThrow('declined');
    expect(await cache.run('s', 'k', () => 'ok')).toEqual({ value: 'ok', replayed: false });
  });
});
