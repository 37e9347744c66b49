import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../results/model.js';
import { Progress, type ProgressOptions } from './progress.js';

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
