// The suites' check catalog (collect-checks.ts), kept on disk for sources that have not changed. Collecting
// imports every suite file, seconds of CPU that each certify spent once for its progress total and once more
// for the names --only/--skip accept, while nothing in it changes from one run to the next. The catalog is
// keyed by a hash of every source a suite file can import and of the vitest version, so an edited check is
// collected afresh; a cache that cannot be read or written only costs the collection (spec/cache.ts: where).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { keepSync, trustedCacheDir } from '../../spec/cache.js';
import { collectCatalog, type CheckCatalog } from './collect-checks.js';
import { projectRoot } from './paths.js';

/** The folders a suite file imports from (suites/ imports harness/, generators/, results/, text/ and spec/). */
const sourceDirs = ['suites', 'harness', 'generators', 'results', 'text', 'spec'];

async function filesUnder(dir: string): Promise<string[]> {
  // A folder an install left out (an image without one) simply holds nothing the checks read.
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    // Unit tests next to the sources are not imported by any suite; the suites' own files all count.
    .filter((file) => !file.endsWith('.test.ts') || relative(projectRoot, file).startsWith('suites/'))
    .sort();
}

/** A hash of every source the collected checks depend on, and of the vitest that collects them. */
export async function sourcesHash(): Promise<string> {
  const hash = createHash('sha256');
  const vitestVersion = (createRequire(import.meta.url)('vitest/package.json') as { version: string }).version;
  hash.update(`vitest ${vitestVersion}\0`);
  for (const dir of sourceDirs) {
    for (const file of await filesUnder(join(projectRoot, dir))) {
      hash.update(`${relative(projectRoot, file)}\0`);
      hash.update(await readFile(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex').slice(0, 32);
}

function isCatalog(value: unknown): value is CheckCatalog {
  const catalog = value as Partial<CheckCatalog> | null;
  return typeof catalog === 'object' && catalog !== null && Array.isArray(catalog.checks) && typeof catalog.testsPerFile === 'object' && catalog.testsPerFile !== null;
}

/** The catalog kept in `file`; undefined when there is none or it is not a catalog (then it is collected again). */
export async function readCached(file: string): Promise<CheckCatalog | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(file, 'utf8'));
    return isCatalog(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The catalog of the suites under `config`, from the cache when the sources are unchanged, else collected (and kept). */
export async function checkCatalog(config: string): Promise<CheckCatalog> {
  let hash: string;
  try {
    hash = await sourcesHash();
  } catch {
    // Sources that cannot all be read cannot key a cache: collect, as without one.
    return collectCatalog({ config });
  }
  const dir = trustedCacheDir();
  const cached = dir === undefined ? undefined : await readCached(join(dir, `checks-${hash}.json`));
  if (cached) return cached;
  const catalog = await collectCatalog({ config });
  keepSync(`checks-${hash}.json`, JSON.stringify(catalog));
  return catalog;
}
