// Capacity search: step the offered (open-model) rate up geometrically until the SLO breaks, then bisect
// between the last rate that held and the first that broke. It says how sure it is:
// - each step runs at least twice, and more (up to maxRunsPerStep) until two runs agree within the
//   tolerance (load/capacity-step.ts); its verdict is the majority of its runs, with the reason;
// - a step that disagrees with its neighbour (it broke below a rate that held, or held with a tail slower
//   than a higher rate's beyond the tolerance) is run again, and if it still disagrees the pair is reported
//   as noise with both figures;
// - the capacity is an interval: from the highest rate that held with every rate below it holding, to the
//   lowest rate above every held one that broke (noise widens it, never hides in it);
// - the knee is computed from the steps that held;
// - a broken run the generator's lag or ceiling, or a machine busier than its cores, could explain is said
//   to be so, with what to do about it (--workers, shards);
// - its confidence says all of it in a word: steady only when every run agreed and nothing but the target can
//   explain a broken run; unsure when the runs agreed but the diagnosis doubts them (the target may not be why
//   some broke) or a verdict stands on one counted run; noisy when runs or neighbours disagreed.
// The search is pure over an injected step runner, so it is tested without a network.
//
// Knee ("where latency bends"), chosen here: among the steps that held, in order of offered rate, the last
// step before the first whose p99 exceeds 3x the baseline (and the baseline + 1 ms, so sub-millisecond
// jitter does not count); the baseline is the lowest p99 among the three lowest rates (what the target
// does unloaded; the 3x margin absorbs the jitter of low-rate steps). The tail is what bends first once
// requests start to queue; the p90 follows later.
import { availableParallelism, loadavg } from 'node:os';
import { anyTwoAgree, judgedRuns, stepRunOf, stepVerdict, suspectsOf, type MachineLoad, type RunFigures, type StepRun } from './capacity-step.js';
import { decodeHistogram, percentileCurve } from './histogram.js';
import type { SloClause } from './slo.js';
import type { LoadResult } from './result.js';

export const CAPACITY_SCHEMA = 'mcs-load-capacity/1';

/**
 * A rate of the search. Its figures (RunFigures) are those of its representative run, the median p99 of
 * its majority; `pass` is the step's verdict, the majority of its runs (a tie is broke).
 */
export interface CapacityStep extends RunFigures {
  phase: 'ramp' | 'bisect';
  offeredRate: number;
  /** The step's latency histogram (µs), hdr compressed base64 (load/histogram.ts decodeHistogram). */
  histogram: string;
  /** Its percentile curve, ready to plot: percentile (0..100) -> latency ms, log-spaced up to the max. */
  percentiles: Array<{ percentile: number; ms: number }>;
  /** The step's per-second series, when the run recorded one (throughput and latency over time). */
  series?: LoadResult['series'];
  /** The runs of this rate the verdict stands on, in order. */
  runs: StepRun[];
  /** The runs of a first measurement that disagreed with a neighbour (the step was measured again). */
  earlier?: StepRun[];
  /** Every run agreed with every other. */
  steady: boolean;
  /** Why the verdict: in how many runs, each clause with every run's figure. */
  reason: string;
  /** What besides the target could explain its broken runs (the generator, the machine). */
  suspects: string[];
}

export interface CapacityInterval {
  /** The highest rate that held with every rate below it holding (null: the lowest rate broke). */
  low: number | null;
  /** The lowest rate that broke above every rate that held (null: none broke up to the maximum). */
  high: number | null;
  /** The whole finding in a sentence. */
  text: string;
}

/**
 * steady: every step's runs agreed, every step with its neighbours, and nothing but the target can explain a
 * broken run; unsure: they agreed, but the diagnosis says the generator or the machine may be why some runs
 * broke, or a step's verdict stands on one counted run; noisy: runs of a step, or neighbours, disagreed.
 */
export type Confidence = 'steady' | 'unsure' | 'noisy';

export interface NoiseNote {
  kind: 'runs' | 'neighbours';
  rates: number[];
  text: string;
}

export interface CapacityReport {
  schema: typeof CAPACITY_SCHEMA;
  profile: string;
  slo: string;
  stepDurationMs: number;
  startedAt: string;
  /** Two runs agree within this fraction of each SLO clause's limit. */
  tolerance: number;
  /** Steps in the order they ran; sort by offeredRate for the latency-vs-rate plot. */
  steps: CapacityStep[];
  capacity: CapacityInterval;
  confidence: Confidence;
  noise: NoiseNote[];
  /** Broken steps the generator or the machine could explain, and what to do about it. */
  diagnosis: string[];
  /** capacity.low, kept for readers of the first form of this report. */
  highestPassingRate: number | null;
  /** capacity.high, likewise. */
  lowestFailingRate: number | null;
  /** From the steps that held. */
  knee: Knee | null;
  stoppedBecause: string;
}

export interface CapacityOptions {
  slo: SloClause[];
  sloText: string;
  profile: string;
  startRate: number;
  maxRate: number;
  /** Ramp factor (default 2). */
  factor?: number;
  /** Stop bisecting once (fail - pass) / fail is at most this (default 0.05). */
  precision?: number;
  /** At most this many rates in all (default 20). */
  maxSteps?: number;
  /** Two runs agree within this fraction of each SLO limit (default 0.2). */
  tolerance?: number;
  /** Runs of one step while no two agree (default 4, at least 2). */
  maxRunsPerStep?: number;
  stepDurationMs: number;
  runStep(rate: number): Promise<LoadResult>;
  onStep?(step: CapacityStep): void;
  onRun?(rate: number, run: StepRun, index: number): void;
  /** The machine's load after each run (default: this machine's 1-minute load average and cores). */
  machine?: () => MachineLoad | undefined;
}

export const DEFAULT_TOLERANCE = 0.2;
export const DEFAULT_MAX_RUNS_PER_STEP = 4;

const thisMachine = (): MachineLoad => ({ loadavg: loadavg()[0] ?? 0, cores: availableParallelism() });

export async function searchCapacity(options: CapacityOptions): Promise<CapacityReport> {
  const factor = options.factor ?? 2;
  const precision = options.precision ?? 0.05;
  const maxSteps = options.maxSteps ?? 20;
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  const maxRuns = Math.max(2, options.maxRunsPerStep ?? DEFAULT_MAX_RUNS_PER_STEP);
  const machine = options.machine ?? thisMachine;
  const clauses = options.slo;
  const steps: CapacityStep[] = [];
  const startedAt = new Date().toISOString();
  let pass: number | null = null;
  let fail: number | null = null;
  let stoppedBecause = '';

  const runOnce = async (rate: number, runs: StepRun[], results: LoadResult[]): Promise<void> => {
    const result = await options.runStep(rate);
    const run = stepRunOf(result, clauses, machine());
    results.push(result);
    runs.push(run);
    options.onRun?.(rate, run, runs.length);
  };

  /** One rate, run until two runs agree (at least twice, at most maxRuns times). */
  const measure = async (phase: CapacityStep['phase'], rate: number): Promise<CapacityStep> => {
    const runs: StepRun[] = [];
    const results: LoadResult[] = [];
    do await runOnce(rate, runs, results);
    while (runs.length < maxRuns && (runs.length < 2 || !anyTwoAgree(runs, clauses, tolerance)));
    const verdict = stepVerdict(rate, runs, clauses, tolerance);
    const result = results[verdict.representative] as LoadResult;
    const run = runs[verdict.representative] as StepRun;
    const s: CapacityStep = {
      phase,
      offeredRate: rate,
      achievedRate: run.achievedRate,
      pass: verdict.pass,
      slo: run.slo,
      latency: run.latency,
      errorRatePercent: run.errorRatePercent,
      completed: run.completed,
      histogram: result.histogram,
      percentiles: percentileCurve(decodeHistogram(result.histogram)),
      ...(result.series !== undefined ? { series: result.series } : {}),
      runs,
      steady: verdict.steady,
      reason: verdict.reason,
      suspects: verdict.suspects,
    };
    options.onStep?.(s);
    return s;
  };

  const step = async (phase: CapacityStep['phase'], rate: number): Promise<boolean> => {
    const s = await measure(phase, rate);
    steps.push(s);
    return s.pass;
  };

  for (let rate = options.startRate; ; rate = Math.min(options.maxRate, Math.ceil(rate * factor))) {
    if (steps.length >= maxSteps) {
      stoppedBecause = `step limit (${maxSteps}) reached while ramping`;
      break;
    }
    if (await step('ramp', rate)) {
      pass = rate;
      if (rate >= options.maxRate) {
        stoppedBecause = `held up to the maximum rate tried (${options.maxRate}/s)`;
        break;
      }
    } else {
      fail = rate;
      break;
    }
  }

  if (fail !== null) {
    let lo = pass ?? 0;
    let hi = fail;
    while ((hi - lo) / hi > precision && hi - lo > 1) {
      if (steps.length >= maxSteps) {
        stoppedBecause = `step limit (${maxSteps}) reached while bisecting`;
        break;
      }
      const mid = Math.round((lo + hi) / 2);
      if (await step('bisect', mid)) lo = mid;
      else hi = mid;
    }
    if (stoppedBecause === '') stoppedBecause = lo === 0 ? 'the SLO broke at the lowest rate tried' : `bisected to within ${Math.round(precision * 100)}%`;
  }

  // Neighbours: a step that disagrees with its neighbour is measured again (at most maxSteps times in
  // all); the new measurement stands, and the first is kept beside it (`earlier`).
  const disputed = [...new Set(disagreements(steps, clauses, tolerance).flatMap((d) => d.rerun))].slice(0, maxSteps);
  for (const index of disputed) {
    const old = steps[index] as CapacityStep;
    const fresh = await measure(old.phase, old.offeredRate);
    steps[index] = { ...fresh, reason: `${fresh.reason}; measured again, as its first measurement (${figures(old)}) disagreed with its neighbour`, earlier: [...(old.earlier ?? []), ...old.runs] };
  }

  const noise: NoiseNote[] = [
    ...steps.filter((s) => !s.steady).map((s): NoiseNote => ({ kind: 'runs', rates: [s.offeredRate], text: `${s.offeredRate}/s: its runs disagreed (${s.reason})` })),
    ...disagreements(steps, clauses, tolerance).map((d): NoiseNote => ({ kind: 'neighbours', rates: d.rates, text: d.text })),
  ];
  const diagnosis = diagnosisOf(steps, clauses);
  const confidence: Confidence = noise.length > 0 ? 'noisy' : diagnosis.length > 0 ? 'unsure' : 'steady';
  const capacity = intervalOf(steps, options.maxRate, confidence);
  return {
    schema: CAPACITY_SCHEMA,
    profile: options.profile,
    slo: options.sloText,
    stepDurationMs: options.stepDurationMs,
    startedAt,
    tolerance,
    steps,
    capacity,
    confidence,
    noise,
    diagnosis,
    highestPassingRate: capacity.low,
    lowestFailingRate: capacity.high,
    knee: findKnee(steps.filter((s) => s.pass)),
    stoppedBecause,
  };
}

interface Disagreement {
  rates: number[];
  /** Indexes (in the steps as they ran) of the steps to run again. */
  rerun: number[];
  text: string;
}

/**
 * Neighbours (in order of rate) that contradict a target whose latency grows with its load: a rate that
 * broke below one that held (both run again), or one that held with a p99 slower than the next rate's by
 * more than the tolerance of the latency limit (the slower, lower one runs again).
 */
export function disagreements(steps: readonly CapacityStep[], clauses: readonly SloClause[], tolerance: number): Disagreement[] {
  const order = steps.map((s, index) => ({ s, index })).sort((a, b) => a.s.offeredRate - b.s.offeredRate);
  const latencyLimits = clauses.filter((c) => !['errors', 'rate'].includes(c.metric)).map((c) => c.threshold);
  const found: Disagreement[] = [];
  for (let i = 1; i < order.length; i++) {
    const low = order[i - 1] as (typeof order)[number];
    const high = order[i] as (typeof order)[number];
    if (!low.s.pass && high.s.pass) {
      found.push({ rates: [low.s.offeredRate, high.s.offeredRate], rerun: [low.index, high.index], text: `${low.s.offeredRate}/s broke (${figures(low.s)}${earlierText(low.s)}) below ${high.s.offeredRate}/s, which held (${figures(high.s)}${earlierText(high.s)})` });
      continue;
    }
    const margin = tolerance * (latencyLimits.length > 0 ? Math.min(...latencyLimits) : Math.max(1, high.s.latency.p99));
    if (low.s.pass && high.s.pass && low.s.latency.p99 > high.s.latency.p99 + margin) {
      found.push({ rates: [low.s.offeredRate, high.s.offeredRate], rerun: [low.index], text: `${low.s.offeredRate}/s held with a p99 of ${low.s.latency.p99} ms${earlierText(low.s)}, slower than ${high.s.offeredRate}/s (p99 ${high.s.latency.p99} ms)` });
    }
  }
  return found;
}

function figures(s: Pick<CapacityStep, 'slo'>): string {
  return s.slo.checks.map((c) => `${c.clause}: ${Math.round(c.actual * 100) / 100}`).join(', ');
}

/** The figures of a step's first measurement, when it was measured again. */
function earlierText(s: CapacityStep): string {
  if (s.earlier === undefined || s.earlier.length === 0) return '';
  return `; measured twice, first ${s.earlier.map((run) => `p99 ${run.latency.p99} ms ${run.pass ? 'held' : 'broke'}`).join(', ')}`;
}

/** From the highest rate that held with everything below it holding, to the lowest break above every hold. */
export function intervalOf(steps: readonly Pick<CapacityStep, 'offeredRate' | 'pass'>[], maxRate: number, confidence: Confidence): CapacityInterval {
  const sorted = [...steps].sort((a, b) => a.offeredRate - b.offeredRate);
  const firstBroke = sorted.findIndex((s) => !s.pass);
  const low = firstBroke === -1 ? (sorted.at(-1)?.offeredRate ?? null) : firstBroke === 0 ? null : (sorted[firstBroke - 1]?.offeredRate ?? null);
  const held = sorted.filter((s) => s.pass).map((s) => s.offeredRate);
  const highestHeld = held.length > 0 ? Math.max(...held) : -Infinity;
  const high = sorted.find((s) => !s.pass && s.offeredRate > highestHeld)?.offeredRate ?? null;
  const caveat = confidence === 'noisy' ? '; noisy: see the notes' : confidence === 'unsure' ? '; unsure: see the diagnosis' : '';
  let text: string;
  if (low === null) text = `none: the lowest rate tried (${sorted[0]?.offeredRate ?? '?'}/s) broke${caveat}`;
  else if (high === null) text = `at least ${low}/s: every rate held up to ${low === maxRate ? 'the maximum tried' : `${low}/s`}${caveat}`;
  else text = `${low}/s, between ${low}/s (held, as did every rate below it) and ${high}/s (broke, as did every rate tried above it)${caveat}`;
  return { low, high, text };
}

/**
 * The broken runs the generator or the machine could explain, the verdicts that stand on one counted run (the
 * others broke by the generator's lag alone), and what to do about it.
 */
function diagnosisOf(steps: readonly CapacityStep[], clauses: readonly SloClause[]): string[] {
  const byRate = (a: CapacityStep, b: CapacityStep) => a.offeredRate - b.offeredRate;
  const suspected = steps.filter((s) => s.suspects.length > 0).sort(byRate);
  const thin = steps.filter((s) => judgedRuns(s.runs, clauses).length < 2).sort(byRate);
  if (suspected.length === 0 && thin.length === 0) return [];
  const broken = suspected.flatMap((s) => [...(s.earlier ?? []), ...s.runs].filter((run) => !run.pass).map((run) => ({ rate: s.offeredRate, run })));
  const rates = suspected.map((s) => `${s.offeredRate}/s${s.pass ? ' (held, some runs broke)' : ''}`).join(', ');
  return [
    ...(suspected.length > 0 ? [`runs broke at ${rates}, and the target may not be why: ${suspectsOf(broken, clauses).join('; ')}`] : []),
    ...(thin.length > 0 ? [`the verdict of ${thin.map((s) => `${s.offeredRate}/s`).join(', ')} stands on one run: its other runs broke by the generator's own send lag alone`] : []),
    'to rule the generator and the machine out: more generator threads (--workers N), or shards from other machines (--shard i/N, then mcs load merge), on a machine with nothing else running',
  ];
}

export interface Knee {
  offeredRate: number;
  p90: number;
  p99: number;
}

export function findKnee(steps: Array<Pick<CapacityStep, 'offeredRate' | 'latency'>>): Knee | null {
  const sorted = [...steps].sort((a, b) => a.offeredRate - b.offeredRate);
  const first = sorted[0];
  if (first === undefined) return null;
  const baseline = Math.min(...sorted.slice(0, 3).map((s) => s.latency.p99));
  const limit = Math.max(3 * baseline, baseline + 1);
  let knee = first;
  for (const s of sorted) {
    if (s.latency.p99 > limit) break;
    knee = s;
  }
  return { offeredRate: knee.offeredRate, p90: knee.latency.p90, p99: knee.latency.p99 };
}

const confidenceWhy: Record<Confidence, string> = {
  steady: " (every step's runs agreed, and every step with its neighbours)",
  unsure: " (every step's runs agreed, but the target may not be why some broke: see the diagnosis)",
  noisy: '',
};

export function formatCapacity(r: CapacityReport): string {
  const lines = r.steps.map((s) => {
    const head = `  ${s.phase.padEnd(6)} ${String(s.offeredRate).padStart(7)}/s offered, ${s.achievedRate.toFixed(1).padStart(9)}/s achieved, p50 ${s.latency.p50} p99 ${s.latency.p99} ms, errors ${s.errorRatePercent.toFixed(2)}%: ${s.reason}`;
    return s.suspects.length === 0 ? head : `${head}\n           (could be: ${s.suspects.join('; ')})`;
  });
  lines.push(`capacity: ${r.capacity.text} (${r.stoppedBecause}; runs agree within ${Math.round(r.tolerance * 100)}% of each SLO limit)`);
  if (r.knee !== null) lines.push(`knee: about ${r.knee.offeredRate}/s (p99 ${r.knee.p99} ms; from the steps that held, latency bends above it)`);
  lines.push(`confidence: ${r.confidence}${confidenceWhy[r.confidence]}`);
  for (const n of r.noise) lines.push(`  noise: ${n.text}`);
  for (const d of r.diagnosis) lines.push(`diagnosis: ${d}`);
  return `${lines.join('\n')}\n`;
}
