// The last net of every command's console. Each line that quotes a target escapes it where it is written
// (text/inert.ts), but a line added later may forget: so whatever any command writes to stdout or stderr
// passes through `inertConsole` too, which lets through only our own colour and erase-line codes and shows
// every other control, bidi or zero-width character as a visible escape. Idempotent, so text escaped once
// passes unchanged; bytes (a Buffer) are passed as they are.
import { inertConsole } from '../text/inert.js';

/** The writes this module made: a stream whose write is one of them is netted already. */
const nets = new WeakSet<object>();

export function inertStreams(...streams: NodeJS.WritableStream[]): void {
  for (const stream of streams) {
    if (nets.has(stream.write)) continue;
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const netted = ((chunk: unknown, ...rest: unknown[]) => write(typeof chunk === 'string' ? inertConsole(chunk) : chunk, ...rest)) as typeof stream.write;
    nets.add(netted);
    stream.write = netted;
  }
}
