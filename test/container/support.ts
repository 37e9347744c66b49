// Shared by the container tests: the docker CLI and the mcs CLI as child processes, each bounded in time.
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CONTAINER_LABEL } from '../../harness/container/index.js';
import { runMcs } from '../support/run-mcs.js';
import { timeLimit } from '../support/pace.js';

/** An image no engine has, in a registry on a closed loopback port: its pull is refused at once, on this machine. */
export const MISSING_IMAGE = '127.0.0.1:9/mcs-no-such-image:never';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (or kills it at timeoutMs), with stdin closed. */
export function run(command: string, args: string[], options: { timeoutMs: number; env?: NodeJS.ProcessEnv; input?: string }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { cwd: projectRoot, env: { ...process.env, ...options.env }, timeout: options.timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code === 'string') return reject(error); // could not start at all
      resolve({ code: child.exitCode, signal: child.signalCode, stdout, stderr });
    });
    child.stdin?.end(options.input ?? '');
  });
}

export async function docker(args: string[], timeoutMs = timeLimit({ quietMs: 24_000 }), input?: string): Promise<string> {
  const result = await run('docker', args, { timeoutMs, ...(input === undefined ? {} : { input }) });
  if (result.code !== 0) throw new Error(`docker ${args.join(' ')} exited ${result.code}: ${result.stderr.trim().split('\n').pop()}`);
  return result.stdout;
}

/** Ids of the containers, running or not, that carry the certification-target label. */
export async function leftoverTargets(): Promise<string[]> {
  return (await docker(['ps', '-a', '-q', '--filter', `label=${CONTAINER_LABEL}`])).split('\n').filter(Boolean);
}

/** `mcs` itself, as a user runs it (test/support/run-mcs.ts). Ryuk off: no registry holds its image here. */
export async function mcs(args: string[], timeoutMs: number, onStdout?: (text: string, pid: number) => void): Promise<Run> {
  const result = await runMcs(args, { timeoutMs, env: { TESTCONTAINERS_RYUK_DISABLED: 'true', NO_COLOR: '1' }, ...(onStdout ? { onStdout } : {}) });
  return { ...result, signal: null };
}

/** Starts a child that keeps running; the caller ends it. */
export function startChild(script: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => stdout, exited };
}

export async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A port of 127.0.0.1 that nothing listens on now (for a container on the host's network). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
