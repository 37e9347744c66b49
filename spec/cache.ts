// The folder where the tool keeps work between runs: the suites' check catalog (harness/runner/check-catalog.ts)
// and the spec's parsed YAML (spec/yaml-text.ts). Each entry is named by a hash of what it was made from, so an
// entry for other sources is never read; a folder that cannot be read or written costs only the work it would
// have saved. What is read back decides what a run judges, so only a folder of this user's own, open to no one
// else, is used: in a shared temporary directory another user could make the folder first and plant entries.
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** MCS_CACHE_DIR, else a folder of this user's in the system's temporary directory. */
export function cacheDir(): string {
  if (process.env.MCS_CACHE_DIR) return process.env.MCS_CACHE_DIR;
  let user = 'user';
  try {
    user = String(userInfo().uid);
  } catch {
    // No user entry (some containers): one folder for all.
  }
  return join(tmpdir(), `mcs-conformance-${user}`);
}

/**
 * The cache folder, made if need be, when it is a folder (not a link) of this user's that no one else may write
 * into; undefined otherwise, and then nothing is read from it or kept in it.
 */
export function trustedCacheDir(): string | undefined {
  const dir = cacheDir();
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    if (!stat.isDirectory() || (stat.mode & 0o022) !== 0) return undefined;
    if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Writes `text` as the cache entry `name`, aside and then renamed, so that runs and worker threads started
 * together never read half a file. A folder that takes no write is no error: the next run does the work again.
 */
export function keepSync(name: string, text: string): void {
  const dir = trustedCacheDir();
  if (dir === undefined) return;
  const file = join(dir, name);
  // Worker threads share a pid: the name aside is random too.
  const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(aside, text, { mode: 0o600 });
    renameSync(aside, file);
  } catch {
    rmSync(aside, { force: true });
  }
}
