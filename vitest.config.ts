import { defineConfig } from 'vitest/config';

// The project's own tests (npm test): unit tests of every module, the spec checks, and the
// self-verification of the suites against faulty variants of the reference (a seeded sample of it; the whole
// gate is `npm run test:mutants`). The conformance
// suites themselves (suites/) are run by `mcs certify`, with their own config.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'spec/**/*.test.ts', 'generators/**/*.test.ts', 'harness/**/*.test.ts', 'reference/**/*.test.ts', 'load/**/*.test.ts', 'reports/**/*.test.ts', 'cli/**/*.test.ts', 'results/**/*.test.ts'],
    exclude: ['node_modules/**', 'suites/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
