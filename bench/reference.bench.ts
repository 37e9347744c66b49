// The reference's POST /v4/messages throughput against a minimal node:http server answering a fixed JSON
// body, measured side by side in one run with autocannon (same connections, same duration). Each server runs
// in its own child process so that neither shares the load generator's event loop. The two are measured in
// alternating one-second rounds (seven each) and the ratio is the median of the adjacent pairs, so that the
// load of a shared machine drifting during the run moves both sides alike. Goal: ratio >= 0.5.
// Two context rows follow: GET /v4/me (the request pipeline without a send) and the same node:http server
// computing BUSY_US per request, which translates a ratio into microseconds of server work on this machine.
// A last row compares sends to a reference holding PRELOADED_SENDS more messages with sends to a fresh one.
import autocannon from 'autocannon';
import { startChild, type BenchChild } from './child.js';
import type { BenchRow } from './run.js';

interface Target {
  url: string;
  key?: string;
}

const CONNECTIONS = 10;
const ROUNDS = 7;
const ROUND_S = 1;
// A freshly started reference reaches its steady speed only after a few seconds of load, while V8 optimizes
// its many hot functions (CPU per send, second by second from the start: 73, 47, 41, 40, 38 µs), so each
// side is loaded this long before the rounds are measured.
const WARMUP_S = 3;
const BODY = JSON.stringify({ to: '+12025550143', text: 'Your order has shipped and will arrive tomorrow.' });
const referenceIndex = new URL('../reference/index.ts', import.meta.url).href;

/** Sends a second reference answers before it is measured against a fresh one (lookups must not scan). */
const PRELOADED_SENDS = 100_000;

/** Microseconds of computation the calibration server spends on each request before answering. */
const BUSY_US = 10;

/**
 * A minimal node:http server answering a fixed JSON body; with `busyMicros` > 0 it first computes for that
 * long, so the ratio it gets says what that much server work costs in throughput on this machine.
 */
function nodeHttpCode(busyMicros: number): string {
  const work = busyMicros > 0 ? `const until = performance.now() + ${busyMicros / 1000}; while (performance.now() < until);` : '';
  return `
import { createServer } from 'node:http';
const body = ${JSON.stringify(BODY.replace('"to"', '"id":"msg_fixed","to"'))};
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => { ${work} res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body); });
});
server.listen(0, '127.0.0.1', () => ready({ url: 'http://127.0.0.1:' + server.address().port }, () => new Promise((r) => server.close(r))));
`;
}

const referenceCode = `
const { startReference } = await import(${JSON.stringify(referenceIndex)});
const ref = await startReference({ log: () => {} });
const org = await (await fetch(ref.urls.control + '/organizations', { method: 'POST' })).json();
ready({ url: ref.urls.base, key: org.data.api_keys.primary.api_key }, () => ref.close());
`;

type Child = BenchChild<Target>;

interface Measured {
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU the server used during the round (ms), when known. */
  serverCpuMs: number | undefined;
}

async function measure(server: Child, url: string, options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }, seconds: number): Promise<Measured> {
  const before = server.cpuMs();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, ...options });
  const after = server.cpuMs();
  return {
    rps: result.requests.total / Math.max(result.duration, 0.001),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    serverCpuMs: before === undefined || after === undefined ? undefined : after - before,
  };
}

/** Server CPU per request over the rounds (µs), or undefined when the platform does not tell. */
function cpuPerRequestMicros(rounds: readonly Measured[]): number | undefined {
  if (rounds.some((r) => r.serverCpuMs === undefined)) return undefined;
  const requests = rounds.reduce((total, r) => total + r.requests, 0);
  return requests === 0 ? undefined : (rounds.reduce((total, r) => total + (r.serverCpuMs ?? 0), 0) * 1000) / requests;
}

interface Side {
  server: Child;
  url: string;
  options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };
}

interface Compared {
  /** Median of the per-round ratios a/b. */
  ratio: number;
  detail: string;
}

/**
 * Measures `a` against `b` in alternating rounds (which side goes first alternates, so a trend in background
 * load favours neither) and gives the median of the adjacent pairs' ratios.
 */
async function compare(a: Side, b: Side): Promise<Compared> {
  const run = (side: Side, seconds: number) => measure(side.server, side.url, side.options, seconds);
  await run(a, WARMUP_S);
  await run(b, WARMUP_S);
  const rounds: Array<{ a: Measured; b: Measured }> = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      const first = await run(b, ROUND_S);
      rounds.push({ b: first, a: await run(a, ROUND_S) });
    } else {
      const first = await run(a, ROUND_S);
      rounds.push({ a: first, b: await run(b, ROUND_S) });
    }
  }
  const ratios = rounds.map((r) => (r.b.rps > 0 ? r.a.rps / r.b.rps : Number.NaN)).sort((x, y) => x - y);
  const mean = (pick: (r: { a: Measured; b: Measured }) => number) => rounds.reduce((total, r) => total + pick(r), 0) / rounds.length;
  const bad = rounds.reduce((total, r) => total + r.a.non2xx + r.a.errors + r.b.non2xx + r.b.errors, 0);
  // The servers' own CPU per request says where a gap is: in the server's work, not in the load generator.
  const cpuA = cpuPerRequestMicros(rounds.map((r) => r.a));
  const cpuB = cpuPerRequestMicros(rounds.map((r) => r.b));
  const cpu = cpuA === undefined || cpuB === undefined ? '' : `; server CPU per request ${cpuA.toFixed(0)} vs ${cpuB.toFixed(0)} µs`;
  const failures = bad > 0 ? `; non-2xx answers or errors: ${bad}` : '';
  return {
    ratio: ratios[Math.floor(ratios.length / 2)] ?? Number.NaN,
    detail: `median of ${ROUNDS} alternating ${ROUND_S} s rounds; mean ${Math.round(mean((r) => r.a.rps))} vs ${Math.round(mean((r) => r.b.rps))} req/s, ${CONNECTIONS} connections${cpu}${failures}`,
  };
}

/** Why `side`'s request cannot be measured, or undefined when it is answered with a 2xx. */
async function refusal(side: Side): Promise<string | undefined> {
  const probe = await fetch(side.url, side.options);
  await probe.arrayBuffer();
  return probe.ok ? undefined : `${side.options.method} ${new URL(side.url).pathname} answered ${probe.status}: not measured`;
}

/** Makes `count` sends to `side` (at the bench's concurrency) so that its stores hold that many more messages. */
async function preload(side: Side, count: number): Promise<void> {
  const result = await autocannon({ url: side.url, connections: CONNECTIONS, amount: count, ...side.options });
  if (result.non2xx + result.errors > 0) throw new Error(`preloading ${count} sends met ${result.non2xx} non-2xx answers and ${result.errors} errors`);
}

export default async function bench(): Promise<BenchRow[]> {
  const children = await Promise.all([startChild<Target>(nodeHttpCode(0)), startChild<Target>(nodeHttpCode(BUSY_US)), startChild<Target>(referenceCode), startChild<Target>(referenceCode)]);
  const [baseline, busy, reference, grown] = children;
  try {
    const base: Side = { server: baseline, url: baseline.info.url, options: { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY } };
    const sendTo = (server: Child): Side => ({
      server,
      url: `${server.info.url}/v4/messages`,
      options: { method: 'POST', headers: { authorization: `Bearer ${server.info.key}`, 'content-type': 'application/json' }, body: BODY },
    });
    const refused = await refusal(sendTo(reference));
    if (refused) return [{ name: 'reference POST /v4/messages vs node:http', ratio: Number.NaN, goal: '>= 0.5', detail: refused }];
    const send = await compare(sendTo(reference), base);
    const me = await compare({ server: reference, url: `${reference.info.url}/v4/me`, options: { method: 'GET', headers: { authorization: `Bearer ${reference.info.key}` } } }, base);
    const calibration = await compare({ ...base, server: busy, url: busy.info.url }, base);
    await preload(sendTo(grown), PRELOADED_SENDS);
    const scaling = await compare(sendTo(grown), sendTo(reference));
    return [
      { name: 'reference POST /v4/messages vs node:http', ratio: send.ratio, goal: '>= 0.5', detail: send.detail },
      // Context for the row above: the reference's request pipeline (auth, routing, body, serialization)
      // answering a read, and what a fixed amount of server work costs in throughput on this machine.
      { name: 'reference GET /v4/me vs node:http', ratio: me.ratio, goal: 'context', detail: me.detail },
      { name: `node:http + ${BUSY_US} µs of work vs node:http`, ratio: calibration.ratio, goal: 'context', detail: calibration.detail },
      // Indexed stores: a send costs about the same whatever the store holds. A scan over 100k stored entries
      // costs at least 100 µs per send, which would put this ratio under 0.5; the larger heap's GC alone
      // measured 0.78-0.92 here, hence 0.6.
      {
        name: `reference sends, ${PRELOADED_SENDS / 1000}k more stored vs fewer`,
        ratio: scaling.ratio,
        goal: '>= 0.6',
        detail: `${scaling.detail}; both grow as they are measured`,
      },
    ];
  } finally {
    await Promise.all(children.map((child) => child.stop()));
  }
}
