// vitest's globalSetup for every config of ours but the container test's: one temporary folder per test run,
// removed when the run ends (normally, by a failure, or by Ctrl-C or a timeout's SIGTERM, on which vitest calls
// process.exit; a SIGKILL leaves it), so that what a test (or the CLI it spawns) leaves in the temporary
// directory does not pile up in a contributor's /tmp or on a CI runner. The workers and every process they start
// with our environment inherit TMPDIR, which os.tmpdir() and mktemp read. The caches that save work from one run
// to the next stay where they were: the tool's (spec/cache.ts) through MCS_CACHE_DIR, and tsx's, which it keeps
// in the temporary directory, through a link to the folder it uses outside the run.
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheDir } from '../../spec/cache.js';
import { savedEnv } from './saved-env.js';

export default async function setup(): Promise<() => Promise<void>> {
  // vitest runs the setup of a config once for each of its projects: the first one made the folder.
  const made = process.env.MCS_TESTS_TMPDIR;
  if (made !== undefined && made === process.env.TMPDIR && existsSync(made)) return async () => {};
  const restoreEnv = savedEnv(['TMPDIR', 'MCS_CACHE_DIR', 'MCS_TESTS_TMPDIR']);
  const outer = tmpdir();
  process.env.MCS_CACHE_DIR = cacheDir();
  const dir = await mkdtemp(join(outer, 'mcs-tests-'));
  linkTsxCache(outer, dir);
  process.env.TMPDIR = dir;
  process.env.MCS_TESTS_TMPDIR = dir;
  const removeOnExit = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', removeOnExit);
  return async () => {
    process.off('exit', removeOnExit);
    restoreEnv();
    // A link is removed, never what it points to.
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  };
}

/** tsx keeps the TypeScript it compiled in `<tmpdir>/tsx-<euid>`: the run's folder links to the one outside it. */
function linkTsxCache(outer: string, dir: string): void {
  const name = `tsx-${typeof process.geteuid === 'function' ? process.geteuid() : 'user'}`;
  try {
    mkdirSync(join(outer, name), { recursive: true, mode: 0o700 });
    symlinkSync(join(outer, name), join(dir, name), 'dir');
  } catch {
    // Without the link tsx compiles again into the run's folder: slower, the same results.
  }
}
