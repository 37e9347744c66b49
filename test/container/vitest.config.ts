import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { timeLimit } from '../support/pace.js';

// The container test (`npm run test:container`): builds the reference images and certifies them in
// containers. It needs a Docker engine (scripts/ci/docker.sh) and minutes, so `npm test` leaves it out;
// there, test/container/engine.test.ts reports it as skipped with the reason.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/container/**/*.e2e.ts'],
    fileParallelism: false,
    // Limits from the work and this machine's pace (test/support/pace.ts): 10 and 15 minutes on a quiet one.
    testTimeout: timeLimit({ quietMs: 120_000 }),
    hookTimeout: timeLimit({ quietMs: 180_000 }),
    env: { TESTCONTAINERS_RYUK_DISABLED: 'true' },
  },
});
