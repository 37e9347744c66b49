// Deliveries arrive at least once and in no promised order (spec/AMBIGUITIES.md v4 58 and 67): against the
// reference whose every event type's deliveries are each sent twice and late at random (benign variant
// deliveries-reordered), ten whole certifications, each with its own seed, fail no check. A suite that
// paired a delivery with its trigger by arrival order failed `webhooks/flat-base-fields-follow-the-action` and the
// poll checks in about one run of two (issue 40).
// They run two at a time (the e2e project's maxConcurrency), as the mutants gate runs its full certifications of
// the benign variants, this one among them: each spends about a third of its time waiting for its late
// deliveries, and a second one fills the core it leaves idle.
import { describe, it } from 'vitest';
import { namedVariants } from '../../reference/variants.js';
import { certifyAgainstReference } from '../mutants/certify-run.js';

const runs = 10;

describe.concurrent('deliveries reordered and duplicated', () => {
  for (let run = 1; run <= runs; run++) {
    it(`certification ${run} of ${runs} fails no check`, async ({ expect }) => {
      const result = await certifyAgainstReference({ reference: { variant: namedVariants['deliveries-reordered'] }, only: [], seed: run, timeoutMs: 1_500_000 });
      expect(result.checks, result.outputTail).toBeDefined();
      expect((result.checks ?? []).filter((c) => c.outcome === 'failed').map((c) => `${c.id}: ${c.failure?.message ?? ''}`)).toEqual([]);
      expect(result.code, result.outputTail).toBe(0);
    }, 1_800_000);
  }
});
