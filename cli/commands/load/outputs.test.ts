// The load outputs beside the result JSON: `--html` (the standalone load report) and `--hgrm` (HdrHistogram's
// percentile distribution), for a run and for a capacity search, from the command line as a user runs them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMcs } from '../../../test/support/run-mcs.js';
import { encodeHistogram, newHistogram, recordMicros, summarize, decodeHistogram } from '../../../load/histogram.js';
import { useStubApi } from '../../../test/support/use-stub-api.js';
import { runMcsHere } from '../../../test/support/run-mcs-here.js';
import { timeLimit } from '../../../test/support/pace.js';
import { hgrmOf } from './outputs.js';

const stub = useStubApi('mcs-load-outputs-');

/** The data rows of an .hgrm: value (ms), percentile (0..1), total count. */
function hgrmRows(text: string): Array<{ value: number; percentile: number; count: number }> {
  return text
    .split('\n')
    .filter((line) => /^\s+[\d.]+\s+[\d.]+\s+\d+/.test(line))
    .map((line) => {
      const [value, percentile, count] = line.trim().split(/\s+/).map(Number);
      return { value: value ?? NaN, percentile: percentile ?? NaN, count: count ?? NaN };
    });
}

describe('hgrmOf', () => {
  it('writes HdrHistogram\'s percentile distribution in ms, rising to the max and the total count', () => {
    const h = newHistogram();
    for (let i = 1; i <= 1000; i++) recordMicros(h, i * 100); // 0.1 ms .. 100 ms
    const text = hgrmOf(encodeHistogram(h));
    expect(text.split('\n')[0]).toMatch(/^\s+Value\s+Percentile\s+TotalCount\s+1\/\(1-Percentile\)$/);
    const rows = hgrmRows(text);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((r, i) => i === 0 || (r.value >= rows[i - 1]!.value && r.percentile >= rows[i - 1]!.percentile))).toBe(true);
    const last = rows.at(-1)!;
    expect(last.percentile).toBe(1);
    expect(last.count).toBe(1000);
    expect(last.value).toBeCloseTo(summarize(decodeHistogram(encodeHistogram(h))).max, 1);
    expect(text).toMatch(/#\[Max\s+=\s+100\.\d+, Total count\s+=\s+1000\]/);
  });
});

// A test runs one load command: a run of a second, or a capacity search of two rates run twice each.
describe('mcs load --html --hgrm', { timeout: timeLimit({ mcsRuns: 1, quietMs: 8_000 }) }, () => {
  it('writes the standalone report and the distribution of a run', async () => {
    const html = join(stub.dir, 'run', 'send.html');
    const hgrm = join(stub.dir, 'run', 'send.hgrm');
    const r = await runMcs(['load', 'send', '--base-url', stub.api.baseUrl, '--api-key', 'k', '--rate', '40', '--duration', '1', '--quiet', '--out', join(stub.dir, 'run.json'), '--html', html, '--hgrm', hgrm]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`load report written to ${html}`);
    const page = await readFile(html, 'utf8');
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('Latency by percentile: send');
    expect(page).not.toContain('<script');
    const rows = hgrmRows(await readFile(hgrm, 'utf8'));
    expect(rows.at(-1)?.count).toBe(40);
  });

  it('writes the report of a capacity search, and the distribution of its highest rate that held', async () => {
    const html = join(stub.dir, 'capacity.html');
    const hgrm = join(stub.dir, 'capacity.hgrm');
    const r = await runMcs(['load', 'capacity', '--profile', 'send', '--base-url', stub.api.baseUrl, '--api-key', 'k', '--slo', 'p99<5s', '--start-rate', '20', '--max-rate', '40', '--duration', '1', '--warmup', '0', '--quiet', '--out', join(stub.dir, 'capacity.json'), '--html', html, '--hgrm', hgrm]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/percentile distribution of the step at 40 req\/s \(the highest rate that held\) written to /);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('Latency vs offered rate: send');
    expect(hgrmRows(await readFile(hgrm, 'utf8')).at(-1)?.count).toBe(40);
  });

  it('writes the report and the distribution of a merge (after the run above wrote run.json)', async () => {
    const html = join(stub.dir, 'merged.html');
    const hgrm = join(stub.dir, 'merged.hgrm');
    const r = await runMcs(['load', 'merge', join(stub.dir, 'run.json'), '--out', join(stub.dir, 'merged.json'), '--html', html, '--hgrm', hgrm]);
    expect(r.code, r.stderr).toBe(0);
    expect(await readFile(html, 'utf8')).toContain('Latency by percentile: send');
    expect(hgrmRows(await readFile(hgrm, 'utf8')).at(-1)?.count).toBe(40);
  });

  it('refuses an empty file name before any load', async () => {
    const r = await runMcsHere(['load', 'send', '--html', '', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^.*--html needs a file name$/);
  });

  it('documents both flags in the help', async () => {
    const r = await runMcsHere(['load', '--help']);
    expect(r.stdout).toMatch(/--html FILE/);
    expect(r.stdout).toMatch(/--hgrm FILE/);
  });
});
