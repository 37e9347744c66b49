import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../results/model.js';
import { clock, countByOutcome, eta, formatDuration, statusLine, type StatusState } from './status-line.js';
import type { Style } from './style.js';

const visible = stripVTControlCharacters;
const tagged: Style = (_tone, text) => `\x1b[1m${text}\x1b[0m`;

function result(id: string, outcome: string, extra: Partial<CheckResult> = {}): CheckResult {
  return { id, area: id.split('/')[0] ?? id, title: id, clauses: ['a.b.c'], outcome: outcome as CheckResult['outcome'], durationMs: 12, exchanges: [], ...extra };
}

describe('times', () => {
  it('reads as a clock and as words', () => {
    expect([clock(0), clock(61_400), clock(3_725_000)]).toEqual(['0:00', '1:01', '1:02:05']);
    expect([formatDuration(840), formatDuration(12_340), formatDuration(125_000)]).toEqual(['840 ms', '12.3 s', '2 min 05 s']);
  });

  it('gives an ETA at the pace so far, once that pace means something (a tenth done, 3 s run)', () => {
    expect(eta(0, 100, 10_000)).toBeUndefined();
    expect(eta(1, 100, 500)).toBeUndefined();
    expect(eta(10, 100, 5_000)).toBe(45_000);
    // One slow first check is no pace: it once gave 1:41:20 for a run of 45 s.
    expect(eta(1, 623, 9_800)).toBeUndefined();
    expect(eta(9, 100, 60_000)).toBeUndefined();
    expect(eta(30, 100, 2_000)).toBeUndefined();
    expect(eta(100, 100, 9_000)).toBe(0);
  });
});

describe('the status line', () => {
  const state: StatusState = { done: 50, total: 200, elapsedMs: 20_000, runMs: 10_000, counts: countByOutcome([result('a/1', 'passed'), result('a/2', 'failed'), result('a/3', 'some-new-outcome')]), doing: 'contacts/merge-is-idempotent' };

  it('shows done/total, percentage, elapsed, ETA, outcomes by name and the check running', () => {
    expect(statusLine(state, 200)).toBe('[ 50/200  25%] 0:20 ETA 0:30  1 passed, 1 failed, 1 some new outcome  contacts/merge-is-idempotent');
  });

  it('fits the terminal, counting only visible characters, and takes 0 columns as unknown (80)', () => {
    expect(visible(statusLine(state, 40, tagged)).length).toBeLessThanOrEqual(39);
    expect(visible(statusLine(state, 40, tagged))).toMatch(/…$/);
    expect(statusLine(state, 0).length).toBeGreaterThan(60);
    expect(statusLine(state, 0).length).toBeLessThanOrEqual(79);
    expect(statusLine(state, undefined)).toBe(statusLine(state, 0));
    expect(statusLine(state, 1)).toBe('…');
  });

  it('has a question mark for a total not known yet', () => {
    expect(statusLine({ ...state, done: 0, total: undefined, runMs: undefined, counts: new Map(), doing: 'collecting the checks' }, 80)).toBe('0:20  collecting the checks');
  });
});
