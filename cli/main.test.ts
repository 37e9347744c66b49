// The entry point as a user meets it in a shell: a mistyped command gets the nearest one, and a reader that
// goes away (`mcs coverage | head`) ends the command quietly, with no EPIPE stack trace.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { timeLimit } from '../test/support/pace.js';
import { runMcs } from '../test/support/run-mcs.js';

const MCS = new URL('./mcs.js', import.meta.url).pathname;

describe('mcs', () => {
  it('names the nearest command of a mistyped one, exit 2', async () => {
    const run = await runMcs(['certfy'], { work: { mcsRuns: 1 } });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("mcs: unknown command 'certfy' (did you mean 'mcs certify'?) (try 'mcs --help')\n");
  }, timeLimit({ mcsRuns: 1 }));

  it('ends quietly when the reader of its output goes away (mcs coverage | head -1)', async () => {
    const child = spawn(process.execPath, [MCS, 'coverage'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // As head does once it has its line: the reading end of the pipe closes before the output is written.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
  }, timeLimit({ mcsRuns: 2 })); // coverage collects every suite file before it prints: a start and as much again
});
