// The time limits of the project's tests: what the work takes a quiet machine, times the machine's pace, times a
// margin, never below the floor; the pace is the larger of a node start's slowness and the load per core.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { besideBusyNeighbours } from './busy-neighbours.js';
import { pace, QUIET_MS, quietMsOf, targetTimeoutMs, timeLimit } from './pace.js';

describe('the pace of this machine', () => {
  it('is the larger of a node start against a quiet one and the load average per core, at least 1 and at most 40', () => {
    expect(pace({ loadPerCore: 0.2, nodeStart: 0.8 })).toBe(1);
    expect(pace({ loadPerCore: 6, nodeStart: 2 })).toBe(6);
    expect(pace({ loadPerCore: 1.5, nodeStart: 9 })).toBe(9);
    expect(pace({ loadPerCore: 500, nodeStart: 1 })).toBe(40);
  });

  it('is measured here, as a number a limit can use', () => {
    expect(pace()).toBeGreaterThanOrEqual(1);
  });
});

describe('a time limit', () => {
  it('adds up the work as a quiet machine does it', () => {
    expect(quietMsOf({ mcsRuns: 2, requests: 100, quietMs: 1_000 })).toBe(2 * QUIET_MS.mcsRun + 100 * QUIET_MS.request + 1_000);
    expect(quietMsOf({})).toBe(0);
  });

  it('grows with the work and with the pace, and is never below the floor', () => {
    expect(timeLimit({}, 1)).toBe(30_000);
    expect(timeLimit({ certifications: 1 }, 1)).toBe(5 * QUIET_MS.certification);
    expect(timeLimit({ certifications: 1 }, 3)).toBe(3 * timeLimit({ certifications: 1 }, 1));
    expect(timeLimit({ certifications: 2 }, 1)).toBe(2 * timeLimit({ certifications: 1 }, 1));
  });

  it('gives a target on a busy machine a --timeout other than the default, so that the delivery wait follows it', () => {
    expect(targetTimeoutMs(1)).toBe(15_000);
    expect(targetTimeoutMs(4)).toBe(60_000);
  });
});

describe('busy neighbours', () => {
  const spinnersOfThisProcess = () =>
    execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes('process.ppid'))
      .map((line) => Number(line.trim().split(/\s+/)[0]));
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('run beside the work and are gone after it', async () => {
    const pids = await besideBusyNeighbours(2, timeLimit({}), async () => spinnersOfThisProcess());
    expect(pids).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pids.filter(alive)).toEqual([]);
  });
});
