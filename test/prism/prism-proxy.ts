// Stoplight Prism's validation proxy (`prism proxy SPEC UPSTREAM`), an outside validator of our own spec and
// reference: it forwards each request to the upstream and marks every request or response that breaks the
// spec in an `sl-violations` header.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '../support/run-mcs.js';
import { timeLimit } from '../support/pace.js';

export interface PrismProxy {
  url: string;
  close(): Promise<void>;
}

/** A port that was free a moment ago (Prism takes a port number, not a listening socket). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeLimit({ quietMs: 1_000 }));
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts `prism proxy` for SPEC (a path under the repository) in front of UPSTREAM; resolves once it listens. */
export async function startPrismProxy(spec: string, upstream: string, startTimeoutMs = timeLimit({ nodeRuns: 1, quietMs: 15_000 })): Promise<PrismProxy> {
  const port = await freePort();
  const bin = join(repoRoot, 'node_modules', '.bin', 'prism');
  // --errors=false: forward requests that break the spec too (the suites send bad requests on purpose) and
  // only report; --dynamic is irrelevant for a proxy.
  const child = spawn(bin, ['proxy', join(repoRoot, spec), upstream, '--host', '127.0.0.1', '--port', String(port), '--errors=false'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`prism proxy ${spec} did not start in ${startTimeoutMs} ms`), startTimeoutMs);
    const fail = (message: string): void => {
      clearTimeout(timer);
      void stop(child);
      reject(new Error(`${message}\n${output.slice(-2_000)}`));
    };
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(`prism proxy ${spec} exited with ${code}`));
  });
  return { url: `http://127.0.0.1:${port}`, close: () => stop(child) };
}
