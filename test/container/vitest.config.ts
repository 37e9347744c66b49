import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The container test (`npm run test:container`): builds the reference images and certifies them in
// containers. It needs a Docker engine (scripts/ci/docker.sh) and minutes, so `npm test` leaves it out;
// there, test/container/engine.test.ts reports it as skipped with the reason.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/container/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 900_000,
    env: { TESTCONTAINERS_RYUK_DISABLED: 'true' },
  },
});
