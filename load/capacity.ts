// Capacity search: step the offered (open-model) rate up geometrically until the SLO breaks, then bisect
// between the last rate that held and the first that broke. Reports the highest rate that held and the
// knee. The search is pure over an injected step runner, so it is tested without a network.
//
// Knee ("where latency bends"), chosen here: in order of offered rate, the last step before the first
// whose p99 exceeds 3x the baseline (and the baseline + 1 ms, so sub-millisecond jitter does not count);
// the baseline is the lowest p99 among the three lowest rates (what the target does unloaded; the 3x
// margin absorbs the jitter of low-rate steps). The tail is what bends first once requests start to
// queue; the p90 follows later.
import { decodeHistogram, percentileCurve, type LatencySummary } from './histogram.js';
import { evaluateSlo, type SloClause, type SloVerdict } from './slo.js';
import type { LoadResult } from './result.js';

export const CAPACITY_SCHEMA = 'mcs-load-capacity/1';

export interface CapacityStep {
  phase: 'ramp' | 'bisect';
  offeredRate: number;
  achievedRate: number;
  pass: boolean;
  slo: SloVerdict;
  latency: LatencySummary;
  errorRatePercent: number;
  completed: number;
  /** The step's latency histogram (µs), hdr compressed base64 (load/histogram.ts decodeHistogram). */
  histogram: string;
  /** Its percentile curve, ready to plot: percentile (0..100) -> latency ms, log-spaced up to the max. */
  percentiles: Array<{ percentile: number; ms: number }>;
  /** The step's per-second series, when the run recorded one (throughput and latency over time). */
  series?: LoadResult['series'];
}

export interface CapacityReport {
  schema: typeof CAPACITY_SCHEMA;
  profile: string;
  slo: string;
  stepDurationMs: number;
  startedAt: string;
  /** Steps in the order they ran; sort by offeredRate for the latency-vs-rate plot. */
  steps: CapacityStep[];
  /** Highest offered rate at which the SLO held (null: not even the lowest rate held). */
  highestPassingRate: number | null;
  /** The lowest offered rate at which it broke (null: it never broke up to maxRate). */
  lowestFailingRate: number | null;
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
  /** At most this many steps in all (default 20). */
  maxSteps?: number;
  stepDurationMs: number;
  runStep(rate: number): Promise<LoadResult>;
  onStep?(step: CapacityStep): void;
}

export async function searchCapacity(options: CapacityOptions): Promise<CapacityReport> {
  const factor = options.factor ?? 2;
  const precision = options.precision ?? 0.05;
  const maxSteps = options.maxSteps ?? 20;
  const steps: CapacityStep[] = [];
  const startedAt = new Date().toISOString();
  let pass: number | null = null;
  let fail: number | null = null;
  let stoppedBecause = '';

  const step = async (phase: CapacityStep['phase'], rate: number): Promise<boolean> => {
    const result = await options.runStep(rate);
    const slo = evaluateSlo(options.slo, result);
    const s: CapacityStep = {
      phase,
      offeredRate: rate,
      achievedRate: result.achievedRate,
      pass: slo.pass,
      slo,
      latency: result.latency,
      errorRatePercent: result.errorRatePercent,
      completed: result.counts.completed,
      histogram: result.histogram,
      percentiles: percentileCurve(decodeHistogram(result.histogram)),
      ...(result.series !== undefined ? { series: result.series } : {}),
    };
    steps.push(s);
    options.onStep?.(s);
    return slo.pass;
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
    pass = lo > 0 ? lo : null;
    fail = hi;
    if (stoppedBecause === '') stoppedBecause = pass === null ? 'the SLO broke at the lowest rate tried' : `bisected to within ${Math.round(precision * 100)}%`;
  }

  return {
    schema: CAPACITY_SCHEMA,
    profile: options.profile,
    slo: options.sloText,
    stepDurationMs: options.stepDurationMs,
    startedAt,
    steps,
    highestPassingRate: pass,
    lowestFailingRate: fail,
    knee: findKnee(steps),
    stoppedBecause,
  };
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

export function formatCapacity(r: CapacityReport): string {
  const lines = r.steps.map(
    (s) => `  ${s.phase.padEnd(6)} ${String(s.offeredRate).padStart(7)}/s offered, ${s.achievedRate.toFixed(1).padStart(9)}/s achieved, p50 ${s.latency.p50} p99 ${s.latency.p99} ms, errors ${s.errorRatePercent.toFixed(2)}%: ${s.pass ? 'held' : 'broke'}`,
  );
  lines.push(`highest rate that held: ${r.highestPassingRate === null ? 'none' : `${r.highestPassingRate}/s`} (${r.stoppedBecause})`);
  if (r.knee !== null) lines.push(`knee: about ${r.knee.offeredRate}/s (p99 ${r.knee.p99} ms; latency bends above it)`);
  return `${lines.join('\n')}\n`;
}
