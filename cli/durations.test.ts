// One unit for every duration flag: seconds, fractions allowed, a unit said where wanted; the old
// millisecond flags still read as they were, each with a warning naming its replacement.
import { describe, expect, it } from 'vitest';
import { renamedDurationMs, requestTimeout, secondsOf } from './durations.js';

describe('duration flags', () => {
  it('read seconds, with fractions and an optional unit', () => {
    const bounds = { min: 0, max: 3600 };
    expect(['10', '2.5', '.5', '2.5s', '2500ms', '2m', '1.5min', ' 3 '].map((text) => secondsOf('x', text, bounds))).toEqual([10, 2.5, 0.5, 2.5, 2.5, 120, 90, 3]);
  });

  it.each(['soon', '-5', '', '1e3', '10h', '5000'])('refuse %j in one line naming the flag and its bounds', (text) => {
    expect(() => secondsOf('max-duration', text, { min: 0.001, max: 3600 })).toThrow(`--max-duration must be a number of seconds from 0.001 to 3600 (fractions allowed; 500ms and 2m too), got '${text}'`);
  });

  it('give milliseconds from the flag in seconds, or from the old one in milliseconds with a warning', () => {
    const warnings: string[] = [];
    expect(renamedDurationMs({ 'request-timeout': '2.5' }, requestTimeout, warnings)).toBe(2500);
    expect(warnings).toEqual([]);
    expect(renamedDurationMs({ timeout: '3000' }, requestTimeout, warnings)).toBe(3000);
    expect(warnings).toEqual(['warning: --timeout 3000 (milliseconds) is the old form: durations are in seconds now, --request-timeout 3']);
    expect(renamedDurationMs({}, requestTimeout, warnings)).toBeUndefined();
  });

  it('refuse both forms at once, and an old value that is no whole number of milliseconds', () => {
    expect(() => renamedDurationMs({ 'request-timeout': '2', timeout: '2000' }, requestTimeout, [])).toThrow('--request-timeout and --timeout say one thing twice: give --request-timeout (seconds)');
    expect(() => renamedDurationMs({ timeout: '2.5' }, requestTimeout, [])).toThrow("--timeout must be a positive whole number of milliseconds, got '2.5'");
    expect(() => renamedDurationMs({ 'request-timeout': '0' }, requestTimeout, [])).toThrow(/--request-timeout must be a number of seconds from 0.001 to 600/);
  });
});
