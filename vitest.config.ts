import { defineConfig } from 'vitest/config';
import { samplesOff } from './test/gates/e2e-sample.js';
import { timeLimit } from './test/support/pace.js';

// The project's own tests (npm test): unit tests of every module, the spec checks, a seeded sample of the
// whole-certification tests (test/**/*.e2e.ts: one test of each file, test/gates/e2e-sample.ts; all of them
// run in the gates of vitest.gates.config.ts) and a seeded sample of the self-verification of the suites
// against faulty variants of the reference (the whole gate is `npm run test:mutants`). The conformance
// suites themselves (suites/) are run by `mcs certify`, with their own config. test/container and
// test/docs and test/field keep configs of their own (`npm run test:container`, `npm run test:docs`,
// `npm run test:field`).
//
// The sample's seed is drawn here, once, and handed to the workers (the runner draws the tests) and the
// reporter (which prints it, with the run's time, at the end).
process.env.MCS_E2E_SAMPLE_SEED ||= String(Math.floor(Math.random() * 2 ** 31));

// Two groups, one after the other: most files two at a time (both cores), then, one at a time, the files whose
// verdict depends on the machine's pace: the vendor rungs (a second run must verify what the first did, and a
// webhook's deliveries list must hold still around a walk) and the capacity search (three runs within 10%).
const oneAtATime = ['test/vendor/rungs.e2e.ts', 'test/load/**/*.e2e.ts'];
const everything = [
  'test/**/*.test.ts',
  'test/**/*.e2e.ts',
  'spec/**/*.test.ts',
  'generators/**/*.test.ts',
  'harness/**/*.test.ts',
  'reference/**/*.test.ts',
  'load/**/*.test.ts',
  'reports/**/*.test.ts',
  'cli/**/*.test.ts',
  'results/**/*.test.ts',
  'text/**/*.test.ts',
];
// MCS_SAMPLES=off (.ci/run, which runs every e2e test and every fault in the gates right after): neither sample.
const samples = samplesOff(process.env) ? ['test/**/*.e2e.ts', 'test/mutants/mutants.test.ts'] : [];
const excluded = ['node_modules/**', 'suites/**', 'test/container/**/*.e2e.ts', 'test/docs/**/*.e2e.ts', 'test/field/**', ...samples];

export default defineConfig({
  test: {
    runner: './test/gates/sample-runner.ts',
    reporters: ['default', './test/gates/elapsed-reporter.ts'],
    env: { MCS_E2E_SAMPLE_SEED: process.env.MCS_E2E_SAMPLE_SEED },
    // A test names its own limit from its work (test/support/pace.ts); these bound the others, scaled likewise
    // by this machine's pace at the start of the run: 30 s and 60 s on a quiet machine.
    testTimeout: timeLimit({ quietMs: 6_000 }),
    hookTimeout: timeLimit({ quietMs: 12_000 }),
    projects: [
      { extends: true, test: { name: 'side-by-side', include: everything, exclude: [...excluded, ...oneAtATime], maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'one-at-a-time', include: oneAtATime, exclude: excluded, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
