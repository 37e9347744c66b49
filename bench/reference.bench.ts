// The reference's POST /v4/messages throughput against a minimal node:http server answering a fixed JSON
// body, measured side by side in one run with autocannon (same connections, same duration). Each server runs
// in its own child process so that neither shares the load generator's event loop. The two are measured in
// alternating one-second rounds (five each) and the ratio is the median of the adjacent pairs, so that the
// load of a shared machine drifting during the run moves both sides alike. Goal: ratio >= 0.5.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

interface BenchRow {
  name: string;
  ratio: number;
  goal: string;
  detail: string;
}

interface Target {
  url: string;
  key?: string;
}

const CONNECTIONS = 10;
const ROUNDS = 5;
const ROUND_S = 1;
const WARMUP_S = 1;
const BODY = JSON.stringify({ to: '+12025550143', text: 'Your order has shipped and will arrive tomorrow.' });
const referenceIndex = new URL('../reference/index.ts', import.meta.url).href;

const baselineCode = `
import { createServer } from 'node:http';
const body = ${JSON.stringify(BODY.replace('"to"', '"id":"msg_fixed","to"'))};
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body));
});
server.listen(0, '127.0.0.1', () => ready({ url: 'http://127.0.0.1:' + server.address().port }, () => new Promise((r) => server.close(r))));
`;

const referenceCode = `
const { startReference } = await import(${JSON.stringify(referenceIndex)});
const ref = await startReference({ log: () => {} });
const org = await (await fetch(ref.urls.control + '/organizations', { method: 'POST' })).json();
ready({ url: ref.urls.base, key: org.data.api_keys.primary.api_key }, () => ref.close());
`;

interface Child {
  target: Target;
  /** CPU time the server process has used so far (ms), where the platform tells (Linux /proc); else undefined. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

/** utime + stime of a process from /proc/<pid>/stat, in ms (/proc counts in USER_HZ, 100 per second). */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Runs ESM `code` with tsx in a child; it calls ready(info, close) once listening; closing stdin stops it. */
async function startChild(code: string): Promise<Child> {
  const prelude = `const ready = (info, close) => { process.stdout.write(JSON.stringify(info) + '\\n'); process.stdin.on('end', () => Promise.resolve(close()).then(() => process.exit(0))); process.stdin.resume(); };`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `${prelude}\n${code}`], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const target = await new Promise<Target>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('a bench server did not start within 30 s')), 30_000);
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const newline = out.indexOf('\n');
      if (newline >= 0) {
        clearTimeout(timer);
        resolve(JSON.parse(out.slice(0, newline)) as Target);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`a bench server exited early (code ${code})`));
    });
  });
  return {
    target,
    cpuMs: () => processCpuMs(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.stdin?.end();
      }),
  };
}

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

/** POST /v4/messages when the reference serves it, else GET /v4/me (said in the detail). */
async function pickEndpoint(target: Target): Promise<{ path: string; method: 'GET' | 'POST'; body?: string }> {
  const headers = { authorization: `Bearer ${target.key}`, 'content-type': 'application/json' };
  const probe = await fetch(`${target.url}/v4/messages`, { method: 'POST', headers, body: BODY });
  await probe.arrayBuffer();
  return probe.ok ? { path: '/v4/messages', method: 'POST', body: BODY } : { path: '/v4/me', method: 'GET' };
}

export default async function bench(): Promise<BenchRow[]> {
  const baseline = await startChild(baselineCode);
  const reference = await startChild(referenceCode);
  try {
    const endpoint = await pickEndpoint(reference.target);
    const refOptions = {
      method: endpoint.method,
      headers: { authorization: `Bearer ${reference.target.key}`, 'content-type': 'application/json' },
      ...(endpoint.body ? { body: endpoint.body } : {}),
    };
    const baseOptions = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: BODY };
    const measureRef = (seconds: number) => measure(reference, `${reference.target.url}${endpoint.path}`, refOptions, seconds);
    const measureBase = (seconds: number) => measure(baseline, baseline.target.url, baseOptions, seconds);
    await measureRef(WARMUP_S);
    await measureBase(WARMUP_S);
    const rounds: Array<{ ref: Measured; base: Measured }> = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which side goes first, so a trend in background load does not favour one.
      if (i % 2 === 0) {
        const base = await measureBase(ROUND_S);
        rounds.push({ base, ref: await measureRef(ROUND_S) });
      } else {
        const ref = await measureRef(ROUND_S);
        rounds.push({ ref, base: await measureBase(ROUND_S) });
      }
    }
    const ratios = rounds.map((r) => (r.base.rps > 0 ? r.ref.rps / r.base.rps : Number.NaN)).sort((a, b) => a - b);
    const sum = (pick: (r: { ref: Measured; base: Measured }) => number) => rounds.reduce((total, r) => total + pick(r), 0);
    const refRps = sum((r) => r.ref.rps) / ROUNDS;
    const baseRps = sum((r) => r.base.rps) / ROUNDS;
    const bad = sum((r) => r.ref.non2xx + r.ref.errors);
    const note = endpoint.path === '/v4/messages' ? '' : ' (POST /v4/messages not served yet: measured GET /v4/me)';
    const failures = bad > 0 ? `; reference non-2xx or errors: ${bad}` : '';
    // The servers' own CPU per request says where the gap is: in the server's work, not in the load generator.
    const refCpu = cpuPerRequestMicros(rounds.map((r) => r.ref));
    const baseCpu = cpuPerRequestMicros(rounds.map((r) => r.base));
    const cpu = refCpu === undefined || baseCpu === undefined ? '' : `; server CPU per request ${refCpu.toFixed(0)} vs ${baseCpu.toFixed(0)} µs`;
    return [
      {
        name: `reference ${endpoint.method} ${endpoint.path} vs node:http`,
        ratio: ratios[Math.floor(ratios.length / 2)] ?? Number.NaN,
        goal: '>= 0.5',
        detail: `median of ${ROUNDS} alternating ${ROUND_S} s rounds; mean ${Math.round(refRps)} vs ${Math.round(baseRps)} req/s, ${CONNECTIONS} connections${cpu}${failures}${note}`,
      },
    ];
  } finally {
    await Promise.all([baseline.stop(), reference.stop()]);
  }
}
