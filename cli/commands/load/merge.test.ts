// `mcs load merge`: the overlap check before an SLO is judged, and the coherence of the set of shards
// (issue 33 item 4), on hand-made shard results (the merge itself: load/merge.test.ts, load/overlap.test.ts).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadResult } from '../../../load/result.js';
import { shardResult as shard } from '../../../load/test-helpers.js';
import { runMcsHere } from '../../../test/support/run-mcs-here.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcs-overlap-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function files(...results: LoadResult[]): Promise<string[]> {
  return Promise.all(
    results.map(async (r, i) => {
      const path = join(dir, `s${i}-${Math.random().toString(36).slice(2)}.json`);
      await writeFile(path, JSON.stringify(r));
      return path;
    }),
  );
}

describe('mcs load merge and the overlap', () => {
  it('judges the SLO when the windows overlapped', async () => {
    const out = join(dir, 'ok.json');
    const r = await runMcsHere(['load', 'merge', ...(await files(shard(0, 2, 0), shard(1, 2, 40))), '--slo', 'p99<50ms', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/all shards ran together 99\.2% .*: ok/);
    expect(r.stdout).toMatch(/slo p99<50ms: pass/);
  });

  it('refuses to judge the SLO below the threshold: exit 1 with the reason, the merged result still written', async () => {
    const out = join(dir, 'refused.json');
    const r = await runMcsHere(['load', 'merge', ...(await files(shard(0, 2, 0), shard(1, 2, 3000))), '--slo', 'p99<50ms', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/slo p99<50ms: not judged: the shards ran together only 53\.8% of the run \(threshold 90%, starts 3000 ms apart\)/);
    const merged = JSON.parse(await readFile(out, 'utf8')) as LoadResult;
    expect(merged.slo).toBeUndefined();
    expect(merged.overlap?.ratio).toBe(0.538);
  });

  it('--allow-skew judges it anyway and marks the result; --min-overlap moves the threshold', async () => {
    const out = join(dir, 'skewed.json');
    const inputs = await files(shard(0, 2, 0), shard(1, 2, 3000));
    const r = await runMcsHere(['load', 'merge', ...inputs, '--slo', 'p99<50ms', '--allow-skew', '--out', out]);
    expect(r.code).toBe(0);
    const merged = JSON.parse(await readFile(out, 'utf8')) as LoadResult;
    expect(merged.overlap?.skewAllowed).toBe(true);
    expect(merged.slo?.pass).toBe(true);
    expect(merged.slo?.caveat).toMatch(/--allow-skew: the shards ran together only 53\.8%/);
    const lower = await runMcsHere(['load', 'merge', ...inputs, '--slo', 'p99<50ms', '--min-overlap', '0.5', '--out', join(dir, 'lower.json')]);
    expect(lower.code).toBe(0);
  });

  it('refuses to judge shards whose windows are unknown', async () => {
    const r = await runMcsHere(['load', 'merge', ...(await files(shard(0, 2, 0), shard(1, 2, 0, 10, false))), '--slo', 'p99<50ms', '--out', join(dir, 'unknown.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/not judged: the overlap of the shards cannot be checked: .*s1-.*\.json records no window/);
  });

  it('--min-overlap out of range is a usage error', async () => {
    const r = await runMcsHere(['load', 'merge', ...(await files(shard(0, 1, 0))), '--min-overlap', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--min-overlap must be a fraction in \[0, 1\]/);
  });
});
