// vitest's logger writes through these: never a terminal, and its text still passes the CLI's inert net.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { inertStreams } from '../../cli/inert-streams.js';
import { vitestStreams } from '../../harness/runner/vitest-streams.js';

describe('vitestStreams', () => {
  it('presents no terminal, and hands strings on as strings, so the inert net escapes what a target put in them', async () => {
    const out = Object.assign(new PassThrough(), { isTTY: true });
    inertStreams(out);
    const { stdout } = vitestStreams(out, out);
    expect((stdout as unknown as { isTTY?: boolean }).isTTY).toBeUndefined();
    await new Promise<void>((resolve, reject) => stdout.write('error during close: \u202eevil\u0007\n', (error) => (error ? reject(error) : resolve())));
    const text = String(out.read());
    expect(text).toContain('error during close: ');
    expect(text).not.toContain('\u202e');
    expect(text).not.toContain('\u0007');
    expect(text).toMatch(/\\u202e|\\x07/);
  });
});
