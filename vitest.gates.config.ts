import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { ownConfigFolders } from './test/gates/e2e-sample.js';
import { timeLimit } from './test/support/pace.js';

// The gates: every whole-certification test (test/**/*.e2e.ts), of which `npm test` runs a seeded sample
// (vitest.config.ts). A folder of test/ named in `ownGates` is a gate of its own (`npm run test:<folder>` =
// `vitest run --config vitest.gates.config.ts --project <folder>`; test:vendor adds `--project vendor-moved`);
// every other folder's *.e2e.ts files are the `e2e` gate (`npm run test:e2e`), so a new *.e2e.ts file lands in a gate with no further wiring.
// test/container, test/docs and test/field keep configs of their own (`npm run test:container`,
// `npm run test:docs`, `npm run test:field`).
// The reporter (main process) and the workers both read it.
process.env.MCS_E2E_GATE = 'full';

const ownGates = ['vendor', 'hostile'];
/**
 * The vendor gate's narrowed runs of one check each (test/vendor/moved-checks.ts): they wait on the target more
 * than they work, so their two files run side by side, after the rest of the gate (its project `vendor-moved`).
 */
const movedChecks = 'test/vendor/moved-checks-*.e2e.ts';

export default defineConfig({
  test: {
    // One temporary folder per run, removed when it ends (test/support/run-tmpdir.ts).
    globalSetup: [fileURLToPath(new URL('./test/support/run-tmpdir.ts', import.meta.url))],
    reporters: ['default', './test/gates/elapsed-reporter.ts'],
    env: { MCS_E2E_GATE: 'full' },
    // One certification at a time: they share two cores, and a busy machine slows them without failing them.
    fileParallelism: false,
    // Each test names its limit from its work (test/support/pace.ts); this bounds the rest: 5 minutes on a quiet
    // machine, more on a busy one.
    testTimeout: timeLimit({ certifications: 1 }),
    hookTimeout: timeLimit({ certifications: 1 }),
    projects: [
      ...ownGates.map((folder) => ({ extends: true as const, test: { name: folder, include: [`test/${folder}/**/*.e2e.ts`], exclude: [movedChecks], sequence: { groupOrder: 0 } } })),
      { extends: true as const, test: { name: 'vendor-moved', include: [movedChecks], fileParallelism: true, maxWorkers: 2, sequence: { groupOrder: 1 } } },
      // A file's tests run one at a time unless it says they are concurrent; those run two at a time.
      { extends: true as const, test: { name: 'e2e', include: ['test/**/*.e2e.ts'], exclude: ['node_modules/**', ...[...ownGates, ...ownConfigFolders].map((folder) => `test/${folder}/**`)], maxConcurrency: 2, sequence: { groupOrder: 0 } } },
    ],
  },
});
