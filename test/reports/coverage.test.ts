import ts from 'typescript';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Clause } from '../../spec/index.js';
import { coverageFromChecks, coverageFromResults, formatCoverage, summarizeCoverage, uncoveredClauses, unknownCitations, worstOutcome } from '../../results/coverage.js';
import { scanSource, scanSuites } from '../../reports/coverage-scan.js';

const clause = (id: string, untestable?: string): Clause => ({ id, section: '4 Contacts', kind: 'behaviour', text: `text of ${id}`, needs_control: false, ...(untestable ? { untestable } : {}) });
const clauses = [clause('a.b.one'), clause('a.b.two'), clause('a.b.three', 'not observable'), clause('a.b.four', 'not observable')];

describe('coverage computation', () => {
  it('takes the worst outcome of the citing checks', () => {
    expect(worstOutcome(['passed', 'skipped', 'failed', 'not-verifiable'])).toBe('failed');
    expect(worstOutcome(['passed', 'skipped', 'not-verifiable'])).toBe('not-verifiable');
    expect(worstOutcome(['passed', 'skipped'])).toBe('skipped');
    expect(worstOutcome([])).toBeUndefined();
  });

  it('marks cited, uncovered and untestable clauses after a run', () => {
    const coverage = coverageFromResults(clauses, [
      { id: 'x/1', clauses: ['a.b.one'], outcome: 'passed' },
      { id: 'x/2', clauses: ['a.b.one', 'a.b.four'], outcome: 'failed' },
    ]);
    expect(coverage.map((c) => [c.id, c.result, c.checks])).toEqual([
      ['a.b.one', 'failed', ['x/1', 'x/2']],
      ['a.b.two', 'uncovered', []],
      ['a.b.three', 'untestable', []],
      // a check citing an untestable clause is reported, never hidden behind "untestable"
      ['a.b.four', 'failed', ['x/2']],
    ]);
    expect(coverage[2]?.reason).toBe('not observable');
    expect(uncoveredClauses(coverage).map((c) => c.id)).toEqual(['a.b.two']);
    expect(summarizeCoverage(coverage)).toEqual({ clauses: 4, covered: 2, uncovered: 1, untestable: 1 });
  });

  it('marks clauses covered statically, and finds citations of unknown ids', () => {
    const checks = [{ id: 'x/1', clauses: ['a.b.two', 'a.b.typo', 'a.b.two'] }];
    const coverage = coverageFromChecks(clauses, checks);
    expect(coverage.map((c) => c.result)).toEqual(['uncovered', 'covered', 'untestable', 'untestable']);
    expect(coverage[1]?.checks).toEqual(['x/1']);
    expect(unknownCitations(clauses, checks)).toEqual([{ check: 'x/1', clause: 'a.b.typo' }]);
    const text = formatCoverage(coverage, unknownCitations(clauses, checks));
    expect(text).toContain('a.b.one    UNCOVERED');
    expect(text).toContain('a.b.three  untestable     not observable');
    expect(text).toContain('uncovered (no check cites them and clauses.yaml gives no reason): a.b.one');
    expect(text).toContain('unknown clause ids cited: a.b.typo (by x/1)');
  });
});

describe('the static scan of check() metadata', () => {
  it('reads literals, constants, spreads, shorthand areas, templates and maps indexed at run time', () => {
    const source = `
      import { check } from '../../harness/check/index.js';
      const area = 'contacts';
      const merge = ['contacts.merge.request'] as const;
      const base = { area, clauses: [...merge, 'contacts.merge.returns-survivor'] };
      const clauseOf: Record<string, string> = { r: 'auth.scope.apikeys-read', m: 'auth.scope.apikeys-manage' };
      check({ area: 'contacts', name: 'merge-self', title: 't', clauses: ['errors.400.cannot-merge-self'] }, async () => {});
      check({ ...base, name: 'merge-returns-survivor', title: 't' }, async () => {});
      for (const op of ops) {
        check({ area, name: \`refused.\${op.id}\`, title: 't', clauses: [clauseOf[op.scope]] }, async () => {});
        check({ name: 'in-folder', title: 't', clauses: [computed(op)] }, async () => {});
      }
      notCheck({ area: 'x', name: 'y', clauses: ['z.z.z'] });
    `;
    const found = scanSource(ts, 'contacts/merge.test.ts', source);
    expect(found.map((c) => [c.id, c.clauses])).toEqual([
      ['contacts/merge-self', ['errors.400.cannot-merge-self']],
      ['contacts/merge-returns-survivor', ['contacts.merge.request', 'contacts.merge.returns-survivor']],
      ['contacts/refused.${op.id}', ['auth.scope.apikeys-read', 'auth.scope.apikeys-manage']],
      ['contacts/in-folder', []],
    ]);
    expect(found[2]?.approximated).toEqual(['clauseOf[op.scope]']);
    expect(found[3]?.unresolved).toEqual(['computed(op)']);
    expect(found[0]?.line).toBe(7);
  });

  it('scans every .ts file under a folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'mcs-scan-'));
    await mkdir(join(root, 'auth', 'deep'), { recursive: true });
    await writeFile(join(root, 'auth', 'a.test.ts'), `check({ area: 'auth', name: 'one', title: 't', clauses: ['auth.bearer.required'] }, async () => {});`);
    await writeFile(join(root, 'auth', 'deep', 'b.ts'), `check({ name: 'two', title: 't', clauses: ['auth.failure.flat-401'] }, async () => {});`);
    await writeFile(join(root, 'auth', 'types.d.ts'), `check({ name: 'ignored', clauses: ['x.y.z'] });`);
    const found = await scanSuites(root);
    expect(found.map((c) => [c.file, c.id, c.clauses])).toEqual([
      ['auth/a.test.ts', 'auth/one', ['auth.bearer.required']],
      ['auth/deep/b.ts', 'auth/two', ['auth.failure.flat-401']],
    ]);
    expect(await scanSuites(join(root, 'missing'))).toEqual([]);
  });
});
