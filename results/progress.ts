// What a run says while it runs: the runner (harness/runner/run-suites.ts) calls a listener of this type, and
// whoever shows the run implements it (the console, reports/console/progress.ts). Defined here, beside the
// results it carries, so that neither side imports the other.
import type { CheckResult } from './model.js';

export interface RunListener {
  /** What the run is doing before its checks run. */
  phase?(doing: string): void;
  /** When given, the suites are collected before any check runs, and this hears how many checks (and files)
   * the run has: a progress with a true total and an ETA. Collecting first costs the suites' import time. */
  planned?(total: number, files: number): void;
  /** The number of tests found in a file, as files are collected. */
  collected?(count: number): void;
  checkStarted?(id: string): void;
  checkDone?(result: CheckResult): void;
  fileDone?(file: string, results: readonly CheckResult[]): void;
}
