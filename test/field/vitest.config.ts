import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { timeLimit } from '../support/pace.js';

// `npm run test:field`: repeated certifications of the reference as a vendor target (CI only: minutes long).
export default defineConfig({
  test: {
    // One temporary folder per run, removed when it ends (test/support/run-tmpdir.ts).
    globalSetup: [fileURLToPath(new URL('../support/run-tmpdir.ts', import.meta.url))],
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/field/**/*.field.ts'],
    fileParallelism: false,
    testTimeout: timeLimit({ certifications: 1 }),
  },
});
