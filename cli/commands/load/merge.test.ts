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

// Issue 33 item 4: only a coherent set is merged; each refusal is exit 2 with one line naming the file.
describe('mcs load merge accepts only a coherent set', () => {
  /** Exit 2, one line on stderr matching `message`, and no SLO verdict printed. */
  async function refused(results: LoadResult[], message: RegExp, extra: string[] = []): Promise<void> {
    const paths = await files(...results);
    const r = await runMcsHere(['load', 'merge', ...paths, '--slo', 'errors<0.1%', '--out', join(dir, 'refused.json'), ...extra]);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
    expect(r.code).toBe(2);
    expect(r.stdout).not.toMatch(/slo/);
  }
  const withCounts = (r: LoadResult, counts: Partial<LoadResult['counts']>): LoadResult => ({ ...r, counts: { ...r.counts, ...counts } });

  it('refuses tampered counts (-1e308 completed), naming the file', async () => {
    await refused([shard(0, 2, 0), withCounts(shard(1, 2, 0), { completed: -1e308 })], /^mcs load: .*s1-\w+\.json: counts\.completed is -1e\+308: counts must be finite, non-negative integers$/);
  });

  it('refuses negative counts, and counts that do not add up', async () => {
    await refused([withCounts(shard(0, 2, 0), { errors: -5, ok: 105 }), shard(1, 2, 0)], /s0-\w+\.json: counts\.errors is -5/);
    await refused([shard(0, 2, 0), { ...shard(1, 2, 0), counts: { ...shard(1, 2, 0).counts, byStatus: { 201: -1 } } }], /s1-\w+\.json: counts\.byStatus\.201 is -1/);
    await refused([shard(0, 2, 0), withCounts(shard(1, 2, 0), { ok: 0, errors: 0, completed: 0 })], /s1-\w+\.json: the histogram holds 100 latencies where the counts say 0/);
    await refused([shard(0, 2, 0), withCounts(shard(1, 2, 0), { ok: 50 })], /s1-\w+\.json: counts do not add up: ok 50 \+ errors 0 is not completed 100/);
  });

  it('refuses shard 5 of 2', async () => {
    await refused([shard(0, 2, 0), { ...shard(1, 2, 0), shards: [{ index: 5, count: 2 }] }], /s1-\w+\.json: shard 5 of 2 does not exist \(a set of 2 has shards 0 to 1\)$/);
  });

  it('refuses a shard present twice, and shards of sets of different sizes', async () => {
    await refused([shard(0, 2, 0), shard(0, 2, 0)], /shard 0 of 2 appears twice \(.*s0-\w+\.json, .*s1-\w+\.json\)$/);
    await refused([shard(0, 2, 0), shard(1, 3, 0)], /s1-\w+\.json: shard 1 of 3, but .*s0-\w+\.json is of a set of 2/);
  });

  it('refuses shards of different runs, targets or profiles', async () => {
    await refused([shard(0, 2, 0), { ...shard(1, 2, 0), runId: 'other' }], /s1-\w+\.json: run id "other" differs from .*s0-\w+\.json's "r"/);
    await refused([shard(0, 2, 0), { ...shard(1, 2, 0), target: { baseUrl: 'http://127.0.0.1:2/v4' } }], /s1-\w+\.json: target "http:\/\/127\.0\.0\.1:2\/v4" differs/);
    await refused([shard(0, 2, 0), { ...shard(1, 2, 0), profile: 'send-chat' }], /s1-\w+\.json: profile "send-chat" differs/);
  });

  it('refuses a histogram that does not decode, naming the file', async () => {
    await refused([shard(0, 2, 0), { ...shard(1, 2, 0), histogram: 'HISTFAAAA===x' }], /^mcs load: .*s1-\w+\.json: histogram does not decode \(.+\)$/);
  });

  it('refuses a set with a shard missing; --allow-partial merges it on purpose, says so, and judges no SLO', async () => {
    const inputs = await files(shard(0, 3, 0), shard(2, 3, 0));
    const missing = await runMcsHere(['load', 'merge', ...inputs, '--out', join(dir, 'missing.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toEqual([expect.stringMatching(/shard 1 of 3 missing \(have 0, 2\): name every shard's result, or --allow-partial/)]);

    const out = join(dir, 'partial.json');
    const partial = await runMcsHere(['load', 'merge', ...inputs, '--allow-partial', '--slo', 'errors<0.1%', '--out', out]);
    expect(partial.code).toBe(1);
    expect(partial.stdout).toMatch(/^partial: shard 1 of 3 missing, merged on purpose \(--allow-partial\)/m);
    expect(partial.stdout).toMatch(/^slo errors<0\.1%: not judged: the set is partial \(shard 1 of 3 missing\)/m);
    const merged = JSON.parse(await readFile(out, 'utf8')) as LoadResult;
    expect(merged.partial).toEqual({ count: 3, missing: [1] });
    expect(merged.slo).toBeUndefined();
    expect(merged.counts.completed).toBe(200);

    const whole = await runMcsHere(['load', 'merge', ...inputs, ...(await files(shard(1, 3, 0))), '--slo', 'errors<0.1%', '--out', join(dir, 'whole.json')]);
    expect(whole.code).toBe(0);
    expect(whole.stdout).not.toMatch(/partial/);
  });
});
