// Requests a server never answers end as timeouts: counted as errors with the code `timeout`, and in
// the histogram at the time they were given up (hiding them would flatter the tail).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from './runner.js';
import type { Profile, ProfileState } from './types.js';

let server: Server;
let state: ProfileState;
beforeAll(async () => {
  // Reads every request and never answers.
  server = createServer((req) => req.resume());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, headers: {} };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const probe: Profile = {
  name: 'probe',
  description: 'GET /',
  setup: async () => state,
  request: () => ({ method: 'GET', path: '/', headers: {} }),
  check: () => ({ ok: true }),
};

describe('timeouts', () => {
  it('open model: every unanswered request is a timeout, recorded at no less than the timeout', async () => {
    const { result } = await runLoad({ profile: probe, state, model: { kind: 'open', rate: 20, inFlight: 20 }, shard: { index: 0, count: 1 }, runId: 't', durationMs: 500, maxRequests: 100, timeoutMs: 200 });
    expect(result.offered).toBe(10);
    expect(result.counts).toMatchObject({ completed: 10, ok: 0, errors: 10, timeouts: 10, connectionErrors: 0, byCode: { timeout: 10 } });
    expect(result.latency.count).toBe(10);
    expect(result.latency.min).toBeGreaterThanOrEqual(199.9);
    expect(result.errorRatePercent).toBe(100);
  });

  it('closed model: a connection whose request times out records a timeout', async () => {
    const { result } = await runLoad({ profile: probe, state, model: { kind: 'closed', connections: 2 }, shard: { index: 0, count: 1 }, runId: 't', durationMs: 1500, maxRequests: 100, timeoutMs: 1000 });
    expect(result.counts.ok).toBe(0);
    expect(result.counts.timeouts).toBeGreaterThanOrEqual(1);
    expect(result.counts.byCode.timeout).toBe(result.counts.timeouts);
    // (within the histogram's 3 significant digits)
    expect(result.latency.min).toBeGreaterThanOrEqual(999);
  });
});
