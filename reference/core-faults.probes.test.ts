// Every CORE fault is real: its probe holds on the correct reference and fails with the fault switched on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreFaults } from './core-faults.js';
import { probes } from './core-faults.probes.js';
import { startHarness, type Harness } from './test-helpers.js';

let correct: Harness;
beforeAll(async () => {
  correct = await startHarness();
});
afterAll(() => correct.close());

describe('CORE fault probes', () => {
  it('cover every CORE fault', () => {
    expect(Object.keys(probes).sort()).toEqual(coreFaults.map((f) => f.name).sort());
  });

  for (const fault of coreFaults) {
    it(fault.name, async () => {
      const probe = probes[fault.name]!;
      expect(await probe(correct, await correct.newOrg()), 'correct reference').toBe(true);
      const faulty = await startHarness({ faults: [fault.name] });
      try {
        expect(await probe(faulty, await faulty.newOrg()), 'faulty reference').toBe(false);
      } finally {
        await faulty.close();
      }
    });
  }
});
