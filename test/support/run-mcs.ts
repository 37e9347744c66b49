// Runs the real `mcs` command in a child process, as a user would, for the project's end-to-end tests.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { limitText, timeLimit, type Work } from './pace.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Peak resident memory of the command (VmHWM, bytes), when `measureRss` asked for it and Linux tells. */
  peakRssBytes?: number;
}

export interface RunMcsOptions {
  /** What the command does, from which its time limit follows (test/support/pace.ts); default one start and 20 s of work. */
  work?: Work;
  /** A limit of its own instead (a test of how the command bounds itself, which must outlast that bound). */
  timeoutMs?: number;
  /** Sees the output as it comes (to signal the process at the right moment). */
  onStdout?: (text: string, pid: number) => void;
  env?: Record<string, string>;
  /** Polls the child's peak resident memory (/proc/PID/status VmHWM) every 100 ms while it runs. */
  measureRss?: boolean;
}

/**
 * Runs `mcs ARGS` with CI=true (plain progress lines) and without the caller's MCS_* target settings, so a
 * developer's environment cannot change what a test certifies. Stdin is closed: no command may wait on it.
 */
export function runMcs(args: string[], options: RunMcsOptions = {}): Promise<CliRun> {
  const timeoutMs = options.timeoutMs ?? timeLimit(options.work ?? { mcsRuns: 1, quietMs: 20_000 });
  return new Promise((resolve, reject) => {
    const env = { ...process.env, CI: 'true', MCS_BASE_URL: '', MCS_V2_BASE_URL: '', MCS_CONTROL_URL: '', MCS_CONFIG: '', ...options.env };
    const child = spawn(process.execPath, ['cli/mcs.js', ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (child.pid !== undefined) options.onStdout?.(stdout, child.pid);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let peakRssBytes: number | undefined;
    const poller = options.measureRss
      ? setInterval(() => {
          const peak = peakRssOf(child.pid);
          if (peak !== undefined) peakRssBytes = Math.max(peakRssBytes ?? 0, peak);
        }, 100)
      : undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcs ${args.join(' ')} did not finish in ${options.timeoutMs === undefined ? limitText(timeoutMs) : `${timeoutMs} ms`}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (poller) clearInterval(poller);
      resolve({ code, stdout, stderr, ...(peakRssBytes === undefined ? {} : { peakRssBytes }) });
    });
  });
}

/** VmHWM of a Linux process (its peak resident set so far), in bytes; undefined elsewhere or once it exited. */
function peakRssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
