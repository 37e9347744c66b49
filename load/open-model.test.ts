// The open model's timing rules on a fake clock, so they are checked exactly and without wall-clock time:
// a late send is measured from its intended start (the coordinated-omission correction), an early one
// (a timer that fired early) from its actual send.
import { describe, expect, it } from 'vitest';
import { latencyStart, runOpenModel, type Clock } from './open-model.js';
import { Recorder } from './recorder.js';

/** Virtual time in ms. `sleep` ends `wakesEarlyBy` ms before it should, as node's timers may. */
function fakeClock(wakesEarlyBy = 0): Clock & { advance(ms: number): void } {
  let t = 0;
  return {
    now: () => t,
    sleep: async (ms) => {
      t += Math.max(0, ms - wakesEarlyBy);
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

async function runOnFakeClock(options: { rate: number; durationMs: number; wakesEarlyBy?: number; serviceMs: (k: number) => number }): Promise<number[]> {
  const clock = fakeClock(options.wakesEarlyBy);
  const recorder = new Recorder({ keepSamples: 100_000 });
  await runOpenModel({
    rate: options.rate,
    shard: { index: 0, count: 1 },
    durationMs: options.durationMs,
    maxRequests: 100_000,
    // One worker: every request waits for the previous one, the worst case for omission.
    inFlight: 1,
    graceMs: 60_000,
    recorder,
    clock,
    t0: 0,
    execute: async (k) => {
      clock.advance(options.serviceMs(k));
      return { kind: 'ok', status: 201 };
    },
  });
  return recorder.samples ?? [];
}

describe('open model timing', () => {
  it('measures a late request from its intended start, so a stall reaches every request it delays', async () => {
    const rate = 100; // one request every 10 ms
    const serviceMs = (k: number): number => (k === 10 ? 200 : 1); // request 10 stalls for 200 ms
    const samples = await runOnFakeClock({ rate, durationMs: 1000, serviceMs });

    // Ground truth of a single queue: request k may start at its intended time or once k-1 is done.
    const expected: number[] = [];
    let done = 0;
    for (let k = 0; k < 100; k++) {
      const intended = (k * 1000) / rate;
      done = Math.max(intended, done) + serviceMs(k);
      expected.push(Math.round((done - intended) * 1000));
    }
    expect(samples).toEqual(expected);
    // Every request intended during the stall (100..300 ms) waited at least until it ended; measured
    // from its actual send (as a closed-loop tool does), only the stalled one would have looked slow.
    for (let k = 11; k < 30; k++) expect(samples[k]).toBeGreaterThanOrEqual((300 - k * 10) * 1000);
    expect(samples.filter((us) => us >= 10_000).length).toBeGreaterThanOrEqual(20);
  });

  it('measures a request whose timer fired early from its actual send, never as faster than it was', async () => {
    const samples = await runOnFakeClock({ rate: 1000, durationMs: 100, wakesEarlyBy: 0.9, serviceMs: () => 0.5 });
    expect(samples).toHaveLength(100);
    expect(new Set(samples)).toEqual(new Set([500]));
  });

  it('starts the clock at the earlier of the intended start and the actual send', () => {
    expect(latencyStart(10, 12)).toBe(10);
    expect(latencyStart(10, 9.2)).toBe(9.2);
  });
});
