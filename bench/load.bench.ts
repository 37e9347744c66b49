// Benchmarks of the load tool, each a ratio measured side by side in one run:
// (a) the reference's send rate as mcs (closed model) and wrk each see it, same endpoint, connections and
//     fixed body. Both meet the reference's own ceiling, so this row measures the reference, not the
//     generator (the generator's rows are in generator.bench.ts). Needs Debian's wrk: `apt-get install wrk`.
// (b) latency truthfulness: against a server that stalls 200 ms every second, the open model's p99 and
//     max / the ground truth computed from the schedule (goal 0.9..1.1); the closed model's on the same
//     server is shown for contrast.
// (c) webhook-delivery end-to-end p99 at a fixed offered rate against the reference (/ a 250 ms budget).
// The reference runs in a child process so the load generator does not share its event loop.
import { fileURLToPath } from 'node:url';
import { createLoadOrganization } from '../load/control.js';
import { startChild, type BenchChild } from './child.js';
import type { BenchRow } from './run.js';
import { webhookDelivery } from '../load/profiles/webhook-delivery.js';
import { runLoad } from '../load/runner.js';
import { withProfile } from '../load/session.js';
import type { StallSchedule } from '../load/stall-server.js';
import { stallTruth } from '../load/stall-truth.js';
import { postProbe, probeRef } from '../load/probe-profiles.js';
import type { ProfileState, Shard } from '../load/types.js';
import { fixedSend } from './fixed-send.js';
import { hasWrk, median, WRK_MISSING, wrkRate, type WrkRun } from './wrk.js';

const WHOLE: Shard = { index: 0, count: 1 };

type ReferenceChild = BenchChild<{ v4: string; control: string }>;

function startReferenceChild(): Promise<ReferenceChild> {
  const entry = new URL('../reference/index.ts', import.meta.url).href;
  return startChild(`const { startReference } = await import(${JSON.stringify(entry)}); const r = await startReference({ log() {} }); ready(r.urls, () => r.close());`);
}

function startStallChild(schedule: StallSchedule): Promise<BenchChild<{ url: string }>> {
  const entry = new URL('../load/stall-server.ts', import.meta.url).href;
  return startChild(`const { startStallServer } = await import(${JSON.stringify(entry)}); const s = await startStallServer(${JSON.stringify(schedule)}); ready({ url: s.url }, () => s.close());`);
}


const PAIRS = 4;
const REFERENCE_ROW = 'load: reference-bound send rate, mcs / wrk';

export async function throughputVsWrk(reference: ReferenceChild): Promise<BenchRow> {
  const name = REFERENCE_ROW;
  if (!(await hasWrk())) return { name, ratio: NaN, goal: 'none (reference-bound)', detail: WRK_MISSING };
  const connections = 20;
  const seconds = 3;
  const organization = await createLoadOrganization(reference.info.control, 'bench throughput');
  const context = { target: { v4Url: reference.info.v4, apiKey: organization.apiKey }, shard: WHOLE, runId: 'bench', options: {}, log: () => undefined };
  let cpuMicros = 0;
  let requests = 0;
  const ourRun = async (round: number): Promise<{ rate: number; errors: number }> => {
    const cpu = process.cpuUsage();
    const result = await withProfile(fixedSend, context, async (state) =>
      (await runLoad({ profile: fixedSend, state, model: { kind: 'closed', connections }, shard: WHOLE, runId: `bench${round}`, durationMs: seconds * 1000, maxRequests: 10_000_000, timeoutMs: 10_000, firstIndex: round * 10_000_000 })).result,
    );
    const used = process.cpuUsage(cpu);
    cpuMicros += used.user + used.system;
    requests += result.counts.completed;
    return { rate: result.achievedRate, errors: result.counts.errors };
  };
  const wrk = (): Promise<WrkRun> => wrkRate(`${reference.info.v4}/messages`, organization.apiKey, connections, seconds);
  // Warm the JITs first (the server's, and this process's autocannon path: wrk is native and needs
  // none), then measure in pairs whose order alternates (wrk first, then mcs first), so that drift (a
  // growing store, other work on the machine) weighs on both alike; the ratio is the median of the
  // pairs' ratios.
  await wrkRate(`${reference.info.v4}/messages`, organization.apiKey, connections, 2);
  await ourRun(PAIRS);
  cpuMicros = 0;
  requests = 0;
  const ratios: number[] = [];
  const pairs: string[] = [];
  let errors = 0;
  let non2xx = 0;
  for (let pair = 0; pair < PAIRS; pair++) {
    const first = pair % 2 === 0 ? await wrk() : await ourRun(pair);
    const second = pair % 2 === 0 ? await ourRun(pair) : await wrk();
    const [w, m] = (pair % 2 === 0 ? [first, second] : [second, first]) as [WrkRun, { rate: number; errors: number }];
    ratios.push(m.rate / w.rps);
    errors += m.errors;
    non2xx += w.non2xx;
    pairs.push(`mcs ${m.rate.toFixed(0)}/wrk ${w.rps.toFixed(0)}`);
  }
  const ratio = median(ratios);
  return { name, ratio, goal: 'none (reference-bound)', detail: `both tools meet the reference's ceiling, so this is the reference's rate, not the generator's; median of ${PAIRS} pairs (${pairs.join(', ')} req/s), ${connections} connections, one load thread each, ${seconds} s per run; errors mcs ${errors}, wrk non-2xx ${non2xx}; mcs used ${(cpuMicros / Math.max(1, requests)).toFixed(0)} µs of CPU per request (send, check, record), CPU that a busy machine takes from the server` };
}

async function latencyTruthfulness(): Promise<BenchRow[]> {
  const schedule = { periodMs: 1000, stallMs: 200 };
  // In its own process: the release of 100 stalled responses at once must not delay the load generator.
  const child = await startStallChild(schedule);
  const server = child.info;
  try {
    const probe = postProbe;
    const state: ProfileState = { baseUrl: server.url, headers: {} };
    // 200/s: 40 requests meet each stall (20% of the schedule, so the p99 lies inside one) while the
    // generator stays light enough that a busy machine does not add its own lateness.
    const rate = 200;
    const durationMs = 6000;
    // Unmeasured first second: the generator's JIT warms up, so its start-up does not count as lateness.
    // Two workers, each an interleaved half of the schedule: the truth must hold across threads too.
    const workers = 2;
    const onWorkers = { workers, profileRef: probeRef(probe) };
    await runLoad({ profile: probe, ...onWorkers, state, model: { kind: 'open', rate, inFlight: 256 }, shard: WHOLE, runId: 'w', durationMs: 1000, maxRequests: 1e6, timeoutMs: 5000 });
    const open = (await runLoad({ profile: probe, ...onWorkers, state, model: { kind: 'open', rate, inFlight: 256 }, shard: WHOLE, runId: 'b', durationMs, maxRequests: 1e6, timeoutMs: 5000 })).result;
    const truth = stallTruth(schedule, open.scheduleStartEpochMs ?? 0, rate, open.offered);
    const closed = (await runLoad({ profile: probe, state, model: { kind: 'closed', connections: 10 }, shard: WHOLE, runId: 'b', durationMs, maxRequests: 1e6, timeoutMs: 5000 })).result;
    const closedNote = `closed model (10 conn) on the same server: p99 ${closed.latency.p99} ms, max ${closed.latency.max} ms`;
    return [
      { name: 'load: open-model p99 / true p99 (stalls, 2 workers)', ratio: open.latency.p99 / truth.p99, goal: '0.9..1.1', detail: `open ${rate}/s on ${workers} workers: p99 ${open.latency.p99} ms vs truth ${truth.p99} ms (the generator's own send lag p99 ${open.sendLag?.p99 ?? '?'} ms is part of the reported figure); ${closedNote}` },
      { name: 'load: open-model max / true max (stalls, 2 workers)', ratio: open.latency.max / truth.max, goal: '0.9..1.1', detail: `open: max ${open.latency.max} ms vs truth ${truth.max} ms (stall ${schedule.stallMs} ms every ${schedule.periodMs} ms)` },
      { name: 'load: closed-model p99 / true p99 (contrast)', ratio: closed.latency.p99 / truth.p99, goal: 'none (shows omission)', detail: closedNote },
    ];
  } finally {
    await child.stop();
  }
}

async function webhookEndToEnd(reference: ReferenceChild): Promise<BenchRow> {
  const rate = 100;
  const budgetMs = 250;
  const context = { target: { v4Url: reference.info.v4, controlUrl: reference.info.control }, shard: WHOLE, runId: 'benchwh', options: { 'drain-ms': '5000' }, log: () => undefined };
  const result = await withProfile(webhookDelivery, context, async (state) =>
    (await runLoad({ profile: webhookDelivery, state, model: { kind: 'open', rate, inFlight: 64 }, shard: WHOLE, runId: 'benchwh', durationMs: 5000, maxRequests: 1e6, timeoutMs: 10_000 })).result,
  );
  const d = result.delivery;
  if (d === undefined) return { name: 'load: webhook-delivery e2e p99 / 250 ms', ratio: NaN, goal: '<= 1', detail: 'no delivery figures' };
  return {
    name: 'load: webhook-delivery e2e p99 / 250 ms',
    ratio: d.latency.p99 / budgetMs,
    goal: '<= 1',
    detail: `${rate}/s for 5 s: e2e p50 ${d.latency.p50} ms, p99 ${d.latency.p99} ms, max ${d.latency.max} ms; delivered ${d.delivered}/${d.expected}, lost ${d.lost}, duplicated ${d.duplicated}, badly signed ${d.badlySigned}; send p99 ${result.latency.p99} ms`,
  };
}

/** Runs one bench part against a fresh reference in its own process (the reference keeps every message). */
export async function withReference(name: string, goal: string, part: (reference: ReferenceChild) => Promise<BenchRow>): Promise<BenchRow> {
  let reference: ReferenceChild;
  try {
    reference = await startReferenceChild();
  } catch (error) {
    return { name, ratio: NaN, goal, detail: `reference not available: ${(error as Error).message.split('\n')[0]}` };
  }
  try {
    return await part(reference);
  } finally {
    await reference.stop();
  }
}

export default async function bench(): Promise<BenchRow[]> {
  return [
    ...(await latencyTruthfulness()),
    await withReference(REFERENCE_ROW, 'none (reference-bound)', throughputVsWrk),
    await withReference('load: webhook-delivery e2e p99 / 250 ms', '<= 1', webhookEndToEnd),
  ];
}

// `node --import tsx bench/load.bench.ts` runs this bench alone.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const row of await bench()) process.stdout.write(`${row.name.padEnd(48)} ratio ${row.ratio.toFixed(3).padStart(7)}  (goal ${row.goal})  ${row.detail}\n`);
}
