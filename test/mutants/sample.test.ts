import { describe, expect, it } from 'vitest';
import { gateScope, replayHint, sampleOf, scopeLine } from './sample.js';

const all = { faults: Array.from({ length: 228 }, (_, i) => `fault-${i}`), variants: Array.from({ length: 15 }, (_, i) => `variant-${i}`) };

describe('the sample of the mutants gate', () => {
  it('is the whole gate when asked for', () => {
    expect(gateScope({ MCS_MUTANTS_GATE: 'full' }, all)).toEqual({ kind: 'full' });
  });

  it('draws the same faults and variants from the same seed, and others from another', () => {
    const one = gateScope({ MCS_MUTANTS_SAMPLE_SEED: '42' }, all);
    expect(gateScope({ MCS_MUTANTS_SAMPLE_SEED: '42' }, all)).toEqual(one);
    const other = gateScope({ MCS_MUTANTS_SAMPLE_SEED: '43' }, all);
    if (one.kind !== 'sample' || other.kind !== 'sample') throw new Error('expected samples');
    expect(one.faults).toHaveLength(6);
    expect(one.variants).toHaveLength(1);
    expect(new Set(one.faults).size).toBe(6);
    expect(other.faults).not.toEqual(one.faults);
  });

  it('draws its seed when none is given, and prints how to replay it', () => {
    const scope = gateScope({}, all, () => 0.5);
    expect(scope).toMatchObject({ kind: 'sample', seed: 2 ** 30 });
    expect(replayHint(scope)).toBe(`MCS_MUTANTS_SAMPLE_SEED=${2 ** 30} npx vitest run test/mutants/mutants.test.ts`);
    expect(scopeLine(scope)).toContain('6/228 faults and 1/15 benign variants');
  });

  it('takes the sizes from the environment, never more than there are, and refuses a bad number', () => {
    expect(gateScope({ MCS_MUTANTS_SAMPLE_SEED: '1', MCS_MUTANTS_SAMPLE_FAULTS: '5', MCS_MUTANTS_SAMPLE_VARIANTS: '0' }, all)).toMatchObject({ faults: expect.any(Array), variants: [] });
    expect(sampleOf(['a', 'b'], 5, 1)).toEqual(['a', 'b']);
    expect(() => gateScope({ MCS_MUTANTS_SAMPLE_SEED: 'x' }, all)).toThrow(/MCS_MUTANTS_SAMPLE_SEED must be a non-negative integer/);
  });

  it('keeps the catalogue order, so a report reads as the full gate does', () => {
    const drawn = sampleOf(all.faults, 30, 7);
    expect(drawn).toEqual([...drawn].sort((a, b) => all.faults.indexOf(a) - all.faults.indexOf(b)));
  });
});
