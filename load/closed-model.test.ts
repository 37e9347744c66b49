// The closed model's achieved rate is computed over the window its requests really took: autocannon
// notices the end of its duration only at a sample tick and keeps sending until then, so dividing by the
// nominal duration would credit a run with more than it did. Checked by causality, not by timing: every
// request the server saw arrived within the window the result reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from './runner.js';
import { startProbeTarget, type ProbeTarget } from './test-helpers.js';
import { timeLimit } from '../test/support/pace.js';

let target: ProbeTarget;
const arrivals: number[] = [];
beforeAll(async () => {
  target = await startProbeTarget((req, res) => {
    arrivals.push(performance.now());
    req.resume();
    req.on('end', () => res.end('{}'));
  });
});
afterAll(() => target.close());

describe('closed model', () => {
  it('reports its rate over a window that holds every request it counted', async () => {
    const { result } = await runLoad({ profile: target.probe, state: target.state, model: { kind: 'closed', connections: 2 }, shard: { index: 0, count: 1 }, runId: 't', durationMs: 1000, maxRequests: 1_000_000, timeoutMs: timeLimit({ requests: 1 }) });
    expect(result.counts.ok).toBeGreaterThan(0);
    // The server saw the requests answered plus at most one per connection cut in flight at the end.
    // Every answered one arrived before its answer, so all but the last two arrivals lie in the window.
    expect(arrivals.length).toBeGreaterThanOrEqual(result.counts.completed);
    expect(arrivals.length).toBeLessThanOrEqual(result.counts.completed + 2);
    const span = (arrivals.at(-3) ?? 0) - (arrivals[0] ?? 0);
    expect(span).toBeLessThanOrEqual(result.durationMs + 1);
    // durationMs is reported rounded to the millisecond: agree to 0.1%, not to the last request per second.
    const rateOverReportedWindow = result.counts.completed / (result.durationMs / 1000);
    expect(Math.abs(result.achievedRate - rateOverReportedWindow) / rateOverReportedWindow).toBeLessThan(0.001);
  });
});
