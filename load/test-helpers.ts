// Helpers of the load tool's tests: comparing histograms, and running the `mcs` command in this process
// (a child process: test/support/run-mcs.ts).
import { main } from '../cli/main.js';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Histogram } from './histogram.js';
import type { Profile, ProfileState } from './types.js';

/** Every percentile on a fine grid, plus count, min and max: equal histograms agree on all of them. */
export function fingerprint(h: Histogram): number[] {
  const points = [h.totalCount, h.minNonZeroValue, h.maxValue];
  for (let p = 0; p <= 100; p += 0.5) points.push(h.getValueAtPercentile(p));
  for (const p of [99.9, 99.99, 99.999]) points.push(h.getValueAtPercentile(p));
  return points;
}

/** Runs `mcs ...args` in this process (no child start-up: for commands that fail fast or only print). */
export async function runMcsHere(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string | Uint8Array) => ((stdout += String(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += String(chunk)), true)) as typeof process.stderr.write;
  try {
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

/** A loopback server for the engine's own tests, with the profile that sends `GET /` to it. */
export interface ProbeTarget {
  state: ProfileState;
  probe: Profile;
  close(): Promise<void>;
}

export async function startProbeTarget(handler: RequestListener): Promise<ProbeTarget> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const state: ProfileState = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, headers: {} };
  const probe: Profile = {
    name: 'probe',
    description: 'GET /',
    setup: async () => state,
    request: () => ({ method: 'GET', path: '/', headers: {} }),
    check: () => ({ ok: true }),
  };
  return {
    state,
    probe,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
