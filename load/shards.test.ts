// The shard and merge path end to end: N `mcs load send --shard i/N` processes against one stub server,
// merged with `mcs load merge`; the merged histogram must equal one built from every raw sample.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeHistogram, encodeHistogram, newHistogram, recordMicros } from './histogram.js';
import { runMcs } from '../test/support/run-mcs.js';
import { fingerprint } from './test-helpers.js';
import type { LoadResult } from './result.js';
import { useStubApi } from '../test/support/use-stub-api.js';
import { QUIET_MS, pace, timeLimit } from '../test/support/pace.js';

const stub = useStubApi('mcs-shards-');

const shards = 3;

describe('shards', () => {
  it('N shard processes merge into exactly the histogram of all their samples', async () => {
    const rate = 150;
    // One start instant for all three: time for three commands to start side by side at this machine's pace
    // (a shard that starts late anyway goes at once and says so, which is checked below).
    const startAt = Date.now() + Math.ceil(shards * QUIET_MS.mcsRun * pace());
    const runs = await Promise.all(
      Array.from({ length: shards }, (_, i) =>
        runMcs(['load', 'send', '--base-url', stub.api.baseUrl, '--api-key', 'test-key', '--rate', String(rate), '--duration', '1', '--shard', `${i}/${shards}`, '--run-id', 'shardtest', '--start-at', String(startAt), '--out', join(stub.dir, `s${i}.json`), '--samples', join(stub.dir, `s${i}.txt`), '--quiet']),
      ),
    );
    for (const r of runs) expect(r.stderr).toBe('');
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    for (const r of runs) expect(r.stdout).toMatch(/^start: (at|\d+ ms after) --start-at /m);
    for (let i = 0; i < shards; i++) {
      const shard = JSON.parse(await readFile(join(stub.dir, `s${i}.json`), 'utf8')) as LoadResult;
      expect(shard.window?.plannedStartEpochMs).toBe(startAt);
      expect(shard.window?.startEpochMs).toBeGreaterThanOrEqual(startAt);
    }

    const merged = await runMcs(['load', 'merge', ...Array.from({ length: shards }, (_, i) => join(stub.dir, `s${i}.json`)), '--out', join(stub.dir, 'merged.json')]);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toMatch(/^windows: all shards ran together /m);
    const result = JSON.parse(await readFile(join(stub.dir, 'merged.json'), 'utf8')) as LoadResult;
    expect(result.overlap?.spanMs).toBeGreaterThan(0);

    const all = newHistogram();
    let samples = 0;
    for (let i = 0; i < shards; i++) {
      for (const line of (await readFile(join(stub.dir, `s${i}.txt`), 'utf8')).split('\n').filter((l) => l !== '')) {
        recordMicros(all, Number(line));
        samples++;
      }
    }
    expect(samples).toBe(rate); // 150/s for 1 s, split three ways
    expect(result.counts.completed).toBe(samples);
    expect(fingerprint(decodeHistogram(result.histogram))).toEqual(fingerprint(decodeHistogram(encodeHistogram(all))));
    // Keys were partitioned: the server saw one distinct key per request of the global schedule.
    expect(stub.api.keys.size).toBe(rate);
    expect(result.shards.map((s) => s.index).sort()).toEqual([0, 1, 2]);
  }, timeLimit({ mcsRuns: shards + 1, quietMs: 3_000 }));
});
