// The streams vitest's logger writes to inside a run. It is handed writers that forward to ours but are no
// terminal: on a terminal the logger hides the cursor and clears lines with escape codes of its own, which the
// CLI's inert output (cli/inert-streams.ts) then shows as text (`\x1b[?25l` on the status line). Our own
// console report draws the terminal; vitest's logger has only errors to say.
import { Writable } from 'node:stream';

/**
 * A writer to `target` that does not present itself as a terminal. Strings stay strings (decodeStrings off):
 * the CLI's inert net escapes what a string holds and lets bytes through, so a string turned into a Buffer on
 * the way would carry a target's control characters past it.
 */
export function plainWriter(target: NodeJS.WritableStream): Writable {
  return new Writable({
    decodeStrings: false,
    write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void) {
      const done = (error?: Error | null) => callback(error ?? null);
      if (typeof chunk === 'string') target.write(chunk, encoding, done);
      else target.write(chunk, done);
    },
  });
}

/** vitest's stdout and stderr, forwarding to `stdout` and `stderr`. */
export function vitestStreams(stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): { stdout: Writable; stderr: Writable } {
  return { stdout: plainWriter(stdout), stderr: plainWriter(stderr) };
}
