// Every command answers a mistyped flag with one line naming the flag it most likely meant, and exit 2
// (issue 32 item 5): the same words whichever command parsed it (cli/flags.ts flagProblem).
import { describe, expect, it } from 'vitest';
import { timeLimit } from '../support/pace.js';
import { runMcs } from '../support/run-mcs.js';

const typos: { command: string[]; typo: string; meant: string }[] = [
  { command: ['certify'], typo: '--bse-url', meant: '--base-url' },
  { command: ['serve'], typo: '--prot', meant: '--port' },
  { command: ['init'], typo: '--bse-url', meant: '--base-url' },
  { command: ['doctor'], typo: '--confg', meant: '--config' },
  { command: ['coverage'], typo: '--nedds', meant: '--needs' },
  { command: ['report'], typo: '--fom', meant: '--from' },
  { command: ['verify-certificate'], typo: '--pubic-key', meant: '--public-key' },
  { command: ['load', 'send'], typo: '--duraton', meant: '--duration' },
  { command: ['load', 'capacity'], typo: '--sloo', meant: '--slo' },
  { command: ['load', 'merge'], typo: '--sloo', meant: '--slo' },
];

describe('a mistyped flag', () => {
  it.each(typos)('mcs $command with $typo names $meant in one line, exit 2', async ({ command, typo, meant }) => {
    const run = await runMcs([...command, typo, 'x'], { work: { mcsRuns: 1 } });
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`unknown option '${typo}' (did you mean ${meant}?)`);
  }, timeLimit({ mcsRuns: 1 }));
});
