// Peak resident memory of a full `mcs certify`, against the embedded reference and against hostile targets
// (issues 18 and 33): 200 MB bodies with a Content-Length and without one (chunked), JSON nested 100,000
// arrays deep, and an object of 60,000 keys. Each run is the real command in a child process; its peak is
// VmHWM read from /proc while it runs (Linux only). The reference run holds the reference itself in the same
// process. Goals: the reference under 450 MB; every hostile run under 500 MB; the JSON runs within 1.5x the
// reference run's time (measured side by side here, on the same machine, so the ratio holds on a busy one).
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkedBody, deepJson, wideJson } from '../test/hostile/heavy-bodies.js';
import { giantBody, startServer, type Handler } from '../test/hostile/servers.js';
import { runMcs } from '../test/support/run-mcs.js';
import type { BenchRow } from './run.js';

const MB = 1024 * 1024;
const BODY_BYTES = 200 * MB;
const REFERENCE_BUDGET = 450 * MB;
const HOSTILE_BUDGET = 500 * MB;

interface Measured {
  peak: number | undefined;
  code: number | null;
  seconds: number;
}

async function certify(args: string[], dir: string): Promise<Measured> {
  const started = performance.now();
  const run = await runMcs(['certify', '--reports-dir', dir, '--max-duration', '600', ...args], { timeoutMs: 15 * 60_000, measureRss: true });
  return { peak: run.peakRssBytes, code: run.code, seconds: (performance.now() - started) / 1000 };
}

async function against(handler: Handler, dir: string): Promise<Measured> {
  const server = await startServer(handler);
  try {
    return await certify(['--base-url', server.url, '--api-key', 'api_benchmemory0123456789', '--timeout', '5000'], dir);
  } finally {
    await server.close();
  }
}

async function sizeOf(file: string): Promise<string> {
  try {
    return `${((await stat(file)).size / MB).toFixed(1)} MB`;
  } catch {
    return 'absent';
  }
}

const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : `${(bytes / MB).toFixed(0)} MB`);

export default async function bench(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'mcs-bench-memory-'));
  try {
    const reference = await certify([], join(dir, 'reference'));
    const hostile: Array<[string, Handler]> = [
      ['200 MB bodies, Content-Length', giantBody(BODY_BYTES)],
      ['200 MB bodies, chunked', chunkedBody(BODY_BYTES)],
      ['JSON 100,000 arrays deep', deepJson()],
      ['JSON object of 60,000 keys', wideJson()],
    ];
    const runs: Array<[string, Measured, string]> = [];
    for (const [name, handler] of hostile) {
      const out = join(dir, name.replace(/\W+/g, '-'));
      const measured = await against(handler, out);
      runs.push([name, measured, `report.json ${await sizeOf(join(out, 'report.json'))}`]);
    }
    if (reference.peak === undefined) return [{ name: 'certify peak RSS', ratio: Number.NaN, goal: '<= 1.0', detail: 'peak RSS not measurable here (no /proc)' }];
    const rows: BenchRow[] = [
      {
        name: 'certify peak RSS: reference / 450 MB',
        ratio: reference.peak / REFERENCE_BUDGET,
        goal: '<= 1.0',
        detail: `reference ${mb(reference.peak)} (exit ${reference.code}, ${reference.seconds.toFixed(0)} s)`,
      },
    ];
    for (const [name, measured, reports] of runs) {
      rows.push({
        name: `certify peak RSS: ${name} / 500 MB`,
        ratio: (measured.peak ?? Number.NaN) / HOSTILE_BUDGET,
        goal: '<= 1.0',
        detail: `${mb(measured.peak)} (exit ${measured.code}, ${measured.seconds.toFixed(0)} s; ${reports}); reference ${mb(reference.peak)}`,
      });
      if (name.startsWith('JSON')) {
        rows.push({ name: `certify time: ${name} / reference`, ratio: measured.seconds / reference.seconds, goal: '<= 1.5', detail: `${measured.seconds.toFixed(0)} s vs ${reference.seconds.toFixed(0)} s` });
      }
    }
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
