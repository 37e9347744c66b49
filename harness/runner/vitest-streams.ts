// The streams vitest's logger writes to inside a run. It is handed writers that forward to ours but are no
// terminal: on a terminal the logger hides the cursor and clears lines with escape codes of its own, which the
// CLI's inert output (cli/inert-streams.ts) then shows as text (`\x1b[?25l` on the status line). Our own
// console report draws the terminal; vitest's logger has only errors to say.
import { Writable } from 'node:stream';

/** A writer to `target` that does not present itself as a terminal. */
export function plainWriter(target: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      target.write(chunk, (error) => callback(error ?? null));
    },
  });
}

/** vitest's stdout and stderr, forwarding to `stdout` and `stderr`. */
export function vitestStreams(stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): { stdout: Writable; stderr: Writable } {
  return { stdout: plainWriter(stdout), stderr: plainWriter(stderr) };
}
