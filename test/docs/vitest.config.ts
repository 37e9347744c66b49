import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The docs tests that need no Docker engine (`npm run test:docs`): the README's npm recipe run against the
// packed tarball installed in an empty folder, and the replay scripts of a fault run run against the same
// served target. Whole certifications, minutes each: `npm test` leaves them out. The recipes that need
// Docker are test/container/readme-recipes.e2e.ts (`npm run test:container`).
export default defineConfig({
  test: {
    // One temporary folder per run, removed when it ends (test/support/run-tmpdir.ts).
    globalSetup: [fileURLToPath(new URL('../support/run-tmpdir.ts', import.meta.url))],
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/docs/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
