// Benchmark of coordinated shards (issue 22): 3 `mcs load send --shard i/3` processes started with one
// --start-at instant against a stub server in its own process (a trivial handler: not the bottleneck),
// merged with `mcs load merge`. Row: merged achieved rate / offered rate (goal >= 0.95). Shards that
// started apart would spread the same requests over a longer span and show below it.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { LoadResult } from '../load/result.js';
import { startChild } from './child.js';
import type { BenchRow } from './run.js';

const exec = promisify(execFile);
const SHARDS = 3;
const RATE = 300;
const DURATION_S = 5;
// The generators' JIT warmed at the same rate first, so the row measures the start, not a cold process.
const WARMUP_S = 2;
// Enough for three node processes to start, set up and warm up (--warmup) on a busy 2-core machine.
const LEAD_MS = 20_000;
const root = fileURLToPath(new URL('..', import.meta.url));

async function mcs(args: string[]): Promise<void> {
  await exec(process.execPath, ['cli/mcs.js', ...args], { cwd: root, env: { ...process.env, CI: 'true' }, timeout: 120_000 });
}

export default async function shardsBench(): Promise<BenchRow[]> {
  const entry = new URL('../load/stub-api.ts', import.meta.url).href;
  const stub = await startChild<{ baseUrl: string }>(`const { startStubApi } = await import(${JSON.stringify(entry)}); const s = await startStubApi(); ready({ baseUrl: s.baseUrl }, () => s.close());`);
  const dir = await mkdtemp(join(tmpdir(), 'mcs-bench-shards-'));
  try {
    const startAt = Date.now() + LEAD_MS;
    const files = Array.from({ length: SHARDS }, (_, i) => join(dir, `s${i}.json`));
    await Promise.all(
      files.map((out, i) =>
        mcs(['load', 'send', '--base-url', stub.info.baseUrl, '--api-key', 'bench', '--rate', String(RATE), '--duration', String(DURATION_S), '--shard', `${i}/${SHARDS}`, '--run-id', 'benchshards', '--warmup', String(WARMUP_S), '--start-at', String(startAt), '--quiet', '--out', out]),
      ),
    );
    const mergedPath = join(dir, 'merged.json');
    await mcs(['load', 'merge', ...files, '--out', mergedPath]);
    const merged = JSON.parse(await readFile(mergedPath, 'utf8')) as LoadResult;
    const shards = await Promise.all(files.map(async (f) => JSON.parse(await readFile(f, 'utf8')) as LoadResult));
    const late = Math.max(...shards.map((s) => s.window?.lateByMs ?? NaN));
    return [
      {
        name: `shards: ${SHARDS} x --start-at, merged rate / offered`,
        ratio: merged.achievedRate / RATE,
        goal: '>= 0.95',
        detail: `${merged.achievedRate.toFixed(1)}/${RATE} req/s over ${(merged.durationMs / 1000).toFixed(2)} s; overlap ${((merged.overlap?.ratio ?? NaN) * 100).toFixed(1)}%, latest shard ${late.toFixed(0)} ms late; ok ${merged.counts.ok}/${merged.offered}; send lag p99 ${shards.map((s) => s.sendLag?.p99 ?? NaN).join('/')} ms`,
      },
    ];
  } finally {
    await stub.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
