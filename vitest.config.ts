import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { e2eScope, ownConfigFolders, sampledFiles, samplesOff } from './test/gates/e2e-sample.js';
import SampleFirstSequencer from './test/gates/sample-first-sequencer.js';
import { sharingModulesFolders } from './test/gates/sharing-modules.js';
import { timeLimit } from './test/support/pace.js';

// The project's own tests (npm test): unit tests of every module, the spec checks, a seeded sample of the
// whole-certification tests (test/**/*.e2e.ts: one test of each of a few files, test/gates/e2e-sample.ts; all of them
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
// verdict depends on the machine's pace: the load engine's and the capacity search's (three runs within 10%).
const isOneAtATime = (file: string) => file.startsWith('test/load/');
// The whole-certification files the sample draws (every one with MCS_E2E_GATE=full, none with MCS_SAMPLES=off);
// the others are not loaded at all.
const e2eFiles = readdirSync(new URL('./test', import.meta.url), { recursive: true, encoding: 'utf8' })
  .map((path) => `test/${path.split('\\').join('/')}`)
  .filter((file) => file.endsWith('.e2e.ts') && !ownConfigFolders.some((folder) => file.startsWith(`test/${folder}/`)));
const drawn = sampledFiles(e2eScope(process.env), e2eFiles);
// Unit tests that share their workers' loaded modules (test/gates/sharing-modules.ts).
const sharingModules = sharingModulesFolders.map((folder) => `${folder}/**/*.test.ts`);
const everything = [
  'test/**/*.test.ts',
  ...drawn.filter((file) => !isOneAtATime(file)),
  'harness/**/*.test.ts',
  'load/**/*.test.ts',
  'cli/**/*.test.ts',
];
// MCS_SAMPLES=off (.ci/run, which runs every e2e test and every fault in the gates right after): neither sample.
const samples = samplesOff(process.env) ? ['test/mutants/mutants.test.ts'] : [];
const excluded = ['node_modules/**', 'suites/**', ...ownConfigFolders.map((folder) => `test/${folder}/**/*.e2e.ts`), 'test/field/**', ...samples];
const oneAtATime = drawn.filter(isOneAtATime);

export default defineConfig({
  test: {
    // One temporary folder per run, removed when it ends (test/support/run-tmpdir.ts).
    globalSetup: [fileURLToPath(new URL('./test/support/run-tmpdir.ts', import.meta.url))],
    runner: './test/gates/sample-runner.ts',
    // The sampled files of the gates, the longest, start first (test/gates/sample-first-sequencer.ts).
    sequence: { sequencer: SampleFirstSequencer },
    reporters: ['default', './test/gates/elapsed-reporter.ts'],
    env: { MCS_E2E_SAMPLE_SEED: process.env.MCS_E2E_SAMPLE_SEED },
    // A test names its own limit from its work (test/support/pace.ts); these bound the others, scaled likewise
    // by this machine's pace at the start of the run: 30 s and 60 s on a quiet machine.
    testTimeout: timeLimit({ quietMs: 6_000 }),
    hookTimeout: timeLimit({ quietMs: 12_000 }),
    projects: [
      { extends: true, test: { name: 'side-by-side', include: everything, exclude: excluded, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      // One group's projects must name the same maxWorkers (vitest refuses otherwise). Spies, stubbed variables and
      // globals are put back after each test, since the next file runs in the same modules.
      { extends: true, test: { name: 'sharing-modules', include: sharingModules, exclude: excluded, isolate: false, restoreMocks: true, unstubEnvs: true, unstubGlobals: true, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      // Only when the sample drew such a file: a project without one would fall back to vitest's default include.
      ...(oneAtATime.length === 0 ? [] : [{ extends: true as const, test: { name: 'one-at-a-time', include: oneAtATime, exclude: excluded, maxWorkers: 1, sequence: { groupOrder: 1 } } }]),
    ],
  },
});
