// The capacity search against real servers (issue 34 item 2): a server of known capacity (fixed service
// time and concurrency: load/queue-server.ts, in a process of its own so it never shares the generator's
// event loop) is found within 10% in each of 3 runs, and a deliberately noisy one is flagged. Nothing here
// is a wall-clock figure: the known capacity is concurrency / service time, and the search's answer is
// compared with that ratio. On a busy machine the search may say it is not sure (confidence unsure or noisy,
// with why): that statement is judged as such, for its reasons; only a confident wrong answer fails.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startChild, type BenchChild } from '../../bench/child.js';
import { formatCapacity, searchCapacity, type CapacityReport } from '../../load/capacity.js';
import type { QueueServerOptions } from '../../load/queue-server.js';
import { runLoad } from '../../load/runner.js';
import { parseSlo } from '../../load/slo.js';
import type { Profile, ProfileState } from '../../load/types.js';
import { timeLimit } from '../support/pace.js';

const children: BenchChild<{ url: string; capacity: number }>[] = [];
afterAll(() => Promise.all(children.map((c) => c.stop())));

async function queueServer(options: QueueServerOptions): Promise<{ url: string; capacity: number }> {
  const entry = new URL('../../load/queue-server.ts', import.meta.url).href;
  const child = await startChild<{ url: string; capacity: number }>(`const { startQueueServer } = await import(${JSON.stringify(entry)}); const s = await startQueueServer(${JSON.stringify(options)}); ready({ url: s.url, capacity: s.capacity }, () => s.close());`);
  children.push(child);
  return child.info;
}

/** GET / on the server, every answer a 200. */
function probeOf(baseUrl: string): { profile: Profile; state: ProfileState } {
  const state: ProfileState = { baseUrl, headers: {} };
  return { state, profile: { name: 'probe', description: 'GET /', setup: async () => state, request: () => ({ method: 'GET', path: '/', headers: {} }), check: () => ({ ok: true }) } };
}

/** One search as `mcs load capacity` runs it: each run a bounded open-model run, a pause between runs. */
async function search(url: string, options: { startRate: number; sloText: string; runMs: number; pauseMs: number; maxSteps?: number }): Promise<CapacityReport> {
  const { profile, state } = probeOf(url);
  let firstIndex = 0;
  const report = await searchCapacity({
    slo: parseSlo(options.sloText),
    sloText: options.sloText,
    profile: 'probe',
    startRate: options.startRate,
    maxRate: 10_000,
    factor: 1.5,
    stepDurationMs: options.runMs,
    ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }),
    async runStep(rate) {
      const { result } = await runLoad({ profile, state, model: { kind: 'open', rate, inFlight: 4096 }, shard: { index: 0, count: 1 }, runId: 'capacity-e2e', durationMs: options.runMs, maxRequests: 1_000_000, timeoutMs: timeLimit({ requests: 1 }), verify: false, firstIndex });
      firstIndex += result.offered;
      await sleep(options.pauseMs);
      return result;
    },
  });
  process.stdout.write(formatCapacity(report));
  return report;
}

/**
 * A search that says it is not sure (unsure or noisy) says why, in its notes or its diagnosis, and its capacity
 * says so too: the honest answer of a busy machine, which the tests accept in place of a figure.
 */
function saysWhyUnsure(report: CapacityReport): boolean {
  if (report.confidence === 'steady') return false;
  expect(report.noise.length + report.diagnosis.length, `confidence ${report.confidence} without a reason`).toBeGreaterThan(0);
  expect(report.capacity.text).toMatch(report.confidence === 'noisy' ? /noisy: see the notes$/ : /unsure: see the diagnosis$/);
  console.info(`the search was not sure (${report.confidence}): ${[...report.noise.map((n) => n.text), ...report.diagnosis].join('; ')}`);
  return true;
}

// A search of a dozen rates, each run two to four times for 1-2 s with pauses between: about a minute of a quiet machine.
describe('the capacity search against servers of known behaviour', { timeout: timeLimit({ nodeRuns: 1, quietMs: 60_000 }) }, () => {
  // 20 requests at a time, 50 ms each: 400/s. Under the SLO (p99 < 3 x the service time, so that a busy
  // machine's pauses of the timers do not break it) it holds up to about 5% above that, where a 2 s run
  // queues the 100 ms of work that reach the limit by its end.
  it.each([1, 2, 3])('finds a server of known capacity within a tenth of it (run %i of 3)', async () => {
    const server = await queueServer({ concurrency: 20, serviceMs: 50 });
    expect(server.capacity).toBe(400);
    const report = await search(server.url, { startRate: 300, sloText: 'p99<150ms', runMs: 2000, pauseMs: 100 });
    expect(report.steps.every((s) => s.runs.length >= 2)).toBe(true);
    if (saysWhyUnsure(report)) return;
    const { low, high } = report.capacity;
    expect(low, report.capacity.text).not.toBeNull();
    expect(Math.abs((low ?? 0) / server.capacity - 1), report.capacity.text).toBeLessThanOrEqual(0.1);
    expect(high, report.capacity.text).not.toBeNull();
  });

  // Fast, then 200 ms slower after every pause in its traffic: each run of a step meets the other mode.
  it('flags a deliberately noisy server, with the figures of the runs that disagreed', async () => {
    const server = await queueServer({ concurrency: 20, serviceMs: 50, noisy: { slowMs: 200, afterIdleMs: 150 } });
    const report = await search(server.url, { startRate: 100, sloText: 'p99<100ms', runMs: 1000, pauseMs: 400, maxSteps: 2 });
    // Never steady. A machine busy enough to break every run alike makes the search unsure instead, which says why.
    expect(saysWhyUnsure(report), 'a noisy server found steady').toBe(true);
    if (report.confidence === 'unsure') return;
    const note = report.noise.find((n) => n.kind === 'runs');
    // Every figure of the step's runs is in the note, the slow ones 200 ms above the fast ones.
    expect(note?.text).toMatch(/^\d+\/s: its runs disagreed \((held|broke) in \d of \d runs( \([^)]*\))*: p99<100ms( breached)? \([\d.*]+(, [\d.*]+)+\)/);
    expect(report.capacity.text).toMatch(/noisy: see the notes$/);
  });
});
