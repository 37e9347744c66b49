import { describe, expect, it } from 'vitest';
import { verbosityOf } from './certify-console.js';

describe('the console of mcs certify', () => {
  it('refuses --quiet with --verbose', () => {
    expect(verbosityOf({})).toBe('normal');
    expect(verbosityOf({ quiet: true })).toBe('quiet');
    expect(verbosityOf({ verbose: true })).toBe('verbose');
    expect(() => verbosityOf({ quiet: true, verbose: true })).toThrow('--quiet and --verbose contradict each other: give one');
  });
});
