// The folder where the tool keeps work between runs: the suites' check catalog (harness/runner/check-catalog.ts)
// and the spec's parsed YAML (spec/yaml-text.ts). Each entry is named by a hash of what it was made from, so a
// stale one is never read; a folder that cannot be read or written costs only the work it would have saved.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
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
 * Writes `text` as the cache entry `name`, aside and then renamed, so that runs started together never read half
 * a file. A folder that takes no write is no error: the next run does the work again.
 */
export function keepSync(name: string, text: string): void {
  try {
    const dir = cacheDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, name);
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, text);
    renameSync(aside, file);
  } catch {
    // A read-only or missing temporary directory.
  }
}
