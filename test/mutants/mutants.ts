// The self-verification run.
//  - Baseline: the suites against the clean reference, every check (this is also the benign case "none").
//    It tells which checks cite which clauses and in which file they live, and which checks already fail
//    without any fault (those never count as catching one).
//  - Benign variants: a full certification against the reference with the variant; it must pass (what
//    `mcs certify` answers with exit 0) with no failed check.
//  - Faults: for each, a reference with that fault alone and the checks citing its clauses (`--only
//    <clauses>`), loaded from the files that hold them: first those holding the checks of its most specific
//    clause, then, if the fault is not caught yet, the others. A fault no check cites is MISSED without a run.
//    With `exhaustive`, every batch runs even after a catch, so each fault's `failed` lists every check it
//    fails: then the report also names the checks no fault fails (DEVELOPERS.md: every check must be shown
//    to fail against a faulty implementation).
// By default every run goes through suites-worker.ts: the runner `mcs certify` uses, in a worker process that
// certifies one reference after another (a fault costs about a second of CPU, a full run about 6 s).
// `via: 'cli'` runs the real `mcs certify` in a child process for each instead (a fault's run then loads every
// suite file: several seconds each; a full run about 9 s), to show both ways agree.
// At most `concurrency` runs are in flight (this machine has 2 cores).
import { baselineVariantName, listFaults, listVariants, type FaultDecl, type NamedVariant } from './catalog.js';
import { certifyAgainstReference } from './certify-run.js';
import { checksCiting, checksNoFaultFails, classifyFault, classifyVariant, fileBatches, mergeRuns, uncitedFault, type CertifyRun, type Classified, type FaultVerdict, type VariantVerdict } from './classify.js';
import { timeLimit, type Work } from '../support/pace.js';
import { runPool } from './pool.js';
import { SuitesLane } from './suites-lane.js';
import type { SuitesJobResult } from './suites-worker.js';

export interface FaultResult extends Classified<FaultVerdict> {
  kind: 'fault';
  name: string;
  clauses: string[];
  /** Checks the run selected (those citing the fault's clauses). */
  selected: string[];
  ms: number;
  /** CPU time of its runs (suites worker runs only). */
  cpuMs?: number;
}

export interface VariantResult extends Classified<VariantVerdict> {
  kind: 'variant';
  name: string;
  ms: number;
}

export type MutantResult = FaultResult | VariantResult;

export interface MutantsOptions {
  /** Fault names to run (default: every fault). */
  faults?: readonly string[];
  /** Variant names to run besides the baseline, which always runs (default: every variant). */
  variants?: readonly string[];
  /** How runs are made: the certify runner in a worker process (default), or the `mcs certify` command. */
  via?: 'worker' | 'cli';
  /** Runs in flight (default 2: this machine's cores). */
  concurrency?: number;
  /** The fast-check seed of every run (fixed by default, so a verdict is reproducible). */
  seed?: number;
  /** Time limit of one run (ms); default: derived from the run's work and this machine's pace (runWork). */
  timeoutMs?: number;
  /** Run every file batch of a fault, not only up to the first that catches it (needed for `unproven`). */
  exhaustive?: boolean;
  onResult?(result: MutantResult): void;
}

export interface MutantsReport {
  seed: number;
  via: 'worker' | 'cli';
  faults: FaultResult[];
  variants: VariantResult[];
  /** CAUGHT faults / faults run. */
  catchRate: number;
  /** PASS variants / variants run (baseline included). */
  benignPassRate: number;
  /** With `exhaustive` over every fault: checks that pass on the clean reference and that no fault fails. */
  unproven?: string[];
  /** Every check of the clean run. */
  checkIds?: string[];
  ms: number;
}

export const defaultSeed = 1;

/**
 * What one run takes a quiet machine of two cores, two runs side by side: every check against a reference (the
 * baseline, a benign variant; about 30 s in the worker, a `mcs certify` start more through the CLI), or the
 * checks of one fault's clauses (a few seconds). A run's limit follows from it (test/support/pace.ts).
 */
export const runWork = {
  full: { quietMs: 30_000 },
  fault: { quietMs: 5_000 },
  cli: { mcsRuns: 1, quietMs: 30_000 },
} as const satisfies Record<string, Work>;

/** The work of a whole mutants run over `lanes` lanes: its full runs and its fault runs (each up to two batches). */
export function gateWork(runs: { variants: number; faults: number }, lanes = 2): Work {
  return { quietMs: ((1 + runs.variants) * runWork.full.quietMs + runs.faults * 2 * runWork.fault.quietMs) / lanes };
}

type Job = { baseline: true } | { variant: NamedVariant } | { fault: FaultDecl };

export async function runMutants(options: MutantsOptions = {}): Promise<MutantsReport> {
  const started = performance.now();
  const seed = options.seed ?? defaultSeed;
  // Each run's limit is set as it starts, at the machine's pace then.
  const limit = (work: Work) => options.timeoutMs ?? timeLimit(work);
  const via = options.via ?? 'worker';
  const faults = select(await listFaults(), options.faults, 'fault');
  const variants = select(listVariants().filter((v) => v.name !== baselineVariantName), options.variants, 'variant');
  const report = (result: MutantResult) => {
    options.onResult?.(result);
    return result;
  };

  let resolveBaseline!: (run: SuitesJobResult) => void;
  const baseline = new Promise<SuitesJobResult>((resolve) => (resolveBaseline = resolve));

  const runJob = async (job: Job, lane: SuitesLane): Promise<MutantResult> => {
    if ('baseline' in job) {
      const run = await lane.run({ faults: [], variant: {}, only: [], seed }, limit(runWork.full));
      resolveBaseline(run);
      return report({ kind: 'variant', name: baselineVariantName, ms: run.ms, ...classifyVariant(run) });
    }
    if ('variant' in job) {
      const claims = job.variant.claims === undefined ? {} : { claims: job.variant.claims };
      const run =
        via === 'cli'
          ? await certifyAgainstReference({ reference: { variant: job.variant.patch }, only: [], seed, timeoutMs: limit(runWork.cli), ...claims })
          : await lane.run({ faults: [], variant: job.variant.patch, only: [], seed, ...claims }, limit(runWork.full));
      return report({ kind: 'variant', name: job.variant.name, ms: run.ms, ...classifyVariant(run) });
    }
    return report(await runFault(job.fault, await baseline, lane, { seed, limit, via, exhaustive: options.exhaustive === true }));
  };

  // The full runs first: they are the longest, and the faults need the baseline.
  const jobs: Job[] = [{ baseline: true }, ...variants.map((variant) => ({ variant })), ...faults.map((fault) => ({ fault }))];
  const lanes = Array.from({ length: options.concurrency ?? 2 }, () => new SuitesLane());
  let results: MutantResult[];
  try {
    results = await runPool(jobs, lanes, runJob);
  } finally {
    for (const lane of lanes) lane.close();
  }
  const faultResults = results.filter((r): r is FaultResult => r.kind === 'fault');
  const variantResults = results.filter((r): r is VariantResult => r.kind === 'variant');
  const everyFault = options.faults === undefined;
  const clean = (await baseline).checks;
  return {
    seed,
    via,
    faults: faultResults,
    variants: variantResults,
    catchRate: rate(faultResults, (r) => r.verdict === 'CAUGHT'),
    benignPassRate: rate(variantResults, (r) => r.verdict === 'PASS'),
    ...(clean ? { checkIds: clean.map((c) => c.id) } : {}),
    ...(options.exhaustive && everyFault && clean ? { unproven: checksNoFaultFails(clean, faultResults) } : {}),
    ms: Math.round(performance.now() - started),
  };
}

/** One fault through the real `mcs certify --only <its clauses>` in a child process (no baseline needed). */
export async function certifyFaultViaCli(fault: Pick<FaultDecl, 'name' | 'clauses'>, seed = defaultSeed): Promise<Classified<FaultVerdict>> {
  const run = await certifyAgainstReference({ reference: { faults: [fault.name] }, only: fault.clauses, seed, timeoutMs: timeLimit(runWork.cli) });
  return classifyFault(run, fault.clauses);
}

async function runFault(fault: FaultDecl, clean: SuitesJobResult, lane: SuitesLane, settings: { seed: number; limit: (work: Work) => number; via: 'worker' | 'cli'; exhaustive: boolean }): Promise<FaultResult> {
  const base = { kind: 'fault' as const, name: fault.name, clauses: [...fault.clauses] };
  if (!clean.checks) return { ...base, selected: [], ms: 0, verdict: 'ERROR', failed: [], detail: 'the baseline run produced no result' };
  const citing = checksCiting(clean.checks, fault.clauses);
  if (citing.length === 0) return { ...base, selected: [], ms: 0, ...uncitedFault(fault.clauses) };
  const failingOnBaseline = new Set(clean.checks.filter((c) => c.outcome === 'failed').map((c) => c.id));
  const only = [...fault.clauses];
  const selected = citing.map((c) => c.id);
  if (settings.via === 'cli') {
    const run = await certifyAgainstReference({ reference: { faults: [fault.name] }, only, seed: settings.seed, timeoutMs: settings.limit(runWork.cli) });
    return { ...base, selected, ms: run.ms, ...classifyFault(run, fault.clauses, failingOnBaseline) };
  }
  // A fault is caught as soon as one selected check fails, so the runs stop at the first batch that catches it
  // (unless exhaustive: then every selected check runs, to learn each one the fault fails).
  let run: CertifyRun | undefined;
  let verdict: Classified<FaultVerdict> | undefined;
  for (const files of fileBatches(citing, fault.clauses, clean.files) ?? [undefined]) {
    const next = await lane.run({ faults: [fault.name], variant: {}, only, ...(files ? { files } : {}), seed: settings.seed }, settings.limit(files ? runWork.fault : runWork.full));
    run = run ? mergeRuns(run, next) : next;
    verdict = classifyFault(run, fault.clauses, failingOnBaseline);
    if (verdict.verdict === 'ERROR' || (verdict.verdict === 'CAUGHT' && !settings.exhaustive)) break;
  }
  return { ...base, selected, ms: run?.ms ?? 0, ...(run?.cpuMs === undefined ? {} : { cpuMs: run.cpuMs }), ...(verdict as Classified<FaultVerdict>) };
}

function select<T extends { name: string }>(all: readonly T[], names: readonly string[] | undefined, what: string): T[] {
  if (names === undefined) return [...all];
  const unknown = names.filter((name) => !all.some((item) => item.name === name));
  if (unknown.length > 0) throw new Error(`unknown ${what}${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  return all.filter((item) => names.includes(item.name));
}

function rate<T>(items: readonly T[], ok: (item: T) => boolean): number {
  return items.length === 0 ? Number.NaN : items.filter(ok).length / items.length;
}
