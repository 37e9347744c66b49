// A bench server in its own node process, so that it never shares the load generator's event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface BenchChild<T> {
  /** What the child passed to ready() once listening. */
  info: T;
  /** CPU time the child has used so far (ms), where the platform tells (Linux /proc); else undefined. */
  cpuMs(): number | undefined;
  /** Closes the child (stdin end -> its close()), killing it if it has not exited within 5 s. */
  stop(): Promise<void>;
}

/**
 * Runs ESM `code` with tsx in a child; the code calls `ready(info, close)` once listening, which prints `info`
 * as one JSON line. Closing the child's stdin (stop(), or this process dying) makes it close and exit.
 */
export async function startChild<T>(code: string): Promise<BenchChild<T>> {
  const prelude = `const ready = (info, close) => { process.stdout.write(JSON.stringify(info) + '\\n'); process.stdin.on('end', () => Promise.resolve(close()).then(() => process.exit(0))); process.stdin.resume(); };`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `${prelude}\n${code}`], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const info = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('a bench server did not start within 30 s')), 30_000);
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const newline = out.indexOf('\n');
      if (newline >= 0) {
        clearTimeout(timer);
        resolve(JSON.parse(out.slice(0, newline)) as T);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`a bench server exited before it was ready (code ${code ?? 'signal'})`));
    });
  });
  return {
    info,
    cpuMs: () => processCpuMs(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.stdin?.end();
      }),
  };
}

/** utime + stime of a process from /proc/<pid>/stat, in ms (/proc counts in USER_HZ, 100 per second). */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
