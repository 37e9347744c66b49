// The self-verification gate (issue 4 item 5): every fault of the reference makes certify fail on the clauses
// it breaks, and every benign variant passes a full certify. Faults the suites cannot catch yet are listed in
// known-gaps.yaml with a reason; that list only shrinks (a listed fault that is caught fails this test until
// its line goes). `npm run mutants` prints the same run as a table with the true rates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFaults, listVariants } from './catalog.js';
import { faultProblem, loadKnownGaps, staleGaps, variantProblem } from './known-gaps.js';
import { runMutants, type MutantsReport } from './mutants.js';
import { rateLines } from './table.js';

const faultNames = (await listFaults()).map((f) => f.name);
const variantNames = listVariants().map((v) => v.name);
const gaps = loadKnownGaps();
let report: MutantsReport | undefined;

function resultOf<K extends 'faults' | 'variants'>(kind: K, name: string): MutantsReport[K][number] {
  const found = report?.[kind].find((r) => r.name === name);
  if (!found) throw new Error(`no result for ${name}: the self-verification run did not complete`);
  return found;
}

describe('self-verification against faulty and benign variants of the reference', () => {
  beforeAll(async () => {
    report = await runMutants();
  }, 300_000);

  afterAll(() => {
    if (report) process.stdout.write(`mutants: ${rateLines(report).join('; ')}\n`);
  });

  it('known-gaps.yaml names only faults of the reference', () => {
    expect(staleGaps(gaps, faultNames)).toEqual([]);
  });

  it.each(faultNames)('fault %s is caught on its clauses (or listed as a known gap and still missed)', (name) => {
    expect(faultProblem(resultOf('faults', name), gaps.has(name))).toBeUndefined();
  });

  it.each(variantNames)('benign variant %s passes a full certify', (name) => {
    expect(variantProblem(resultOf('variants', name))).toBeUndefined();
  });
});
