import { describe, expect, it } from 'vitest';
import type { Clause } from '../../spec/index.js';
import { coverageFromChecks, coverageFromResults, formatCoverage, summarizeCoverage, uncoveredClauses, unknownCitations, worstOutcome } from '../../results/coverage.js';

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
