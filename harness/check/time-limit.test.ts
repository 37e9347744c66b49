import { describe, expect, it } from 'vitest';
import { checkTimeLimit } from './time-limit.js';

describe('a check time limit', () => {
  it('is the declared one with the default --timeout, and grows with a longer one, never shrinks', () => {
    expect(checkTimeLimit(undefined, 10_000)).toBe(60_000);
    expect(checkTimeLimit(120_000, 10_000)).toBe(120_000);
    expect(checkTimeLimit(60_000, 30_000)).toBe(180_000);
    expect(checkTimeLimit(60_000, 2_000)).toBe(60_000);
  });

  it('reads the run the runner provides, or the default outside a certify run', () => {
    expect(checkTimeLimit()).toBe(60_000);
  });
});
