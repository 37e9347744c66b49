// The clause coverage gate (issue 6, item 5): `npm test` fails when a clause of spec/clauses.yaml is cited
// by no check of suites/ and is not marked `untestable` with a reason, or when a check cites an id that
// clauses.yaml does not define. The computation lives in reports/coverage.ts (shared with `mcs coverage`);
// this file only decides to gate on it.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadClauses } from '../spec/index.js';
import { coverageFromChecks, uncoveredClauses, unknownCitations } from '../results/coverage.js';
import { collectChecks, type CollectedCheck } from '../harness/runner/collect-checks.js';
import { timeLimit } from './support/pace.js';

const suitesConfig = fileURLToPath(new URL('../suites/vitest.config.ts', import.meta.url));

describe('clause coverage of the suites', () => {
  const clauses = loadClauses();
  let checks: CollectedCheck[] = [];
  beforeAll(async () => {
    // What vitest collects (each check() declares its clauses at registration), as `mcs coverage` reads it.
    checks = await collectChecks({ config: suitesConfig });
  }, timeLimit({ mcsRuns: 2 })); // what `mcs coverage` does: import every suite file

  it('cites every clause of clauses.yaml, or clauses.yaml says why none can (run `mcs coverage` for the list)', () => {
    const uncovered = uncoveredClauses(coverageFromChecks(clauses, checks)).map((clause) => clause.id);
    expect(uncovered, `${uncovered.length} uncovered clauses`).toEqual([]);
  });

  it('cites only clause ids that clauses.yaml defines', () => {
    expect(unknownCitations(clauses, checks)).toEqual([]);
  });
});
