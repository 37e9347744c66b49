// wrk (Debian's `wrk` package), the native yardstick of the load benches: whether it is installed, and
// its rate for fixed-body sends with a unique Idempotency-Key per request (a Lua script).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const FIXED_BODY = { to: '+12025550143', text: 'Your order has shipped and will arrive tomorrow.' };
export const WRK_MISSING = 'wrk not installed (Debian: apt-get install -y wrk): no wrk row';

export async function hasWrk(): Promise<boolean> {
  try {
    await run('wrk', ['--version']).catch((e: { stdout?: string }) => {
      // wrk --version prints its banner and exits 1
      if (!String(e.stdout ?? '').includes('wrk')) throw e;
    });
    return true;
  } catch {
    return false;
  }
}

export interface WrkRun {
  rps: number;
  non2xx: number;
}

/** wrk -t 1 against `url` (a send endpoint), with a fresh key prefix per run (a replayed key is a cheaper path). */
export async function wrkRate(url: string, apiKey: string, connections: number, seconds: number): Promise<WrkRun> {
  const dir = await mkdtemp(join(tmpdir(), 'mcs-wrk-'));
  const prefix = `wrk-${randomBytes(4).toString('hex')}`;
  try {
    const script = join(dir, 'send.lua');
    await writeFile(
      script,
      `local body = ${JSON.stringify(JSON.stringify(FIXED_BODY))}
local threads = 0
function setup(thread) threads = threads + 1; thread:set("tid", threads) end
local counter = 0
function request()
  counter = counter + 1
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer ${apiKey}", ["Idempotency-Key"] = "${prefix}-" .. tid .. "-" .. counter }, body)
end
`,
    );
    const { stdout } = await run('wrk', ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '-s', script, url], { timeout: (seconds + 30) * 1000 });
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
    return { rps, non2xx };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}
