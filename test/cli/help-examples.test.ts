// Every command's --help ends its options with an example a user can adapt (issue 43 item 8), and names the
// flags in seconds (cli/durations.ts): no help offers a duration in milliseconds but as the old form it
// still reads. In this process (runMcsHere): help texts are printed before anything starts.
import { describe, expect, it } from 'vitest';
import { commands } from '../../cli/commands.js';
import { runMcsHere } from '../support/run-mcs-here.js';

const helps = ['', ...Object.keys(commands), 'load send', 'load capacity', 'load merge', 'load k8s'];

describe('mcs ... --help', () => {
  it.each(helps)('mcs %s --help shows an example', async (command) => {
    const run = await runMcsHere([...command.split(' ').filter((word) => word !== ''), '--help']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Examples?:\n {2}(MCS_\S+ )?mcs \S/m);
    // Milliseconds only as the old form of a flag in seconds, said so.
    for (const line of run.stdout.split('\n').filter((l) => /\bMS\b/.test(l))) expect(line).toMatch(/old|MCS_TIMEOUT_MS/);
  });

  it('mcs --help says the exit codes, incomplete included', async () => {
    const run = await runMcsHere(['--help']);
    expect(run.stdout).toContain('3 incomplete: nothing failed, but in-scope clauses were not verified');
  });
});
