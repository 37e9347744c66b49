// Requests a server never answers end as timeouts: counted as errors with the code `timeout`, and in
// the histogram at the time they were given up (hiding them would flatter the tail).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from './runner.js';
import { startProbeTarget, type ProbeTarget } from './test-helpers.js';

let target: ProbeTarget;
// Reads every request and never answers.
beforeAll(async () => {
  target = await startProbeTarget((req) => req.resume());
});
afterAll(() => target.close());

describe('timeouts', () => {
  it('open model: every unanswered request is a timeout, recorded at no less than the timeout', async () => {
    const { result } = await runLoad({ profile: target.probe, state: target.state, model: { kind: 'open', rate: 20, inFlight: 20 }, shard: { index: 0, count: 1 }, runId: 't', durationMs: 500, maxRequests: 100, timeoutMs: 200 });
    expect(result.offered).toBe(10);
    expect(result.counts).toMatchObject({ completed: 10, ok: 0, errors: 10, timeouts: 10, connectionErrors: 0, byCode: { timeout: 10 } });
    expect(result.latency.count).toBe(10);
    expect(result.latency.min).toBeGreaterThanOrEqual(199.9);
    expect(result.errorRatePercent).toBe(100);
  });

  it('closed model: a connection whose request times out records a timeout', async () => {
    const { result } = await runLoad({ profile: target.probe, state: target.state, model: { kind: 'closed', connections: 2 }, shard: { index: 0, count: 1 }, runId: 't', durationMs: 1500, maxRequests: 100, timeoutMs: 1000 });
    expect(result.counts.ok).toBe(0);
    expect(result.counts.timeouts).toBeGreaterThanOrEqual(1);
    expect(result.counts.byCode.timeout).toBe(result.counts.timeouts);
    // (within the histogram's 3 significant digits)
    expect(result.latency.min).toBeGreaterThanOrEqual(999);
  });
});
