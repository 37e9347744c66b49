// How many worker threads a run uses (--workers N, or the default chosen here and said in the help).
// A remote target leaves this machine's cores to the generator: use all but one (the main thread's
// set-up, progress and the OS). A loopback target shares them with the server under test, and every core
// the generator takes is taken from the server, so the default is one worker there.
import { availableParallelism } from 'node:os';
import { isLoopbackHost } from '../../../load/guard.js';
import { LoadUsageError, number } from './options.js';

export const MAX_WORKERS = 64;

export interface WorkersChoice {
  workers: number;
  why: string;
}

export function cores(): number {
  return availableParallelism();
}

export function remoteDefault(): number {
  return Math.max(1, cores() - 1);
}

/** --workers, checked before anything starts (a usage error never waits for a target). */
export function parseWorkers(flag: string | undefined, verifies: boolean, profileName: string): number | undefined {
  const given = number('workers', flag, (n) => Number.isInteger(n) && n >= 1 && n <= MAX_WORKERS, `an integer in [1, ${MAX_WORKERS}]`);
  if (verifies && given !== undefined && given > 1) throw new LoadUsageError(`--workers ${given}: profile ${profileName} judges the whole run in one place (its verification), so it runs on one worker`);
  return given;
}

export function chooseWorkers(given: number | undefined, baseUrl: string, verifies: boolean, profileName: string): WorkersChoice {
  if (verifies) return { workers: 1, why: `profile ${profileName} verifies the whole run in one place` };
  if (given !== undefined) return { workers: given, why: '--workers' };
  let loopback = true;
  try {
    loopback = isLoopbackHost(new URL(baseUrl).hostname);
  } catch {
    // The embedded reference or an unusual URL: treat as local.
  }
  // Said in words: "2 cores - 1" read as a sum, and on one core as 0.
  return loopback
    ? { workers: 1, why: 'loopback target: it shares this machine\'s CPU; --workers N to override' }
    : { workers: remoteDefault(), why: `remote target: one fewer than this machine's ${cores()} cores, at least one; --workers N to override` };
}
