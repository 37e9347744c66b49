import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The conformance suites, run by `mcs certify` (harness/runner) through vitest's Node API. The runner
// provides the target and the seed; run directly (`npx vitest run --config suites/vitest.config.ts`), the
// suites read MCS_BASE_URL, MCS_V2_BASE_URL, MCS_CONTROL_URL, MCS_SEED... from the environment.

/**
 * Checks that walk a listing which other checks of the run may change in an organization they share (a
 * vendor's one organization: its channels, contacts, keys, numbers for sale, v2 contacts and groups) live in
 * files named *.listing.test.ts. They run after every other file, one file at a time, so that nothing else of
 * the run adds or removes lines while they walk (issue 43: a second run of the same config found the data
 * set changing under every walk, and verified one clause less).
 */
export const listingWalks = 'suites/**/*.listing.test.ts';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // Threads start faster than forks. Two workers on this 2-core machine: the embedded reference shares
    // the main thread, and each extra worker costs its own imports; checks overlap I/O with `concurrent`.
    pool: 'threads',
    maxWorkers: 2,
    fileParallelism: true,
    // Files share a worker's module cache, so the spec's validators are compiled once per worker.
    // Each file still gets its own organization (harness/check/fixture-cache.ts keys it by file).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 30_000,
    teardownTimeout: 5_000,
    sequence: { shuffle: false },
    projects: [
      { extends: true, test: { name: 'checks', include: ['suites/**/*.test.ts'], exclude: [listingWalks], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'listings', include: [listingWalks], maxWorkers: 1, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
