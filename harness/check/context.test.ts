import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckFailure } from '../checks/index.js';
import { NotVerifiable } from '../fixtures/not-verifiable.js';
import { CheckContext } from './context.js';
import type { McsTaskMeta, RunContext } from './meta.js';

function context(): CheckContext {
  const run = { seed: 1, runs: 5 } as unknown as RunContext;
  return new CheckContext(run, 'context.test.ts', {} as McsTaskMeta, expect);
}

describe('assertProperty', () => {
  it('passes a property that holds', async () => {
    await expect(context().assertProperty(fc.property(fc.integer(), () => true))).resolves.toBeUndefined();
  });

  it('turns a counterexample into a check failure naming seed and path', async () => {
    const failing = fc.property(fc.integer(), () => {
      throw new Error('broken');
    });
    await expect(context().assertProperty(failing)).rejects.toThrow(CheckFailure);
    await expect(context().assertProperty(failing)).rejects.toThrow(/seed 1, path .*broken/);
  });

  it('lets a run that cannot be verified end the check as not verifiable, not as failed', async () => {
    const unverifiable = fc.property(fc.integer(), () => {
      throw new NotVerifiable('the target refuses the seed data');
    });
    await expect(context().assertProperty(unverifiable)).rejects.toThrow(NotVerifiable);
  });

  it('reports a real failure even when shrinking ends on an input the target cannot verify', async () => {
    const mixed = fc.property(fc.integer({ min: 0, max: 100 }), (x) => {
      if (x >= 10) throw new Error(`wrong for ${x}`);
      if (x < 3) throw new NotVerifiable('small inputs are refused');
    });
    const run = { seed: 1, runs: 50 } as unknown as RunContext;
    await expect(new CheckContext(run, 'context.test.ts', {} as McsTaskMeta, expect).assertProperty(mixed)).rejects.toThrow(/wrong for \d+/);
  });
});

describe('afterwards', () => {
  it('runs every tidy-up once, last registered first, and a failing one does not stop the others', async () => {
    const t = context();
    const ran: string[] = [];
    t.afterwards(async () => void ran.push('first'));
    t.afterwards(() => Promise.reject(new Error('the target refused the deprecation')));
    t.afterwards(async () => void ran.push('last'));
    await t.tidyUp();
    await t.tidyUp();
    expect(ran).toEqual(['last', 'first']);
  });
});
