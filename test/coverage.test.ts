// The clause coverage gate (issue 6, item 5): `npm test` fails when a clause of spec/clauses.yaml is cited
// by no check of suites/ and is not marked `untestable` with a reason, or when a check cites an id that
// clauses.yaml does not define. The computation lives in reports/coverage.ts (shared with `mcs coverage`);
// this file only decides to gate on it.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadClauses } from '../spec/index.js';
import { coverageFromChecks, uncoveredClauses, unknownCitations } from '../results/coverage.js';
import { scanSuites, type ScannedCheck } from '../reports/coverage-scan.js';

const suites = fileURLToPath(new URL('../suites/', import.meta.url));

describe('clause coverage of the suites', () => {
  const clauses = loadClauses();
  let checks: ScannedCheck[] = [];
  beforeAll(async () => {
    checks = await scanSuites(suites);
  });

  it('cites every clause of clauses.yaml, or clauses.yaml says why none can (run `mcs coverage` for the list)', () => {
    const uncovered = uncoveredClauses(coverageFromChecks(clauses, checks)).map((clause) => clause.id);
    expect(uncovered, `${uncovered.length} uncovered clauses`).toEqual([]);
  });

  it('cites only clause ids that clauses.yaml defines', () => {
    expect(unknownCitations(clauses, checks)).toEqual([]);
  });
});
