import { describe, expect, it } from 'vitest';
import { didYouMean } from '../text/nearest.js';
import { parseFlags, withDashedValues } from './flags.js';

const options = { 'base-url': { type: 'string' }, 'max-duration': { type: 'string' }, verbose: { type: 'boolean' }, port: { type: 'string' } } as const;

function problem(argv: string[]): string {
  try {
    parseFlags(argv, options);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}

describe('parseFlags', () => {
  it('names the nearest known flag of a mistyped one, and none when nothing is near', () => {
    expect(problem(['--bse-url', 'x'])).toBe("unknown option '--bse-url' (did you mean --base-url?) (try --help)");
    expect(problem(['--verbos'])).toBe("unknown option '--verbos' (did you mean --verbose?) (try --help)");
    expect(problem(['--frobnicate'])).toBe("unknown option '--frobnicate' (try --help)");
  });

  it('takes a negative number after a flag as its value (the command then says what is wrong with it)', () => {
    expect(parseFlags(['--max-duration', '-5'], options)).toEqual({ 'max-duration': '-5' });
    expect(parseFlags(['--max-duration=-5'], options)).toEqual({ 'max-duration': '-5' });
    expect(parseFlags(['--port', '-.5', '--verbose'], options)).toEqual({ port: '-.5', verbose: true });
    expect(withDashedValues(['--verbose', '-5'], options)).toEqual(['--verbose', '-5']);
    expect(problem(['--max-duration', '--verbose'])).toBe("option '--max-duration' needs a value (a value beginning with '-' goes as --max-duration=VALUE) (try --help)");
    expect(problem(['--max-duration'])).toBe("option '--max-duration' needs a value (try --help)");
  });

  it('says which argument was unexpected', () => {
    expect(problem(['stray'])).toBe("unexpected argument 'stray' (try --help)");
  });
});

describe('didYouMean', () => {
  it('suggests a candidate within a typo of the name, nothing further off', () => {
    expect(didYouMean('certfy', ['certify', 'serve', 'coverage'])).toBe('certify');
    expect(didYouMean('covrage', ['certify', 'serve', 'coverage'])).toBe('coverage');
    expect(didYouMean('deploy', ['certify', 'serve', 'coverage'])).toBeUndefined();
    expect(didYouMean('serve', ['certify', 'serve'])).toBeUndefined();
  });
});
