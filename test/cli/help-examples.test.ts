// Every command's --help ends its options with an example a user can adapt (issue 43 item 8), and names the
// flags in seconds (cli/durations.ts): no help offers a duration in milliseconds but as the old form it
// still reads. In this process (runMcsHere): help texts are printed before anything starts.
import { describe, expect, it } from 'vitest';
import { commands } from '../../cli/commands.js';
import { runMcsHere } from '../support/run-mcs-here.js';

const helps = ['', ...Object.keys(commands), 'load send', 'load capacity', 'load merge', 'load k8s'];

/** The lines of a help's Example(s) section, up to the first line that is not indented. */
function examplesOf(help: string): string[] {
  const lines = help.split('\n');
  const start = lines.findIndex((line) => /^Examples?:$/.test(line));
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('  '));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

describe('mcs ... --help', () => {
  it.each(helps)('mcs %s --help shows an example', async (command) => {
    const run = await runMcsHere([...command.split(' ').filter((word) => word !== ''), '--help']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Examples?:\n {2}(MCS_\S+ )?mcs \S/m);
    // Milliseconds only as the old form of a flag in seconds, said so.
    for (const line of run.stdout.split('\n').filter((l) => /\bMS\b/.test(l))) expect(line).toMatch(/old|MCS_TIMEOUT_MS/);
  });

  it.each(helps)('mcs %s --help shows each example as a shell reads it', async (command) => {
    const run = await runMcsHere([...command.split(' ').filter((word) => word !== ''), '--help']);
    const lines = examplesOf(run.stdout);
    // A template literal's backslash at a line's end joins the lines: the example came out as one line with a gap
    // of spaces before its next flag. Split over lines, each line but the last ends with ' \\'.
    for (const line of lines) expect(line).not.toMatch(/\S {3,}-/);
    lines.forEach((line, i) => {
      if (/^ {3,}-/.test(lines[i + 1] ?? '')) expect(line).toMatch(/ \\$/);
    });
  });

  it('mcs --help says the exit codes, incomplete included', async () => {
    const run = await runMcsHere(['--help']);
    expect(run.stdout).toContain('3 incomplete: nothing failed, but in-scope clauses were not verified');
  });
});
