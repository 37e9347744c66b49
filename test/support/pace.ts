// Time limits of the project's own tests, derived from the work a test does and the pace this machine keeps
// now, never a fixed figure (issue 43: limits of 20-30 s on commands that take 2 s failed on a machine with a
// load average of 20). A limit is there to catch a hang; it must never catch a slow machine.
//
// The pace: how many times slower than a quiet machine this one is now, the larger of
//  - the time a bare `node -e 0` takes to start and exit, against what it takes a quiet machine of two cores
//    (QUIET_NODE_START_MS), measured once per test file, the first time a limit is asked for;
//  - the 1-minute load average per core, read afresh each time (a machine that got busier since).
// A limit is what the work takes a quiet machine, times the pace, times a margin for a machine that gets
// busier still while the test runs; never below a floor.
//
// How a test uses it: name the work, not a time.
//   it('...', async () => { ... }, timeLimit({ mcsRuns: 2 }))              two runs of the mcs command
//   describe('...', { timeout: timeLimit({ certifications: 1 }) }, ...)   a whole certification per test
//   await runMcs(args, { work: { certifications: 1 } })                   the child's own kill timer
//   timeLimit({ requests: 500, quietMs: 2_000 })                         500 local requests and 2 s of waits
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';

/** What a bare `node -e 0` takes on a quiet machine of two cores (start, run nothing, exit). */
export const QUIET_NODE_START_MS = 60;

/** How much busier the machine may get while a test runs than it was when its limit was set. */
const MARGIN = 5;
/** No limit below this: scheduling hiccups, a GC, a first import. */
const FLOOR_MS = 30_000;
/** A pace beyond this is a machine too starved to test on; past it a limit stops growing. */
const MAX_PACE = 40;

/** What each unit of work takes a quiet machine of two cores, in ms. */
export const QUIET_MS = {
  /** A run of the `mcs` command that answers without a target: start node, load the CLI through tsx, answer. */
  mcsRun: 2_500,
  /** A start of a node process running a TypeScript module through tsx (a server, a worker, a script). */
  nodeRun: 1_500,
  /** A whole `mcs certify` of the embedded reference, every check (`npm start`). */
  certification: 60_000,
  /** One HTTP request to a server on this machine, answered at once. */
  request: 5,
} as const;

export interface Work {
  mcsRuns?: number;
  nodeRuns?: number;
  certifications?: number;
  requests?: number;
  /** Anything else, as long as a quiet machine takes for it (the waits the test itself makes, say). */
  quietMs?: number;
}

let nodeStartPace: number | undefined;

/** The time of one `node -e 0` against a quiet machine's, measured once per test file. */
function measuredNodeStartPace(): number {
  if (nodeStartPace === undefined) {
    const started = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    nodeStartPace = (performance.now() - started) / QUIET_NODE_START_MS;
  }
  return nodeStartPace;
}

/** How many times slower than a quiet machine this one is now (at least 1, at most MAX_PACE). */
export function pace(machine: { loadPerCore?: number; nodeStart?: number } = {}): number {
  const loadPerCore = machine.loadPerCore ?? (loadavg()[0] ?? 0) / availableParallelism();
  const nodeStart = machine.nodeStart ?? measuredNodeStartPace();
  return Math.min(MAX_PACE, Math.max(1, loadPerCore, nodeStart));
}

/** What the work takes a quiet machine, in ms. */
export function quietMsOf(work: Work): number {
  return (work.mcsRuns ?? 0) * QUIET_MS.mcsRun + (work.nodeRuns ?? 0) * QUIET_MS.nodeRun + (work.certifications ?? 0) * QUIET_MS.certification + (work.requests ?? 0) * QUIET_MS.request + (work.quietMs ?? 0);
}

/** The time limit of `work` on this machine now, in ms: its quiet time x the pace x the margin, at least the floor. */
export function timeLimit(work: Work, currentPace: number = pace()): number {
  return Math.max(FLOOR_MS, Math.ceil(quietMsOf(work) * currentPace * MARGIN));
}

/**
 * The request timeout a certify run needs against a target on this machine now (its --timeout): 15 s of a quiet
 * machine, times the pace. Given, it is also how long a check waits for a webhook delivery (3 s without it:
 * harness/webhooks-fixture.ts), which a sandbox's carrier on a busy machine needs.
 */
export function targetTimeoutMs(currentPace: number = pace()): number {
  return Math.ceil(15_000 * currentPace);
}

/** How a derived limit reads in the message of a wait that ran out: its seconds, and where they come from. */
export function limitText(ms: number): string {
  return `${Math.round(ms / 1000)} s (derived from the work and this machine's pace, test/support/pace.ts)`;
}
