// Helpers of the load library's tests: comparing histograms, a loopback probe target. (The `mcs load`
// command's tests live beside it, in cli/commands/load/.)
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Histogram } from './histogram.js';
import { Recorder } from './recorder.js';
import { buildLatency, errorRatePercent, RESULT_SCHEMA, type LoadResult } from './result.js';
import type { Profile, ProfileState } from './types.js';

/** Every percentile on a fine grid, plus count, min and max: equal histograms agree on all of them. */
export function fingerprint(h: Histogram): number[] {
  const points = [h.totalCount, h.minNonZeroValue, h.maxValue];
  for (let p = 0; p <= 100; p += 0.5) points.push(h.getValueAtPercentile(p));
  for (const p of [99.9, 99.99, 99.999]) points.push(h.getValueAtPercentile(p));
  return points;
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

/** An instant for hand-made results: the planned start of their shards. */
export const T0 = 1_790_000_000_000;

/** Shard i of n: 10 requests a second for `seconds`, starting `offsetMs` after T0. */
export function shardResult(index: number, count: number, offsetMs: number, seconds = 10, withWindow = true): LoadResult {
  const recorder = new Recorder();
  for (let i = 0; i < 10 * seconds; i++) recorder.record({ kind: 'ok', status: 201 }, 1000 + index);
  const start = T0 + offsetMs;
  return {
    schema: RESULT_SCHEMA,
    profile: 'send',
    model: { kind: 'open', rate: 10 * count, inFlight: 4 },
    shards: [{ index, count }],
    runId: 'r',
    target: { baseUrl: 'http://127.0.0.1:1/v4' },
    startedAt: new Date(start).toISOString(),
    durationMs: seconds * 1000,
    offered: 10 * seconds,
    achievedRate: 10,
    counts: recorder.counts,
    errorRatePercent: errorRatePercent(recorder.counts),
    ...buildLatency(recorder.histogram),
    ...(withWindow ? { window: { startEpochMs: start, endEpochMs: start + seconds * 1000, plannedStartEpochMs: T0, lateByMs: offsetMs } } : {}),
  };
}
