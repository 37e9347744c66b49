// Which part of the self-verification gate a run of test/mutants/mutants.test.ts covers. `npm test` runs a
// sample (every fault and variant of the reference costs ~430 s on two cores: too long for every edit);
// `npm run test:mutants`, which .ci/run calls, runs the whole gate. The sample changes with its seed, so
// that successive runs together cover every fault, and the seed replays one sample exactly (the runs
// themselves use the gate's fixed fast-check seed).
//   MCS_MUTANTS_GATE=full            the whole gate (every fault, every variant, the unproven-check list)
//   MCS_MUTANTS_SAMPLE_SEED=N        the sample of seed N (default: random, printed)
//   MCS_MUTANTS_SAMPLE_FAULTS=N      faults in the sample (default 6)
//   MCS_MUTANTS_SAMPLE_VARIANTS=N    benign variants in the sample besides the baseline (default 1)
import fc from 'fast-check';

export type GateScope =
  | { kind: 'full' }
  | { kind: 'sample'; seed: number; faults: string[]; variants: string[]; of: { faults: number; variants: number } };

export const sampleDefaults = { faults: 6, variants: 1 } as const;

/** The scope the environment asks for; `random` draws the seed when none is given. */
export function gateScope(env: Record<string, string | undefined>, all: { faults: readonly string[]; variants: readonly string[] }, random: () => number = Math.random): GateScope {
  if (env.MCS_MUTANTS_GATE === 'full') return { kind: 'full' };
  const seed = envInteger(env, 'MCS_MUTANTS_SAMPLE_SEED') ?? Math.floor(random() * 2 ** 31);
  const faults = envInteger(env, 'MCS_MUTANTS_SAMPLE_FAULTS') ?? sampleDefaults.faults;
  const variants = envInteger(env, 'MCS_MUTANTS_SAMPLE_VARIANTS') ?? sampleDefaults.variants;
  return {
    kind: 'sample',
    seed,
    // Two streams from one seed, so that the variants drawn do not depend on how many faults are.
    faults: sampleOf(all.faults, faults, seed),
    variants: sampleOf(all.variants, variants, seed ^ 0x5bd1e995),
    of: { faults: all.faults.length, variants: all.variants.length },
  };
}

/** `count` names drawn without replacement by fast-check with `seed`, in their catalogue order. */
export function sampleOf(names: readonly string[], count: number, seed: number): string[] {
  const take = Math.min(count, names.length);
  const [drawn] = fc.sample(fc.subarray([...names], { minLength: take, maxLength: take }), { seed, numRuns: 1 });
  return drawn ?? [];
}

/** What a sample run prints first, and what a failure of it says: how to run the same sample again. */
export function replayHint(scope: GateScope): string {
  if (scope.kind === 'full') return 'the whole gate: npm run test:mutants';
  return `MCS_MUTANTS_SAMPLE_SEED=${scope.seed} npx vitest run test/mutants/mutants.test.ts`;
}

export function scopeLine(scope: GateScope): string {
  if (scope.kind === 'full') return 'mutants gate: every fault and benign variant of the reference';
  return `mutants gate: a sample of ${scope.faults.length}/${scope.of.faults} faults and ${scope.variants.length}/${scope.of.variants} benign variants (besides the baseline), sample seed ${scope.seed}; replay: ${replayHint(scope)}; the whole gate: npm run test:mutants`;
}

/** A non-negative integer from the environment, undefined when unset or empty; anything else is refused by name. */
export function envInteger(env: Record<string, string | undefined>, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) throw new Error(`${name} must be a non-negative integer, got '${text}'`);
  return Number(text);
}
