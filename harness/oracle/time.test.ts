import { describe, expect, it } from 'vitest';
import { clockSkewMs, timeProblem } from './time.js';

const from = 1_800_000_000_000;
const to = from + 2_000;

describe('timeProblem', () => {
  it('accepts epoch ms in the window, at its ends and within the skew', () => {
    for (const value of [from, to, from - clockSkewMs, to + clockSkewMs, from - 999]) expect(timeProblem(value, { from, to })).toBeUndefined();
  });

  it('names seconds as seconds, and a time outside the window as such', () => {
    expect(timeProblem(Math.floor(from / 1000), { from, to })).toMatch(/in seconds, not milliseconds/);
    expect(timeProblem(from - 2 * clockSkewMs, { from, to })).toMatch(/outside the action's window/);
    expect(timeProblem(from + 0.5, { from, to })).toMatch(/not an integer/);
    expect(timeProblem('1800000000000', { from, to })).toMatch(/not an integer/);
  });

  it('without a start, bounds by the arrival alone and still tells seconds', () => {
    expect(timeProblem(from - 86_400_000 * 365, { to })).toBeUndefined();
    expect(timeProblem(Math.floor(from / 1000), { to })).toMatch(/in seconds/);
  });
});
