// The check catalog is collected once per state of the sources and read back from the cache after that; a
// cache that is corrupt, or kept for other sources, is never used.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheDir } from '../../spec/cache.js';
import { checkCatalog, readCached, sourcesHash } from './check-catalog.js';
import { suitesConfig } from './paths.js';
import { timeLimit } from '../../test/support/pace.js';

// Each test collects the suites a few times, as `mcs coverage` does once.
describe('checkCatalog', { timeout: timeLimit({ mcsRuns: 10 }) }, () => {
  let dir: string;
  const before = process.env.MCS_CACHE_DIR;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcs-catalog-'));
    process.env.MCS_CACHE_DIR = dir;
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.MCS_CACHE_DIR;
    else process.env.MCS_CACHE_DIR = before;
    await rm(dir, { recursive: true, force: true });
  });

  it('collects the suites on a miss and keeps the catalog under the hash of the sources', async () => {
    expect(cacheDir()).toBe(dir);
    const catalog = await checkCatalog(suitesConfig);
    expect(catalog.checks.length).toBeGreaterThan(100);
    const total = Object.values(catalog.testsPerFile).reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThanOrEqual(catalog.checks.length);
    expect(Object.keys(catalog.testsPerFile).every((file) => file.startsWith('suites/') && file.endsWith('.test.ts'))).toBe(true);
    // The folder also keeps the spec's parsed YAML (spec/yaml-text.ts), which the collection read.
    expect((await readdir(dir)).filter((name) => name.startsWith('checks-'))).toEqual([`checks-${await sourcesHash()}.json`]);
  });

  it('reads the kept catalog back while the sources are unchanged', async () => {
    const file = join(dir, `checks-${await sourcesHash()}.json`);
    const kept = JSON.parse(await readFile(file, 'utf8')) as { checks: unknown[] };
    await writeFile(file, JSON.stringify({ ...kept, checks: kept.checks.slice(0, 3) }));
    expect((await checkCatalog(suitesConfig)).checks).toHaveLength(3);
  });

  it('never takes a kept file that is not a catalog (it is collected again, as on a miss)', async () => {
    const file = join(dir, 'not-a-catalog.json');
    for (const text of ['{"checks": 42', '{"checks": 42, "testsPerFile": {}}', '[]', 'null']) {
      await writeFile(file, text);
      expect(await readCached(file), text).toBeUndefined();
    }
    expect(await readCached(join(dir, 'absent.json'))).toBeUndefined();
  });
});
