// --start-at: the instant parses from epoch ms or ISO 8601, a shard waits for it and starts its schedule
// exactly there, a late shard starts at once and records how late, and every result records its window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from './runner.js';
import { awaitStart, MAX_START_LEAD_MS, parseStartAt, type WallClock } from './start-at.js';
import { startProbeTarget, type ProbeTarget } from './test-helpers.js';
import { pace, timeLimit } from '../test/support/pace.js';

const NOW = Date.parse('2026-11-26T05:00:00Z');

/** A wall clock that only moves when slept on, and remembers the sleeps. */
function fakeWallClock(now: number): WallClock & { slept: number[] } {
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

describe('parseStartAt', () => {
  it('reads epoch milliseconds and ISO 8601 times with their offset', () => {
    expect(parseStartAt(String(NOW + 30_000), NOW)).toBe(NOW + 30_000);
    expect(parseStartAt('2026-11-26T05:00:30Z', NOW)).toBe(NOW + 30_000);
    expect(parseStartAt('2026-11-26T05:00:30.250Z', NOW)).toBe(NOW + 30_250);
    expect(parseStartAt('2026-11-26T06:00:30+01:00', NOW)).toBe(NOW + 30_000);
    // In the past is allowed: the shard is late and says so.
    expect(parseStartAt('2026-11-26T04:59:00Z', NOW)).toBe(NOW - 60_000);
  });

  it.each([
    ['2026-11-26T05:00:30', /offset/], // local time: a different instant on each pod's time zone
    ['tomorrow', /epoch milliseconds or an ISO 8601/],
    ['30s', /epoch milliseconds or an ISO 8601/],
    ['2026-13-45T99:00:00Z', /not a valid time/],
    [String(NOW + MAX_START_LEAD_MS + 1), /ahead/],
  ])('refuses %s', (text, message) => {
    expect(() => parseStartAt(text, NOW)).toThrow(message);
  });
});

describe('awaitStart', () => {
  it('waits until the instant', async () => {
    const clock = fakeWallClock(NOW);
    expect(await awaitStart(NOW + 1234, clock)).toEqual({ plannedStartEpochMs: NOW + 1234, waited: true, lateByMs: 0 });
    expect(clock.slept).toEqual([1234]);
  });

  it('goes at once when late, with its lateness', async () => {
    const clock = fakeWallClock(NOW + 700);
    expect(await awaitStart(NOW, clock)).toEqual({ plannedStartEpochMs: NOW, waited: false, lateByMs: 700 });
    expect(clock.slept).toEqual([]);
  });
});

let target: ProbeTarget;
const arrivals: number[] = [];
beforeAll(async () => {
  target = await startProbeTarget((_req, res) => {
    arrivals.push(Date.now());
    res.end('ok');
  });
});
afterAll(() => target.close());

describe('a run with --start-at', () => {
  const run = (startAtEpochMs: number, wallClock?: WallClock) =>
    runLoad({ profile: target.probe, state: target.state, model: { kind: 'open', rate: 20, inFlight: 4 }, shard: { index: 0, count: 1 }, runId: 's', durationMs: 500, maxRequests: 100, timeoutMs: timeLimit({ requests: 1 }), startAtEpochMs, ...(wallClock ? { wallClock } : {}) });

  it('starts its schedule at the instant and records that window', async () => {
    arrivals.length = 0;
    // Time for the run to get ready at this machine's pace; one that is ready late anyway starts at once and
    // says how late (the honest answer of a starved machine, judged as such).
    const planned = Date.now() + Math.ceil(1500 * pace());
    const { result } = await run(planned);
    const late = result.window?.lateByMs ?? 0;
    expect(result.window).toMatchObject({ startEpochMs: planned + late, plannedStartEpochMs: planned, lateByMs: late });
    expect(result.window?.endEpochMs).toBeGreaterThanOrEqual(planned + late + 500);
    if (late === 0) expect(result.startedAt).toBe(new Date(planned).toISOString());
    expect(result.counts.ok).toBe(10);
    // Nothing went out before the instant (node's timers may wake a millisecond early).
    expect(Math.min(...arrivals)).toBeGreaterThanOrEqual(planned - 2);
  });

  it('a late shard starts at once and records how late it was', async () => {
    const clock = fakeWallClock(NOW + 5000);
    const { result } = await run(NOW, clock);
    expect(clock.slept).toEqual([]);
    expect(result.window?.plannedStartEpochMs).toBe(NOW);
    expect(result.window?.lateByMs).toBeGreaterThanOrEqual(5000);
    expect(result.window?.startEpochMs).toBeGreaterThanOrEqual(NOW + 5000);
    expect(result.counts.ok).toBe(10);
  });

  it('a run without --start-at still records its window, without lateness', async () => {
    const before = Date.now();
    const { result } = await runLoad({ profile: target.probe, state: target.state, model: { kind: 'closed', connections: 1 }, shard: { index: 0, count: 1 }, runId: 's', durationMs: 300, maxRequests: 5, timeoutMs: timeLimit({ requests: 1 }) });
    expect(result.window?.startEpochMs).toBeGreaterThanOrEqual(before - 1);
    expect(result.window?.endEpochMs).toBeGreaterThan(result.window?.startEpochMs ?? Infinity);
    expect(result.window).not.toHaveProperty('lateByMs');
  });
});
