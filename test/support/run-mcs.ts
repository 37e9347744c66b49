// Runs the real `mcs` command in a child process, as a user would, for the project's end-to-end tests.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunMcsOptions {
  timeoutMs?: number;
  /** Sees the output as it comes (to signal the process at the right moment). */
  onStdout?: (text: string, pid: number) => void;
  env?: Record<string, string>;
}

/**
 * Runs `mcs ARGS` with CI=true (plain progress lines) and without the caller's MCS_* target settings, so a
 * developer's environment cannot change what a test certifies. Stdin is closed: no command may wait on it.
 */
export function runMcs(args: string[], options: RunMcsOptions = {}): Promise<CliRun> {
  const timeoutMs = options.timeoutMs ?? 120_000;
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
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcs ${args.join(' ')} did not finish in ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
