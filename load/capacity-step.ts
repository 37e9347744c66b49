// One rate of a capacity search, run several times: when two runs agree, what the step's verdict is and
// why, and what else (the generator, the machine) could explain a run that broke. Pure: the runs come in
// as figures, so the rules are tested without a network.
//
// Agreement, chosen here: two runs agree when every SLO clause gets the same verdict in both, and their
// figures for it are within the tolerance of each other or both clear of the clause's limit by more than
// it. The tolerance is a fraction of each clause's limit (0.2: within 10 ms of each other for p99<50ms),
// so 6 ms and 7 ms agree, 49 ms and 51 ms do not (one held, one broke), and 400 ms and 800 ms do (both
// broke by far more than the tolerance: the queue simply grew for longer).
import type { LatencySummary } from './histogram.js';
import { BEYOND, type LoadResult } from './result.js';
import { evaluateSlo, type SloClause, type SloVerdict } from './slo.js';

/** The figures of a run that an SLO is judged on, and its verdict. */
export interface RunFigures {
  achievedRate: number;
  pass: boolean;
  slo: SloVerdict;
  latency: LatencySummary;
  errorRatePercent: number;
  completed: number;
}

/** What one run of a step measured, and what the generator and the machine were doing meanwhile. */
export interface StepRun extends RunFigures {
  /** The generator's own lateness (open model): p99 of how late it sent, ms. */
  sendLagP99?: number;
  /** The rate the generator's workers could have sent at, from their busy time in this run (req/s). */
  generatorCeiling?: number | null;
  /** The machine's 1-minute load average at the end of the run, and its cores. */
  machine?: MachineLoad;
}

export interface MachineLoad {
  loadavg: number;
  cores: number;
}

export interface StepVerdict {
  pass: boolean;
  /** Every run agreed with every other. */
  steady: boolean;
  /** Index (in the runs) of the run whose figures stand for the step: the median p99 of the majority. */
  representative: number;
  /** Why: the verdict, in how many runs, each clause with every run's figure. */
  reason: string;
  /** What besides the target could explain the runs that broke (empty when nothing could). */
  suspects: string[];
}

export function stepRunOf(result: LoadResult, clauses: readonly SloClause[], machine: MachineLoad | undefined): StepRun {
  const slo = evaluateSlo([...clauses], result);
  return {
    achievedRate: result.achievedRate,
    pass: slo.pass,
    slo,
    latency: result.latency,
    errorRatePercent: result.errorRatePercent,
    completed: result.counts.completed,
    ...(result.sendLag !== undefined ? { sendLagP99: result.sendLag.p99 } : {}),
    ...(result.generator !== undefined ? { generatorCeiling: result.generator.ceilingRate } : {}),
    ...(machine !== undefined ? { machine } : {}),
  };
}

export function runsAgree(a: StepRun, b: StepRun, clauses: readonly SloClause[], tolerance: number): boolean {
  return clauses.every((clause, i) => {
    const x = a.slo.checks[i];
    const y = b.slo.checks[i];
    if (x === undefined || y === undefined || x.pass !== y.pass) return false;
    const band = tolerance * Math.abs(clause.threshold);
    const close = Math.abs(x.actual - y.actual) <= band;
    const clear = Math.abs(x.actual - clause.threshold) > band && Math.abs(y.actual - clause.threshold) > band;
    return close || clear;
  });
}

/**
 * A run that broke only by the generator's own lateness: every latency clause it breached would have held
 * without its send lag (the open model counts the lag in the latency, by design), and no other clause
 * broke. It says nothing about the target, so it counts for no verdict while other runs can be had.
 */
export function brokeByGeneratorLag(run: StepRun, clauses: readonly SloClause[]): boolean {
  if (run.pass || run.sendLagP99 === undefined || run.sendLagP99 <= 0) return false;
  const lag = run.sendLagP99;
  return clauses.every((clause, i) => {
    const check = run.slo.checks[i];
    if (check === undefined || check.pass) return true;
    if (clause.metric === 'errors' || clause.metric === 'rate') return false;
    return check.actual - lag < clause.threshold;
  });
}

/** The runs a verdict stands on: those the generator's lag does not explain, or all when none is left. */
export function judgedRuns(runs: readonly StepRun[], clauses: readonly SloClause[]): StepRun[] {
  const clean = runs.filter((run) => !brokeByGeneratorLag(run, clauses));
  return clean.length > 0 ? clean : [...runs];
}

/** Some two of the runs that count agree: the step may stop running. */
export function anyTwoAgree(runs: readonly StepRun[], clauses: readonly SloClause[], tolerance: number): boolean {
  const counted = runs.filter((run) => !brokeByGeneratorLag(run, clauses));
  return counted.some((a, i) => counted.slice(i + 1).some((b) => runsAgree(a, b, clauses, tolerance)));
}

/**
 * The verdict of a step from all its runs: the majority (a tie is broke: a rate that held only half the
 * time did not hold), steady when every run agreed with every other.
 */
export function stepVerdict(rate: number, runs: readonly StepRun[], clauses: readonly SloClause[], tolerance: number): StepVerdict {
  const judged = judgedRuns(runs, clauses);
  const held = judged.filter((r) => r.pass).length;
  const pass = held * 2 > judged.length;
  const steady = judged.every((a, i) => judged.slice(i + 1).every((b) => runsAgree(a, b, clauses, tolerance)));
  const majority = runs.map((run, index) => ({ run, index })).filter(({ run }) => judged.includes(run) && run.pass === pass);
  const byP99 = [...majority].sort((a, b) => a.run.latency.p99 - b.run.latency.p99);
  const representative = byP99[Math.floor((byP99.length - 1) / 2)]?.index ?? 0;
  const agreeing = pass ? held : judged.length - held;
  const figures = clauses.map((clause, i) => {
    const breached = !pass && judged.some((r) => r.slo.checks[i]?.pass === false);
    return `${clause.text}${breached ? ' breached' : ''} (${runs.map((r) => `${round(r.slo.checks[i]?.actual ?? NaN)}${judged.includes(r) ? '' : '*'}`).join(', ')})`;
  });
  const discounted = runs.length - judged.length;
  const lagNote = discounted > 0 ? `; * broke by the generator's own send lag alone, not counted` : judged.length === runs.length && runs.some((r) => brokeByGeneratorLag(r, clauses)) ? '; every run broke by the generator\'s own send lag alone' : '';
  // Out of every run of the rate, so that a run not counted still shows (never "held in 1 of 1 runs" beside a
  // second figure), and a verdict that stands on a single counted run says so.
  const notCounted = discounted === 0 ? '' : ` (${discounted} not counted*${judged.length === 1 ? '; the verdict stands on one run' : ''})`;
  const tie = held * 2 === judged.length ? ' (a tie counts as broke)' : '';
  const reason = `${pass ? 'held' : 'broke'} in ${agreeing} of ${runs.length} runs${notCounted}${tie}: ${figures.join('; ')}${steady ? '' : '; the runs disagreed'}${lagNote}`;
  return { pass, steady, representative, reason, suspects: suspectsOf(runs.filter((r) => !r.pass).map((run) => ({ rate, run })), clauses) };
}

/**
 * What besides the target could have broken some runs (each at its rate): the generator sending late (its
 * lag is in the open model's latencies by design), a rate near the generator's own ceiling, or a machine
 * busier than its cores (the generator and a local target then wait for a core). Each is named once, with
 * its worst figure.
 */
export function suspectsOf(broken: ReadonlyArray<{ rate: number; run: StepRun }>, clauses: readonly SloClause[]): string[] {
  const suspects: string[] = [];
  const latencyLimits = clauses.filter((c) => !['errors', 'rate'].includes(c.metric)).map((c) => c.threshold);
  const limit = latencyLimits.length > 0 ? Math.min(...latencyLimits) : undefined;
  const lags = broken.map(({ run }) => run.sendLagP99).filter((lag): lag is number => lag !== undefined && limit !== undefined && lag >= 0.25 * limit);
  if (lags.length > 0 && limit !== undefined) {
    suspects.push(`the generator itself sent late (send lag p99 ${new Set(lags).size > 1 ? 'up to ' : ''}${round(Math.max(...lags))} ms, against a limit of ${round(limit)} ms)`);
  }
  // A slow generator or a busy machine makes answers late or sends too few, never the target's errors: a run that
  // broke only its error clause (a target answering 500) is the target's alone.
  const slowed = broken.filter(({ run }) => run.slo.checks.some((check, i) => !check.pass && clauses[i]?.metric !== 'errors'));
  const beyond = slowed.filter(({ rate, run }) => typeof run.generatorCeiling === 'number' && rate > BEYOND * run.generatorCeiling).sort((a, b) => a.rate - b.rate)[0];
  if (beyond !== undefined) suspects.push(`${beyond.rate}/s is near or beyond the generator's own ceiling (about ${String(beyond.run.generatorCeiling)}/s)`);
  const busy = slowed.flatMap(({ run }) => (run.machine !== undefined && run.machine.loadavg > run.machine.cores ? [run.machine] : [])).sort((a, b) => b.loadavg - a.loadavg);
  const busiest = busy[0];
  if (busiest !== undefined) suspects.push(`the machine was busy (load average ${new Set(busy.map((m) => m.loadavg)).size > 1 ? 'up to ' : ''}${busiest.loadavg.toFixed(1)} on ${busiest.cores} cores)`);
  return suspects;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
