// The open model's own ceiling, said before a run: the highest rate this generator can schedule on its
// workers. Measured, not guessed: one worker thread sends the profile's own requests for a moment to a
// stand-in that answers at once (send-stand-in.ts, in this thread), and its event loop's busy time per
// request gives the rate at which a worker would be busy all the time. After the run the result says the
// same from the run itself (runner.ts `generator`).
import { STAND_IN_FIRST_INDEX, startSendStandIn } from './send-stand-in.js';
import { splitBaseUrl } from './url.js';
import type { Profile, ProfileState } from './types.js';
import { runOnWorkers, BUILT_IN_PROFILES, type ProfileRef } from './workers.js';

export interface Ceiling {
  busyUsPerRequest: number;
  /** Requests per second the workers could send at that cost. */
  ceilingRate: number;
}

const CALIBRATION_MS = 500;

export async function calibrateCeiling<S extends ProfileState>(options: { profile: Profile<S>; state: S; workers: number; profileRef?: ProfileRef }): Promise<Ceiling | undefined> {
  const standIn = await startSendStandIn();
  try {
    const { prefix } = splitBaseUrl(options.state.baseUrl);
    const partial = await runOnWorkers({
      workers: 1,
      profile: options.profileRef ?? { module: BUILT_IN_PROFILES, name: options.profile.name },
      state: { ...options.state, baseUrl: `${standIn.url}${prefix}` } as ProfileState,
      shard: { index: 0, count: 1 },
      model: { kind: 'closed', connections: 16 },
      durationMs: CALIBRATION_MS,
      maxRequests: 1_000_000,
      timeoutMs: 5000,
      graceMs: 5000,
      keepSamples: 0,
      firstIndex: STAND_IN_FIRST_INDEX,
    });
    if (partial.sent === 0 || partial.busyMs <= 0) return undefined;
    const busyUsPerRequest = (partial.busyMs * 1000) / partial.sent;
    return { busyUsPerRequest: Math.round(busyUsPerRequest * 10) / 10, ceilingRate: Math.round((options.workers * 1e6) / busyUsPerRequest) };
  } finally {
    await standIn.close();
  }
}

/** The line printed before an open-model run. */
export function ceilingLine(ceiling: Ceiling, workers: number, rate: number, beyond: number): string {
  const head = `generator: ${workers} worker${workers === 1 ? '' : 's'} can schedule about ${ceiling.ceilingRate} req/s (${ceiling.busyUsPerRequest} µs of event loop per request, measured just now)`;
  return rate > beyond * ceiling.ceilingRate ? `${head}; ${Math.round(rate)}/s is beyond the generator: its own lateness will show in the latencies (add --workers or shards)` : head;
}
