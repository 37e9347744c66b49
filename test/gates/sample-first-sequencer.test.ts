import { describe, expect, it } from 'vitest';
import { isSampleOfAGate, shuffled } from './sample-first-sequencer.js';

describe('npm test’s file order', () => {
  it('names the sampled files of the gates, and no other', () => {
    expect(isSampleOfAGate('/repo/test/vendor/vendor-certify.e2e.ts')).toBe(true);
    expect(isSampleOfAGate('/repo/test/mutants/mutants.test.ts')).toBe(true);
    expect(isSampleOfAGate('/repo/test/mutants/sample.test.ts')).toBe(false);
    expect(isSampleOfAGate('/repo/spec/openapi.test.ts')).toBe(false);
  });

  it('shuffles when asked: every file once, the same order from the same seed, another from another', () => {
    const files = Array.from({ length: 50 }, (_, i) => `f${i}`);
    const one = shuffled(files, 7);
    expect([...one].sort()).toEqual([...files].sort());
    expect(shuffled(files, 7)).toEqual(one);
    expect(one).not.toEqual(files);
    expect(shuffled(files, 8)).not.toEqual(one);
  });
});
