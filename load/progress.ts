// Progress while a run goes: rate, p99 and errors so far, once a second. On a terminal the line is
// rewritten in place (CR, then erase to the end of the line: the one sequence besides our colours that the
// console's last net lets through, text/inert.ts); otherwise (pipes, CI=true) each tick is a plain line.
import type { Progress } from './runner.js';

export interface ProgressSink {
  tick(progress: Progress, elapsedMs: number): void;
  end(): void;
}

export function progressSink(stream: NodeJS.WriteStream = process.stderr, label = ''): ProgressSink {
  const interactive = stream.isTTY === true && process.env.CI !== 'true' && process.env.CI !== '1';
  let lastCompleted = 0;
  let lastElapsed = 0;
  let wrote = false;
  return {
    tick(c, elapsedMs) {
      const seconds = (elapsedMs - lastElapsed) / 1000;
      const rate = seconds > 0 ? (c.completed - lastCompleted) / seconds : 0;
      lastCompleted = c.completed;
      lastElapsed = elapsedMs;
      const p99 = c.p99Ms === undefined ? '' : `, p99 ${c.p99Ms.toFixed(1)} ms`;
      const line = `${label}${(elapsedMs / 1000).toFixed(0)}s: ${rate.toFixed(0)} req/s${p99}, ${c.completed} done, errors ${c.errors}`;
      if (interactive) {
        stream.write(`\r\x1b[K${line}`);
        wrote = true;
      } else {
        stream.write(`${line}\n`);
      }
    },
    end() {
      if (interactive && wrote) stream.write('\r\x1b[K');
    },
  };
}
