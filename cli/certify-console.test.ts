import { describe, expect, it } from 'vitest';
import { plain } from '../harness/runner/style.js';
import { closingLines, styleFailures, verbosityOf } from './certify-console.js';

const marked = (tone: string, text: string) => `<${tone}>${text}</${tone}>`;

describe('the console of mcs certify', () => {
  it('ends with the time taken and the verdict, coloured by whether the run passed, was incomplete or failed', () => {
    expect(closingLines({ verdict: 'pass', passed: true, seed: 7, elapsedMs: 83_000, style: plain })).toBe('time taken: 1 min 23 s\nverdict: pass (seed 7)\n');
    expect(closingLines({ verdict: 'fail', passed: false, seed: 7, elapsedMs: 900, style: marked })).toBe('time taken: 900 ms\n<strong><fail>verdict: fail</fail></strong> (seed 7)\n');
    expect(closingLines({ verdict: 'incomplete', passed: false, incomplete: true, seed: 7, elapsedMs: 900, style: marked })).toContain('<strong><warn>verdict: incomplete</warn></strong>');
  });

  it('prints whatever the verdict says', () => {
    expect(closingLines({ verdict: 'not conformant (2 errors)', passed: false, seed: 1, elapsedMs: 1, style: plain })).toContain('verdict: not conformant (2 errors) (seed 1)');
  });

  it('colours the FAIL headers of the failure list only', () => {
    expect(styleFailures('FAIL a/b - t\n  clause x: FAIL y', marked)).toBe('<fail>FAIL a/b - t</fail>\n  clause x: FAIL y');
  });

  it('refuses --quiet with --verbose', () => {
    expect(verbosityOf({})).toBe('normal');
    expect(verbosityOf({ quiet: true })).toBe('quiet');
    expect(verbosityOf({ verbose: true })).toBe('verbose');
    expect(() => verbosityOf({ quiet: true, verbose: true })).toThrow('--quiet and --verbose contradict each other: give one');
  });
});
