// vitest's globalSetup for every config of ours: one temporary folder per test run, removed when the run ends,
// so that what a test (or the CLI it spawns) leaves in the temporary directory does not pile up in a
// contributor's /tmp or on a CI runner. The workers and every process they start inherit TMPDIR, which
// os.tmpdir() and mktemp read. The tool's cache (spec/cache.ts) stays where it was, so that it still saves work
// from one run to the next.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheDir } from '../../spec/cache.js';

export default async function setup(): Promise<() => Promise<void>> {
  // vitest runs the setup of a config once for each of its projects: the first one made the folder.
  if (process.env.MCS_TESTS_TMPDIR !== undefined && process.env.MCS_TESTS_TMPDIR === process.env.TMPDIR) return async () => {};
  const saved = { TMPDIR: process.env.TMPDIR, MCS_CACHE_DIR: process.env.MCS_CACHE_DIR, MCS_TESTS_TMPDIR: process.env.MCS_TESTS_TMPDIR };
  process.env.MCS_CACHE_DIR = cacheDir();
  const dir = await mkdtemp(join(tmpdir(), 'mcs-tests-'));
  process.env.TMPDIR = dir;
  process.env.MCS_TESTS_TMPDIR = dir;
  return async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  };
}
