// Helpers of the load tool's tests: comparing histograms, and running the `mcs` command as a child.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { main } from '../cli/main.js';
import type { Histogram } from './histogram.js';

/** Every percentile on a fine grid, plus count, min and max: equal histograms agree on all of them. */
export function fingerprint(h: Histogram): number[] {
  const points = [h.totalCount, h.minNonZeroValue, h.maxValue];
  for (let p = 0; p <= 100; p += 0.5) points.push(h.getValueAtPercentile(p));
  for (const p of [99.9, 99.99, 99.999]) points.push(h.getValueAtPercentile(p));
  return points;
}

const mcs = fileURLToPath(new URL('../cli/mcs.js', import.meta.url));

/** The environment of a child without any MCS_* target settings of the parent (and no CI tty tricks). */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MCS_'))), ...extra };
}

/** Runs `node cli/mcs.js ...args`, killed after timeoutMs. */
export function runMcs(args: string[], options: { timeoutMs?: number; env?: Record<string, string> } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [mcs, ...args], { env: cleanEnv(options.env ?? {}), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs `mcs ...args` in this process (no child start-up: for commands that fail fast or only print). */
export async function runMcsHere(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string | Uint8Array) => ((stdout += String(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += String(chunk)), true)) as typeof process.stderr.write;
  try {
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}
