// Live progress of a run: one rewritten status line on a terminal; plain lines (one per finished file)
// when the output is not a terminal or CI is set.
import { relative } from 'node:path';
import { countOutcomes, type CheckResult } from '../../reports/model.js';
import type { ProgressListener } from './run-suites.js';

export interface ProgressOptions {
  out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  interactive: boolean;
  root: string;
}

export function isInteractive(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  return stream.isTTY === true && (env.CI === undefined || env.CI === '' || env.CI === 'false');
}

export class Progress implements ProgressListener {
  #total = 0;
  readonly #done: CheckResult[] = [];
  constructor(private readonly options: ProgressOptions) {}

  collected(count: number): void {
    this.#total += count;
  }

  checkDone(result: CheckResult): void {
    this.#done.push(result);
    if (!this.options.interactive) return;
    const c = countOutcomes(this.#done);
    const status = `[${this.#done.length}/${this.#total}] passed ${c.passed}  failed ${c.failed}  error ${c.errors}  not verifiable ${c.notVerifiable}  skipped ${c.skipped}  ${result.id}`;
    const width = Math.max(20, (this.options.out.columns ?? 100) - 1);
    this.options.out.write(`\r\x1b[K${status.slice(0, width)}`);
  }

  fileDone(file: string, results: readonly CheckResult[]): void {
    if (this.options.interactive) return;
    const c = countOutcomes(results);
    this.options.out.write(`${relative(this.options.root, file)}: ${c.passed} passed, ${c.failed} failed, ${c.errors} error, ${c.notVerifiable} not verifiable, ${c.skipped} skipped\n`);
  }

  /** Clears the status line before the summary. */
  end(): void {
    if (this.options.interactive) this.options.out.write('\r\x1b[K');
  }
}
