// Ground truth for a run against the stall server: request g of an open-model schedule starts at
// t0 + g/R; its true latency is the stall it runs into (stallWait at its intended start) — the server
// answers instantly otherwise. The histogram of these values is what an honest tool should report,
// up to the (small) real service time.
import { newHistogram, recordMicros, summarize, type LatencySummary } from './histogram.js';
import { stallWait, type StallSchedule } from './stall-server.js';

export function stallTruth(schedule: StallSchedule, t0EpochMs: number, rate: number, count: number): LatencySummary {
  const h = newHistogram();
  for (let g = 0; g < count; g++) recordMicros(h, stallWait(t0EpochMs + (g * 1000) / rate, schedule) * 1000);
  return summarize(h);
}
