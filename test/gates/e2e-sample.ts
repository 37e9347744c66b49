// Which whole-certification tests (`test/**/*.e2e.ts`) a run covers. `npm test` runs a seeded sample of
// them (every one of them costs ~9 minutes on two cores: too long for every edit); the gates (`npm run
// test:vendor`, `test:hostile`, `test:e2e`, see vitest.gates.config.ts), which .ci/run calls, run all of
// them. The sample changes with its seed, so that successive runs together cover every test, and the seed
// replays one sample exactly. As test/mutants/sample.ts does for the mutants gate.
//   MCS_E2E_GATE=full             every test of every *.e2e.ts file
//   MCS_E2E_SAMPLE_SEED=N         the sample of seed N (default: random, printed at the start and the end)
//   MCS_E2E_SAMPLE_FILES=N        files drawn (default 2): the others are not even loaded (vitest.config.ts)
//   MCS_E2E_SAMPLE_PER_FILE=N     tests drawn from each file drawn (default 1)
//   MCS_SAMPLES=off               none of them, nor the mutants sample: for a CI that runs the gates in full
//                                 right after npm test (.ci/run); vitest.config.ts leaves their files out
import { envInteger, sampleOf } from '../mutants/sample.js';

export type E2eScope = { kind: 'full' } | { kind: 'off' } | { kind: 'sample'; seed: number; files: number; perFile: number };

/**
 * How much of them npm test runs by default: one test of each of two files, a few whole certifications
 * beside the unit tests, so that npm test keeps within its minutes on a quiet machine of two cores.
 */
export const E2E_SAMPLE_FILES = 2;
export const E2E_SAMPLE_PER_FILE = 1;

/**
 * Files the sample never draws, each with why: one test of theirs alone costs more than npm test's sample can
 * spend on a quiet machine of two cores. Their gate runs every test of them.
 */
export const gateOnlyFiles: Readonly<Record<string, { gate: string; why: string }>> = {
  'test/vendor/rungs.e2e.ts': {
    gate: 'npm run test:vendor',
    why: 'each of its tests certifies a vendor sandbox (four of them twice), waiting for deliveries as long as a slow carrier needs: 90 to 220 s for one test alone',
  },
  'test/prism/prism.e2e.ts': {
    gate: 'npm run test:e2e',
    why: 'one of its two tests certifies the reference through Prism validation proxies: 169 s alone on a fresh clone',
  },
};

/** The folders of test/ whose *.e2e.ts files keep configs of their own (npm run test:container, test:docs, test:field). */
export const ownConfigFolders = ['container', 'docs', 'field'] as const;

/** The scope the environment asks for; `random` draws the seed when none is given. */
export function e2eScope(env: Record<string, string | undefined>, random: () => number = Math.random): E2eScope {
  if (env.MCS_E2E_GATE === 'full') return { kind: 'full' };
  if (samplesOff(env)) return { kind: 'off' };
  return {
    kind: 'sample',
    seed: envInteger(env, 'MCS_E2E_SAMPLE_SEED') ?? Math.floor(random() * 2 ** 31),
    files: envInteger(env, 'MCS_E2E_SAMPLE_FILES') ?? E2E_SAMPLE_FILES,
    perFile: envInteger(env, 'MCS_E2E_SAMPLE_PER_FILE') ?? E2E_SAMPLE_PER_FILE,
  };
}

/**
 * The tests of one file a scope runs, by full name. The file's own seed mixes its path into the sample's,
 * so that two files of the same shape do not always draw the same positions.
 */
export function sampledTests(scope: E2eScope, file: string, names: readonly string[]): Set<string> {
  if (scope.kind === 'full') return new Set(names);
  if (scope.kind === 'off') return new Set();
  return new Set(sampleOf(names, scope.perFile, (scope.seed ^ fnv1a(file)) | 0));
}

/** The files of `candidates` a scope runs: all of them, none, or those its seed draws (in their sorted order). */
export function sampledFiles(scope: E2eScope, candidates: readonly string[]): string[] {
  const sorted = [...candidates].sort();
  if (scope.kind === 'full') return sorted;
  if (scope.kind === 'off') return [];
  // A stream of its own, so that which files are drawn does not decide which test of each is.
  return sampleOf(sorted.filter((file) => !Object.hasOwn(gateOnlyFiles, file)), scope.files, (scope.seed ^ 0x2545f491) | 0);
}

/** The line a sample run prints first and last: what it covered and how to run the same sample again. */
export function e2eScopeLine(scope: E2eScope): string {
  if (scope.kind === 'full') return 'e2e: every test of test/**/*.e2e.ts';
  if (scope.kind === 'off') return 'e2e and mutants samples: off (MCS_SAMPLES=off); every test of them: npm run test:vendor, test:hostile, test:e2e, test:mutants';
  const left = Object.entries(gateOnlyFiles).map(([file, { gate }]) => `${file} only in ${gate}`);
  return `e2e sample: ${scope.perFile} test(s) of each of ${scope.files} test/**/*.e2e.ts files, seed ${scope.seed}; replay: MCS_E2E_SAMPLE_SEED=${scope.seed} npm test; all of them: npm run test:vendor, test:hostile, test:e2e${left.length === 0 ? '' : ` (never drawn, too long for the sample: ${left.join(', ')})`}`;
}

/** Whether the environment leaves npm test's samples of the gates out (MCS_SAMPLES=off); any other value is refused. */
export function samplesOff(env: Record<string, string | undefined>): boolean {
  const value = env.MCS_SAMPLES;
  if (value === undefined || value === '' || value === 'on') return false;
  if (value === 'off') return true;
  throw new Error(`MCS_SAMPLES must be on or off, got '${value}'`);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
