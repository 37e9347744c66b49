// Ten config-only certifications of the correct reference (keys only, channels without owners, the full config,
// in turn): checks sharing the vendor's one organization must never disturb each other into a failure. Too slow
// for `npm test`; CI runs it (`npm run test:field`, .ci/run).
import { describe, expect, it } from 'vitest';
import { certifyVendor, failuresOf, type VendorFixtures } from '../support/vendor-target.js';
import { timeLimit } from '../support/pace.js';

const kinds: VendorFixtures[] = ['keys-only', 'no-owners', 'full'];

describe('repeated config-only certification of the reference', () => {
  for (let run = 0; run < 10; run++) {
    const fixtures = kinds[run % kinds.length] ?? 'full';
    it(`run ${run + 1} (${fixtures}) fails no check`, async () => {
      expect(failuresOf(await certifyVendor(fixtures, { seed: 1_000 + run }))).toEqual([]);
    }, timeLimit({ certifications: 1 }));
  }
});
