import { describe, expect, it } from 'vitest';
import { excludedReason } from '../../results/verdict.js';
import type { CheckCatalog, CollectedCheck } from './collect-checks.js';
import { narrowRun } from './narrow.js';

const declared = (area: string, name: string, file: string, clauses: string[]): CollectedCheck => ({ area, name, id: `${area}/${name}`, title: name, clauses, needs: [], file });

const catalog: CheckCatalog = {
  checks: [
    declared('contacts', 'merge-is-idempotent', 'suites/contacts/merge.test.ts', ['contacts.merge.idempotent-same-pair']),
    declared('contacts', 'merge-keeps-tags', 'suites/contacts/merge.test.ts', ['contacts.merge.tags']),
    declared('contacts', 'create-echoes', 'suites/contacts/create.test.ts', ['contacts.create.echo']),
    declared('auth', 'flat-401', 'suites/auth/flat.test.ts', ['errors.401.flat-credentials']),
  ],
  testsPerFile: { 'suites/contacts/merge.test.ts': 2, 'suites/contacts/create.test.ts': 1, 'suites/auth/flat.test.ts': 1 },
};

describe('narrowRun', () => {
  it('needs every file without --only', () => {
    expect(narrowRun(catalog, { only: [], skip: ['contacts'] })).toBeUndefined();
  });

  it('runs only the files holding a selected check, by check id, clause and area', () => {
    expect(narrowRun(catalog, { only: ['contacts/merge-keeps-tags'], skip: [] })?.files).toEqual(['suites/contacts/merge.test.ts']);
    expect(narrowRun(catalog, { only: ['errors.401'], skip: [] })?.files).toEqual(['suites/auth/flat.test.ts']);
    expect(narrowRun(catalog, { only: ['contacts'], skip: [] })?.files).toEqual(['suites/contacts/create.test.ts', 'suites/contacts/merge.test.ts']);
  });

  it("reports the checks of the files left out excluded, as a run of their file would, and a run file's own checks not at all", () => {
    const narrowed = narrowRun(catalog, { only: ['contacts.create'], skip: [] });
    expect(narrowed?.excluded.map((check) => check.id)).toEqual(['contacts/merge-is-idempotent', 'contacts/merge-keeps-tags', 'auth/flat-401']);
    expect(narrowed?.excluded[0]).toEqual({ id: 'contacts/merge-is-idempotent', area: 'contacts', title: 'merge-is-idempotent', clauses: ['contacts.merge.idempotent-same-pair'], durationMs: 0, exchanges: [], outcome: 'skipped', reason: excludedReason });
  });

  it('always runs a file with a test the catalog has no declaration for (no selection excludes it)', () => {
    const withPlainTest = { ...catalog, testsPerFile: { ...catalog.testsPerFile, 'suites/auth/flat.test.ts': 2 } };
    expect(narrowRun(withPlainTest, { only: ['contacts.create'], skip: [] })?.files).toEqual(['suites/auth/flat.test.ts', 'suites/contacts/create.test.ts']);
  });

  it('needs every file when the selection selects nothing the catalog knows (each check then reports itself excluded)', () => {
    expect(narrowRun(catalog, { only: ['numbers'], skip: [] })).toBeUndefined();
  });
});
