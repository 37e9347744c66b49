// On a terminal, certify's output holds our console's own drawing and nothing shown as escaped text: vitest's
// logger, handed the terminal, hid the cursor with an escape code of its own, which the CLI's inert streams then
// printed as `\x1b[?25l` on the status line and `\x1b[?25h` at the end (harness/runner/vitest-streams.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { timeLimit } from '../support/pace.js';
import { repoRoot } from '../support/run-mcs.js';

/** util-linux's `script`, which gives a command a pseudo-terminal (Debian's bsdutils, an essential package); BSD's has no -c. */
const script = '/usr/bin/script';
const hasScript = process.platform === 'linux' && existsSync(script);

function onTerminal(command: string, limitMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, CI: '', MCS_BASE_URL: '', MCS_V2_BASE_URL: '', MCS_CONTROL_URL: '', MCS_CONFIG: '', TERM: 'xterm-256color' };
    const child = spawn(script, ['-qec', command, '/dev/null'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}

describe('mcs certify on a terminal', () => {
  it.skipIf(!hasScript)('shows no escape code as text, its own drawing only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcs-terminal-'));
    try {
      const limit = timeLimit({ mcsRuns: 1, quietMs: 10_000 });
      const output = await onTerminal(`node cli/mcs.js certify --only versioning --reports-dir ${dir}`, limit);
      expect(output).toMatch(/verdict: partial run/);
      expect(output).toContain('\u001b['); // the console drew on the terminal
      expect(output).not.toContain('\\x1b');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, timeLimit({ mcsRuns: 1, quietMs: 10_000 }));
});
