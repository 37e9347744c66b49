// The load generator's own speed, against a send endpoint that is not the bottleneck: a minimal node:http
// stand-in (load/send-stand-in.ts) in its own process, answering every send with 201 and a message id.
// Measured side by side in rounds whose order rotates (wrk, mcs, raw autocannon), so a busy shared machine
// weighs on all three alike; each ratio is the median of the rounds' ratios.
// - closed model: mcs send (fixed body, unique keys) / wrk -t 1 (goal >= 0.8);
// - open model: the highest rate held with send lag p99 < 5 ms (and every request answered) / wrk's rate
//   (goal >= 0.7), found by bisection on the rate;
// - CPU per request: µs of this process's CPU per request, mcs / raw autocannon on the same body (their
//   client does no checks and no key per request: the goal is to come close, <= 1.25).
// The stand-in's CPU use is printed: near one full core it is the bottleneck and the ratios flatter mcs.
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import type { ApiState } from '../load/profiles/common.js';
import { FIXED_SEND_MODULE, fixedSend } from './fixed-send.js';
import type { LoadResult } from '../load/result.js';
import { runLoad } from '../load/runner.js';
import type { Shard } from '../load/types.js';
import { startChild, type BenchChild } from './child.js';
import type { BenchRow } from './run.js';
import { FIXED_BODY, hasWrk, median, WRK_MISSING, wrkRate } from './wrk.js';

const WHOLE: Shard = { index: 0, count: 1 };
const CONNECTIONS = 50;
const SECONDS = 3;
const ROUNDS = 3;
const LAG_BUDGET_MS = 5;
const OPEN_STEPS = 5;
const OPEN_WORKERS = [1, 2];

const ROWS = {
  closed: 'load generator: closed-model rate / wrk',
  open: 'load generator: open-model held rate / wrk',
  cpu: 'load generator: CPU per request, mcs / autocannon',
} as const;

function startStandIn(): Promise<BenchChild<{ url: string }>> {
  const entry = new URL('../load/send-stand-in.ts', import.meta.url).href;
  return startChild(`const { startSendStandIn } = await import(${JSON.stringify(entry)}); const s = await startSendStandIn(); ready({ url: s.url }, () => s.close());`);
}

interface Measured {
  rate: number;
  cpuUsPerRequest: number;
  errors: number;
  /** The stand-in's CPU over the run, as a share of one core (undefined where the platform does not say). */
  serverCore: number | undefined;
}

async function measured(server: BenchChild<unknown>, run: () => Promise<{ rate: number; requests: number; errors: number; seconds: number }>): Promise<Measured> {
  const serverBefore = server.cpuMs();
  const cpu = process.cpuUsage();
  const r = await run();
  const used = process.cpuUsage(cpu);
  const serverAfter = server.cpuMs();
  return {
    rate: r.rate,
    cpuUsPerRequest: (used.user + used.system) / Math.max(1, r.requests),
    errors: r.errors,
    serverCore: serverBefore === undefined || serverAfter === undefined ? undefined : (serverAfter - serverBefore) / (r.seconds * 1000),
  };
}

export default async function bench(): Promise<BenchRow[]> {
  const server = await startStandIn();
  try {
    const baseUrl = `${server.info.url}/v4`;
    let round = 0;
    const state = (): ApiState => ({ baseUrl, headers: { authorization: 'Bearer bench' }, organization: undefined, runId: `gen${round++}`, shard: WHOLE, controlUrl: undefined });
    const mcsRun = (model: { kind: 'closed'; connections: number } | { kind: 'open'; rate: number; inFlight: number }, seconds = SECONDS, workers = 1): Promise<LoadResult> =>
      runLoad({ profile: fixedSend, profileRef: { module: FIXED_SEND_MODULE, name: fixedSend.name }, workers, state: state(), model, shard: WHOLE, runId: 'gen', durationMs: seconds * 1000, maxRequests: 10_000_000, timeoutMs: 10_000 }).then((o) => o.result);
    const mcs = (): Promise<Measured> =>
      measured(server, async () => {
        const r = await mcsRun({ kind: 'closed', connections: CONNECTIONS });
        return { rate: r.achievedRate, requests: r.counts.completed, errors: r.counts.errors, seconds: r.durationMs / 1000 };
      });
    const cannon = (): Promise<Measured> =>
      measured(server, async () => {
        const r = await autocannon({ url: `${baseUrl}/messages`, connections: CONNECTIONS, duration: SECONDS, method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer bench' }, body: JSON.stringify(FIXED_BODY) });
        return { rate: r.requests.total / Math.max(0.001, r.duration), requests: r.requests.total, errors: r.errors + r.non2xx, seconds: r.duration };
      });
    const withWrk = await hasWrk();
    const wrk = (): Promise<Measured> =>
      measured(server, async () => {
        const w = await wrkRate(`${baseUrl}/messages`, 'bench', CONNECTIONS, SECONDS);
        return { rate: w.rps, requests: 0, errors: w.non2xx, seconds: SECONDS };
      });

    // Warm-up: the stand-in's and this process's JITs (wrk is native and needs none).
    await mcsRun({ kind: 'closed', connections: CONNECTIONS }, 2);
    await cannon();

    const closedRatios: number[] = [];
    const cpuRatios: number[] = [];
    const wrkRates: number[] = [];
    const lines: string[] = [];
    const ours: number[] = [];
    const theirs: number[] = [];
    const serverCores: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order = ['wrk', 'mcs', 'cannon'].slice(r % 3).concat(['wrk', 'mcs', 'cannon'].slice(0, r % 3));
      const got: Record<string, Measured | undefined> = {};
      for (const who of order) {
        if (who === 'wrk' && !withWrk) continue;
        got[who] = await (who === 'wrk' ? wrk() : who === 'mcs' ? mcs() : cannon());
      }
      const m = got.mcs as Measured;
      const a = got.cannon as Measured;
      ours.push(m.cpuUsPerRequest);
      theirs.push(a.cpuUsPerRequest);
      cpuRatios.push(m.cpuUsPerRequest / a.cpuUsPerRequest);
      for (const x of Object.values(got)) if (x?.serverCore !== undefined) serverCores.push(x.serverCore);
      if (got.wrk !== undefined) {
        wrkRates.push(got.wrk.rate);
        closedRatios.push(m.rate / got.wrk.rate);
      }
      lines.push(`mcs ${m.rate.toFixed(0)}${got.wrk === undefined ? '' : `/wrk ${got.wrk.rate.toFixed(0)}`}/autocannon ${a.rate.toFixed(0)}`);
    }
    const wrkMedian = median(wrkRates);
    const standIn = serverCores.length === 0 ? '' : `; the stand-in used up to ${Math.round(100 * Math.max(...serverCores))}% of a core`;
    const context = `${CONNECTIONS} connections, ${SECONDS} s runs, ${ROUNDS} rounds (${lines.join(', ')} req/s)${standIn}`;

    const rows: BenchRow[] = [];
    rows.push(withWrk ? { name: ROWS.closed, ratio: median(closedRatios), goal: '>= 0.8', detail: context } : { name: ROWS.closed, ratio: NaN, goal: '>= 0.8', detail: `${WRK_MISSING}; ${context}` });

    // Open model: bisection on the rate for the highest one held (send lag p99 < 5 ms, all answered), on
    // one worker (as wrk -t 1 has one thread) and on two.
    const reference = withWrk ? wrkMedian : median(lines.map((l) => Number(/autocannon (\d+)/.exec(l)?.[1] ?? NaN)));
    const held: Array<{ workers: number; rate: number; tried: string }> = [];
    for (const workers of OPEN_WORKERS) {
      let low = 0;
      let high = reference * 1.2;
      let rate = reference * 0.7;
      const tried: string[] = [];
      for (let step = 0; step < OPEN_STEPS; step++) {
        const r = await mcsRun({ kind: 'open', rate: Math.round(rate), inFlight: 256 }, SECONDS, workers);
        const lag = r.sendLag?.p99 ?? Infinity;
        const ok = lag < LAG_BUDGET_MS && r.counts.ok === r.offered;
        tried.push(`${Math.round(rate)}/s lag p99 ${lag} ms ${ok ? 'held' : 'not held'}`);
        if (ok) low = rate;
        else high = rate;
        rate = (low + high) / 2;
      }
      held.push({ workers, rate: low, tried: `${workers} worker${workers === 1 ? '' : 's'}: held ${Math.round(low)}/s (${tried.join(', ')})` });
    }
    const best = held.reduce((a, b) => (b.rate > a.rate ? b : a));
    const gap = best.rate / reference < 0.7 ? '; below the goal: one worker is one core, and each answer at the open model\'s concurrency wakes the loop on its own (load/README.md, "The open model\'s gap")' : '';
    const openDetail = `highest held ${Math.round(best.rate)}/s on ${best.workers} worker(s) vs ${withWrk ? 'wrk' : 'autocannon'} ${Math.round(reference)}/s${gap}; ${held.map((h) => h.tried).join('; ')}`;
    rows.push(withWrk ? { name: ROWS.open, ratio: best.rate / wrkMedian, goal: '>= 0.7', detail: openDetail } : { name: ROWS.open, ratio: NaN, goal: '>= 0.7', detail: `${WRK_MISSING}; ${openDetail}` });

    rows.push({ name: ROWS.cpu, ratio: median(cpuRatios), goal: '<= 1.25', detail: `µs of CPU per request: mcs ${median(ours).toFixed(1)}, autocannon ${median(theirs).toFixed(1)} (closed model, same body, ${CONNECTIONS} connections)` });
    return rows;
  } finally {
    await server.stop();
  }
}

// `node --import tsx bench/generator.bench.ts` runs this bench alone.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const row of await bench()) process.stdout.write(`${row.name.padEnd(48)} ratio ${row.ratio.toFixed(3).padStart(7)}  (goal ${row.goal})  ${row.detail}\n`);
}
