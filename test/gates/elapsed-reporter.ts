// Prints, after vitest's own summary, how long the whole run took (wall clock, from the start of the
// vitest process), the load average, and the pace the tests' limits were scaled by at the start
// (test/support/pace.ts), so a slow run shows whether the machine was busy. When the run
// includes whole-certification tests (*.e2e.ts), it also prints which of them it ran (test/gates/e2e-sample.ts)
// at the start and the end, so a failure of a sample can be replayed.
import { loadavg } from 'node:os';
import type { TestSpecification } from 'vitest/node';
import type { Reporter } from 'vitest/reporters';
import { pace } from '../support/pace.js';
import { e2eScope, e2eScopeLine } from './e2e-sample.js';

export default class ElapsedReporter implements Reporter {
  private scopeLine: string | undefined;
  /** Seconds of process uptime at which this run started: 0 for the first (vitest's own start-up counts), later reruns in watch mode from their start. */
  private startedAt: number | undefined;
  /** The machine's pace when this run started (the configs' default limits were scaled by it). */
  private startPace = 1;

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.startedAt = this.startedAt === undefined ? 0 : process.uptime();
    this.startPace = pace();
    this.scopeLine = undefined;
    if (!specifications.some((s) => s.moduleId.endsWith('.e2e.ts'))) return;
    this.scopeLine = e2eScopeLine(e2eScope(process.env));
    process.stdout.write(`${this.scopeLine}\n`);
  }

  onTestRunEnd(): void {
    const [one, five] = loadavg().map((n) => n.toFixed(2));
    if (this.scopeLine !== undefined) process.stdout.write(`${this.scopeLine}\n`);
    process.stdout.write(`tests took ${(process.uptime() - (this.startedAt ?? 0)).toFixed(0)} s (wall clock; load average ${one} now, ${five} over 5 min; time limits scaled by a pace of ${this.startPace.toFixed(1)}x a quiet machine's at the start)\n`);
  }
}
