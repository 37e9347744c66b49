import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../results/model.js';
import { clock, countByOutcome, eta, formatDuration, Progress, statusLine, type ProgressOptions, type StatusState } from './progress.js';
import { colourEnabled, styleFor, type Style } from './style.js';

const visible = stripVTControlCharacters;
const tagged: Style = (_tone, text) => `\x1b[1m${text}\x1b[0m`;

function result(id: string, outcome: string, extra: Partial<CheckResult> = {}): CheckResult {
  return { id, area: id.split('/')[0] ?? id, title: id, clauses: ['a.b.c'], outcome: outcome as CheckResult['outcome'], durationMs: 12, exchanges: [], ...extra };
}

/** A Progress writing into a string, on a clock the test moves. */
function harness(options: Partial<ProgressOptions> = {}) {
  let now = 0;
  let written = '';
  const out = { write: (text: string) => ((written += text), true), columns: 100, ...(options.out ?? {}) } as unknown as ProgressOptions['out'];
  const progress = new Progress({ interactive: false, root: '/repo', tick: false, now: () => now, ...options, out });
  return { progress, advance: (ms: number) => (now += ms), text: () => written };
}

describe('colour', () => {
  it('follows FORCE_COLOR, then NO_COLOR, then whether the output is a terminal', () => {
    expect(colourEnabled({ isTTY: true }, {})).toBe(true);
    expect(colourEnabled({ isTTY: false }, {})).toBe(false);
    expect(colourEnabled({}, {})).toBe(false);
    expect(colourEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colourEnabled({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(colourEnabled({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(colourEnabled({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(colourEnabled({ isTTY: false }, { FORCE_COLOR: '', NO_COLOR: '1' })).toBe(true);
    expect(colourEnabled({ isTTY: true }, { FORCE_COLOR: '0' })).toBe(false);
    expect(colourEnabled({ isTTY: true }, { FORCE_COLOR: 'false' })).toBe(false);
  });

  it('styles through styleText when on, and not at all when off', () => {
    expect(styleFor({ isTTY: false }, { FORCE_COLOR: '1' })('fail', 'x')).toBe('\x1b[31mx\x1b[39m');
    expect(styleFor({ isTTY: true }, { NO_COLOR: '1' })('fail', 'x')).toBe('x');
  });
});

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

describe('Progress', () => {
  it('prints phases, the total, a line per file and, after a silence, what is running', () => {
    const { progress, advance, text } = harness({ silentMs: 10_000 });
    progress.phase('collecting the checks');
    advance(11_000);
    progress.tick(); // before the total is known: the clock and what runs, no bare [0]
    progress.planned(3, 2);
    progress.checkStarted('auth/slow-check');
    advance(9_000);
    progress.tick();
    expect(text()).not.toContain('still running: auth');
    advance(2_000);
    progress.tick();
    progress.checkDone(result('auth/slow-check', 'passed'));
    progress.fileDone('/repo/suites/auth/a.test.ts', [result('auth/slow-check', 'passed')]);
    expect(text().split('\n')).toEqual([
      '0:00 collecting the checks',
      '0:11 still running: collecting the checks',
      '0:11 running 3 checks from 2 files',
      '0:22 [0/3 checks done] still running: auth/slow-check',
      '0:22 [1/3 checks done] suites/auth/a.test.ts: 1 passed',
      '',
    ]);
  });

  it('prints nothing with --quiet, and a line per check with its reason with --verbose', () => {
    const quiet = harness({ verbosity: 'quiet' });
    quiet.progress.phase('collecting the checks');
    quiet.progress.planned(1, 1);
    quiet.progress.checkDone(result('a/x', 'failed'));
    quiet.progress.line('summary');
    expect(quiet.text()).toBe('');
    const verbose = harness({ verbosity: 'verbose' });
    verbose.progress.planned(2, 1);
    verbose.progress.checkDone(result('a/x', 'not-verifiable', { reason: 'needs the control API' }));
    verbose.progress.fileDone('/repo/suites/a.test.ts', []);
    expect(verbose.text()).toContain('0:00 [1/2 checks done] not-verifiable a/x (12 ms): needs the control API\n');
    expect(verbose.text()).not.toContain('suites/a.test.ts');
  });

  it('leaves out the checks --only/--skip excluded: no line for a file of them alone, the rest counted without them', () => {
    const excluded = (id: string) => result(id, 'skipped', { reason: 'excluded by --only/--skip' });
    const { progress, text } = harness();
    progress.planned(4, 2);
    progress.fileDone('/repo/suites/auth/a.test.ts', [excluded('auth/one'), excluded('auth/two')]);
    progress.fileDone('/repo/suites/contacts/b.test.ts', [result('contacts/merge', 'passed'), excluded('contacts/crud')]);
    expect(text()).not.toContain('auth/a.test.ts');
    expect(text()).toContain('suites/contacts/b.test.ts: 1 passed\n');
    const verbose = harness({ verbosity: 'verbose' });
    verbose.progress.checkDone(excluded('auth/one'));
    expect(verbose.text()).toContain('skipped        auth/one (12 ms): excluded by --only/--skip');
  });

  it('redraws one status line on a terminal and clears it before the summary', () => {
    const { progress, text } = harness({ interactive: true, out: { columns: 0 } as ProgressOptions['out'] });
    progress.planned(592, 47);
    progress.checkDone(result('a/x', 'passed'));
    progress.end();
    progress.line('area  passed');
    expect(text()).toContain('\r\x1b[K[  0/592   0%] 0:00  the first checks');
    expect(text().endsWith('\r\x1b[Karea  passed\n')).toBe(true);
  });
});
