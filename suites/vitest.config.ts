import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The conformance suites, run by `mcs certify` (harness/runner) through vitest's Node API. The runner
// provides the target and the seed; run directly (`npx vitest run --config suites/vitest.config.ts`), the
// suites read MCS_BASE_URL, MCS_V2_BASE_URL, MCS_CONTROL_URL, MCS_SEED... from the environment.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['suites/**/*.test.ts'],
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
  },
});
