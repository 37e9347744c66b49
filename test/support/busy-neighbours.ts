// CPU-bound processes beside a test, as the other work of a busy machine would be (npm test's other worker, a
// neighbour's build): a test whose verdict must not depend on the machine's pace runs its work beside them.
// Each neighbour spins and looks for its parent every 200 ms of spinning: it ends when the test ends it, when
// its parent is gone (a test process killed mid-run never leaves one spinning), and at the latest after `ms`.
import { spawn, type ChildProcess } from 'node:child_process';

const spinner = (ms: number) =>
  `const parent = process.ppid, end = Date.now() + ${ms};
   for (;;) {
     const slice = Date.now() + 200;
     while (Date.now() < slice);
     if (process.ppid !== parent || Date.now() > end) process.exit(0);
   }`;

/** Runs `work` beside `count` CPU-bound processes, for at most `ms`; they are ended whatever happens. */
export async function besideBusyNeighbours<T>(count: number, ms: number, work: () => Promise<T>): Promise<T> {
  const neighbours: ChildProcess[] = Array.from({ length: count }, () => spawn(process.execPath, ['-e', spinner(ms)], { stdio: 'ignore' }));
  try {
    return await work();
  } finally {
    for (const neighbour of neighbours) neighbour.kill('SIGKILL');
  }
}
