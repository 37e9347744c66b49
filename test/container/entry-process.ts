// An image's entry command run as a plain child process, in a folder standing for the image's WORKDIR.
// Its environment is built as a container's is (PATH, HOME, the image's ENV), not inherited from the test
// runner, whose NODE_OPTIONS and the like the image would not have. Every wait is bounded.
import { spawn } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import type { ImageEntry } from './dockerfile-entry.js';

export interface EntryProcess {
  /** Resolves with the first match of `pattern` in the output; rejects when the process exits first or at timeoutMs. */
  printed(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  /** SIGTERM (what `docker stop` sends), then SIGKILL after timeoutMs; resolves with how it ended. */
  stop(timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

export function startEntry(entry: ImageEntry, workdir: string, overrides: Record<string, string>): EntryProcess {
  const [command = '', ...args] = entry.command;
  // This Node first: the image runs `node` from its PATH, and the one running the tests is the one installed here.
  const path = [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter);
  const env = { PATH: path, HOME: process.env.HOME ?? '/', ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}), ...entry.env, ...overrides };
  const child = spawn(command, args, { cwd: workdir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('error', (error) => {
      output += `${error.message}\n`;
      resolve({ code: null, signal: null });
    });
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  let ended = false;
  void exited.then(() => (ended = true));

  return {
    output: () => output,
    printed(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) finish(() => resolve(match));
        };
        const timer = setTimeout(() => finish(() => reject(new Error(`no ${pattern} in ${timeoutMs} ms; output:\n${output}`))), timeoutMs);
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        void exited.then(({ code, signal }) => finish(() => reject(new Error(`exited (${code ?? signal}) before printing ${pattern}; output:\n${output}`))));
        check();
      });
    },
    async stop(timeoutMs) {
      if (!ended) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const end = await exited;
      clearTimeout(timer);
      return end;
    },
  };
}
