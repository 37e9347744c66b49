import { describe, expect, it } from 'vitest';
import { runsAgree, stepVerdict, suspectsOf, type StepRun } from './capacity-step.js';
import { findKnee, formatCapacity, intervalOf, searchCapacity, type CapacityOptions } from './capacity.js';
import { Recorder } from './recorder.js';
import { buildLatency, errorRatePercent, RESULT_SCHEMA, type LoadResult } from './result.js';
import { evaluateSlo, parseSlo } from './slo.js';

/**
 * A fake target whose latency is a known function of the offered rate and of how many times that rate
 * ran before (`nth`, from 0): noise on cue.
 */
function fakeStep(latencyMsAt: (rate: number, nth: number) => number, calls: number[], extra: Partial<LoadResult> | ((rate: number, nth: number) => Partial<LoadResult>) = {}) {
  return async (rate: number): Promise<LoadResult> => {
    const nth = calls.filter((c) => c === rate).length;
    calls.push(rate);
    const recorder = new Recorder();
    for (let i = 0; i < 200; i++) recorder.record({ kind: 'ok', status: 201 }, latencyMsAt(rate, nth) * 1000 * (0.5 + i / 400));
    return {
      schema: RESULT_SCHEMA,
      profile: 'send',
      model: { kind: 'open', rate, inFlight: 10 },
      shards: [{ index: 0, count: 1 }],
      runId: 'c',
      target: { baseUrl: 'x' },
      startedAt: '',
      durationMs: 1000,
      offered: 200,
      achievedRate: rate,
      counts: recorder.counts,
      errorRatePercent: errorRatePercent(recorder.counts),
      ...buildLatency(recorder.histogram),
      ...(typeof extra === 'function' ? extra(rate, nth) : extra),
    };
  };
}

const base = { profile: 'send', stepDurationMs: 1000, sloText: 'p99<50ms', slo: parseSlo('p99<50ms'), machine: () => undefined };
const search = (options: Partial<CapacityOptions> & Pick<CapacityOptions, 'runStep' | 'startRate' | 'maxRate'>) => searchCapacity({ ...base, ...options });
/** The rates in the order they ran, each once however many runs it took. */
const ratesOf = (calls: number[]) => calls.filter((rate, i) => calls[i - 1] !== rate);

describe('capacity search', () => {
  it('ramps by doubling until the SLO breaks, then bisects to within the precision, running each step twice', async () => {
    const calls: number[] = [];
    // Holds below 1000/s, breaks above.
    const report = await search({ startRate: 50, maxRate: 100_000, runStep: fakeStep((r) => (r <= 1000 ? 10 : 200), calls) });
    expect(ratesOf(calls).slice(0, 6)).toEqual([50, 100, 200, 400, 800, 1600]);
    expect(calls.slice(0, 4)).toEqual([50, 50, 100, 100]);
    expect(report.steps.every((s) => s.runs.length === 2 && s.steady)).toBe(true);
    expect(report.steps.slice(6).every((s) => s.phase === 'bisect')).toBe(true);
    const { low, high } = report.capacity;
    expect(low).not.toBeNull();
    expect(low).toBeLessThanOrEqual(1000);
    expect(high).toBeGreaterThan(1000);
    expect(((high ?? 0) - (low ?? 0)) / (high ?? 1)).toBeLessThanOrEqual(0.05);
    expect([report.highestPassingRate, report.lowestFailingRate]).toEqual([low, high]);
    expect(report.capacity.text).toBe(`${low}/s, between ${low}/s (held, as did every rate below it) and ${high}/s (broke, as did every rate tried above it)`);
    expect(report.confidence).toBe('steady');
    expect(report.noise).toEqual([]);
    expect(report.steps[0]?.reason).toMatch(/^held in 2 of 2 runs: p99<50ms \(9\.\d+, 9\.\d+\)$/);
    expect(report.steps.find((s) => !s.pass)?.reason).toMatch(/^broke in 2 of 2 runs: p99<50ms breached \(19\d\.\d+, 19\d\.\d+\)$/);
    // Every step keeps its histogram for the report's plots.
    expect(report.steps.every((s) => typeof s.histogram === 'string' && s.histogram.length > 0)).toBe(true);
    const curve = report.steps[0]?.percentiles ?? [];
    expect(curve.at(-1)).toMatchObject({ percentile: 100 });
    expect(curve.map((p) => p.ms)).toEqual([...curve.map((p) => p.ms)].sort((a, b) => a - b));
  });

  it('runs a step until two runs agree, and reports the disagreement as noise with every figure', async () => {
    const calls: number[] = [];
    // 200/s: the second run meets a stall (broke), the third agrees with the first.
    const report = await search({ startRate: 100, maxRate: 400, runStep: fakeStep((r, nth) => (r === 200 && nth === 1 ? 300 : 10), calls) });
    expect(calls).toEqual([100, 100, 200, 200, 200, 400, 400]);
    const step = report.steps.find((s) => s.offeredRate === 200);
    expect(step).toMatchObject({ pass: true, steady: false });
    expect(step?.runs.map((r) => r.pass)).toEqual([true, false, true]);
    expect(report.confidence).toBe('noisy');
    expect(report.noise).toEqual([{ kind: 'runs', rates: [200], text: expect.stringMatching(/^200\/s: its runs disagreed \(held in 2 of 3 runs: p99<50ms \(9\.\d+, 29\d\.\d+, 9\.\d+\); the runs disagreed\)$/) }]);
    expect(report.capacity.text).toMatch(/noisy: see the notes$/);
  });

  it('stops at maxRunsPerStep when no two runs agree; a tie is broke', async () => {
    const calls: number[] = [];
    // 100/s: no two of 10, 45, 55 and 75 ms agree (45 and 55 straddle the limit; 45 and 75 are 30 ms apart).
    const report = await search({ startRate: 100, maxRate: 100, maxSteps: 1, maxRunsPerStep: 4, runStep: fakeStep((_, nth) => [10, 45, 55, 75][nth] ?? 10, calls) });
    expect(calls).toEqual([100, 100, 100, 100]);
    expect(report.steps[0]).toMatchObject({ pass: false, steady: false });
    expect(report.steps[0]?.reason).toMatch(/^broke in 2 of 4 runs \(a tie counts as broke\): /);
    expect(report.capacity.low).toBeNull();
  });

  it('measures again a step slower than its faster neighbour; if it still is, reports both figures as noise', async () => {
    // 50/s: p99 33 ms twice (held, but slower than 100/s and 200/s), then 5 ms when measured again: resolved.
    const calls: number[] = [];
    const resolved = await search({ startRate: 50, maxRate: 200, runStep: fakeStep((r, nth) => (r === 50 && nth < 2 ? 33 : 5), calls) });
    expect(calls).toEqual([50, 50, 100, 100, 200, 200, 50, 50]);
    const step = resolved.steps[0];
    expect(step?.latency.p99).toBeLessThan(10);
    expect(step?.earlier?.map((r) => r.latency.p99)).toEqual([expect.closeTo(33, 0), expect.closeTo(33, 0)]);
    expect(step?.reason).toMatch(/measured again, as its first measurement \(p99<50ms: 32\.\d+\) disagreed with its neighbour$/);
    expect(resolved.noise).toEqual([]);
    expect(resolved.knee?.offeredRate).toBe(200);

    // The same, but 50/s stays slow: noise, with the figures of both measurements and of the neighbour.
    const stays = await search({ startRate: 50, maxRate: 200, runStep: fakeStep((r) => (r === 50 ? 33 : 5), []) });
    expect(stays.confidence).toBe('noisy');
    expect(stays.noise).toEqual([{ kind: 'neighbours', rates: [50, 100], text: expect.stringMatching(/^50\/s held with a p99 of 32\.\d+ ms; measured twice, first p99 32\.\d+ ms held, p99 32\.\d+ ms held, slower than 100\/s \(p99 4\.\d+ ms\)$/) }]);
  });

  it("does not count a run that broke by the generator's own send lag alone, while other runs can be had", async () => {
    const calls: number[] = [];
    const lag = (p99: number) => ({ sendLag: { count: 1, min: 1, mean: p99, p50: p99, p90: p99, p99, p999: p99, max: p99 } });
    // 100/s: the first run's 80 ms are 70 ms of the generator sending late; the next two agree at 10 ms.
    const report = await search({ startRate: 100, maxRate: 100, runStep: fakeStep((_, nth) => (nth === 0 ? 80 : 10), calls, (_, nth) => lag(nth === 0 ? 70 : 0.1)) });
    expect(calls).toEqual([100, 100, 100]);
    expect(report.steps[0]).toMatchObject({ pass: true, steady: true });
    expect(report.steps[0]?.reason).toMatch(/^held in 2 of 3 runs \(1 not counted\*\): p99<50ms \(79\.\d+\*, 9\.\d+, 9\.\d+\); \* broke by the generator's own send lag alone, not counted$/);
    expect(report.steps[0]?.suspects).toEqual(['the generator itself sent late (send lag p99 70 ms, against a limit of 50 ms)']);
    // The runs that count agree, but the generator may be why one broke: not steady.
    expect(report.confidence).toBe('unsure');
    // A break the lag does not explain (300 ms with 20 ms of lag) counts.
    const real = await search({ startRate: 100, maxRate: 100, maxSteps: 1, runStep: fakeStep(() => 300, [], lag(20)) });
    expect(real.steps[0]).toMatchObject({ pass: false, steady: true });
  });

  it('says so when a verdict stands on the one run that counts, and is unsure of it', async () => {
    const lag = (p99: number) => ({ sendLag: { count: 1, min: 1, mean: p99, p50: p99, p90: p99, p99, p999: p99, max: p99 } });
    // 100/s: one run holds at 10 ms; the three others break at 55 ms, 6 ms of it the generator's own lag
    // (too little to suspect it by the size of the lag, enough to explain the break).
    const report = await search({ startRate: 100, maxRate: 100, maxRunsPerStep: 4, runStep: fakeStep((_, nth) => (nth === 0 ? 10 : 55), [], (_, nth) => lag(nth === 0 ? 0.1 : 6)) });
    expect(report.steps[0]?.runs).toHaveLength(4);
    expect(report.steps[0]?.reason).toMatch(/^held in 1 of 4 runs \(3 not counted\*; the verdict stands on one run\): /);
    expect(report.steps[0]?.reason).not.toMatch(/1 of 1 runs/);
    expect(report.confidence).toBe('unsure');
    expect(report.diagnosis[0]).toBe("the verdict of 100/s stands on one run: its other runs broke by the generator's own send lag alone");
    expect(formatCapacity(report)).toMatch(/^confidence: unsure \(every step's runs agreed, but the target may not be why some broke: see the diagnosis\)$/m);
  });

  it('computes the knee from the steps that held only', async () => {
    // Latency bends at 400/s (30 ms, still held) and breaks at 800/s: the knee is 200/s, never a broken step.
    const report = await search({ startRate: 100, maxRate: 800, precision: 0.5, runStep: fakeStep((r) => (r <= 200 ? 2 : r <= 400 ? 30 : 300), []) });
    expect(report.knee).toMatchObject({ offeredRate: 200 });
  });

  it('reports no passing rate when even the start rate breaks', async () => {
    const report = await search({ startRate: 100, maxRate: 1000, runStep: fakeStep(() => 500, []) });
    expect(report.highestPassingRate).toBeNull();
    expect(report.capacity.text).toMatch(/^none: the lowest rate tried \(\d+\/s\) broke$/);
    expect(report.stoppedBecause).toMatch(/lowest rate/);
  });

  it('stops at the maximum rate when the SLO never breaks', async () => {
    const calls: number[] = [];
    const report = await search({ startRate: 100, maxRate: 700, runStep: fakeStep(() => 1, calls) });
    expect(ratesOf(calls)).toEqual([100, 200, 400, 700]);
    expect(report.highestPassingRate).toBe(700);
    expect(report.lowestFailingRate).toBeNull();
    expect(report.capacity.text).toBe('at least 700/s: every rate held up to the maximum tried');
  });

  it('never runs more than maxSteps rates', async () => {
    const calls: number[] = [];
    await search({ startRate: 1, maxRate: 1e9, maxSteps: 5, runStep: fakeStep(() => 1, calls) });
    expect(ratesOf(calls)).toHaveLength(5);
  });

  it('names the generator and the machine when they could explain a broken step, and suggests --workers or shards', async () => {
    const busy = { sendLag: { count: 1, min: 1, mean: 20, p50: 20, p90: 30, p99: 40, p999: 40, max: 40 }, generator: { workers: 1, busyUsPerRequest: 1000, ceilingRate: 1000 } };
    const report = await search({ startRate: 1000, maxRate: 1000, maxSteps: 1, machine: () => ({ loadavg: 5.2, cores: 2 }), runStep: fakeStep(() => 300, [], busy) });
    expect(report.steps[0]?.suspects).toEqual([
      'the generator itself sent late (send lag p99 40 ms, against a limit of 50 ms)',
      "1000/s is near or beyond the generator's own ceiling (about 1000/s)",
      'the machine was busy (load average 5.2 on 2 cores)',
    ]);
    expect(report.diagnosis[0]).toMatch(/^runs broke at 1000\/s, and the target may not be why: the generator itself sent late/);
    expect(report.diagnosis[1]).toMatch(/--workers N.*--shard i\/N/);
    // The diagnosis doubts the result: its runs agreed, yet the confidence is not steady, and the capacity says so.
    expect(report.noise).toEqual([]);
    expect(report.confidence).toBe('unsure');
    expect(report.capacity.text).toMatch(/unsure: see the diagnosis$/);
    // A quiet machine and a generator well within its ceiling: nothing to say.
    const quiet = await search({ startRate: 100, maxRate: 100, maxSteps: 1, machine: () => ({ loadavg: 0.3, cores: 2 }), runStep: fakeStep(() => 300, [], { generator: { workers: 1, busyUsPerRequest: 30, ceilingRate: 33_000 } }) });
    expect(quiet.diagnosis).toEqual([]);
    expect(quiet.confidence).toBe('steady');
  });
});

describe('agreement of two runs', () => {
  const clauses = parseSlo('p99<50ms');
  const run = (p99: number): StepRun => {
    const latency = { count: 1, min: 1, mean: 1, p50: 1, p90: 1, p99, p999: p99, max: p99 };
    const slo = evaluateSlo(clauses, { latency, errorRatePercent: 0, achievedRate: 100 });
    return { achievedRate: 100, pass: slo.pass, slo, latency, errorRatePercent: 0, completed: 100 };
  };

  it('is the same verdict, with figures within the tolerance of the limit or both clear of it', () => {
    expect(runsAgree(run(6), run(7), clauses, 0.2)).toBe(true);
    expect(runsAgree(run(45), run(42), clauses, 0.2)).toBe(true);
    expect(runsAgree(run(49), run(51), clauses, 0.2)).toBe(false);
    expect(runsAgree(run(400), run(800), clauses, 0.2)).toBe(true);
    // Both held, but one within the band of the limit and 25 ms apart: not yet the same figure.
    expect(runsAgree(run(20), run(45), clauses, 0.2)).toBe(false);
  });

  it('gives the majority verdict and the median run of it', () => {
    const v = stepVerdict(100, [run(5), run(300), run(9), run(7)], clauses, 0.2);
    expect(v).toMatchObject({ pass: true, steady: false, representative: 3 });
    expect(suspectsOf([{ rate: 100, run: run(300) }], clauses)).toEqual([]);
  });

  it('names the busy machine and the generator for late answers, never for the target\'s own errors', () => {
    const withErrors = parseSlo('p99<50ms,errors<1%');
    const broken = (p99: number, errorRatePercent: number): StepRun => {
      const latency = { count: 1, min: 1, mean: 1, p50: 1, p90: 1, p99, p999: p99, max: p99 };
      const slo = evaluateSlo(withErrors, { latency, errorRatePercent, achievedRate: 100 });
      return { achievedRate: 100, pass: slo.pass, slo, latency, errorRatePercent, completed: 100, generatorCeiling: 100, machine: { loadavg: 6, cores: 2 } };
    };
    // A target answering 500 to everything on a busy machine: its own failure.
    expect(suspectsOf([{ rate: 100, run: broken(5, 100) }], withErrors)).toEqual([]);
    // Late answers on the same machine: the machine and the generator could be why.
    expect(suspectsOf([{ rate: 100, run: broken(300, 0) }], withErrors)).toEqual(["100/s is near or beyond the generator's own ceiling (about 100/s)", 'the machine was busy (load average 6.0 on 2 cores)']);
  });
});

describe('capacity interval', () => {
  const at = (offeredRate: number, pass: boolean) => ({ offeredRate, pass });

  it('runs from the highest rate held with all below it to the lowest break above every hold', () => {
    expect(intervalOf([at(100, true), at(200, false), at(150, false), at(125, true)], 1000, 'steady')).toMatchObject({ low: 125, high: 150 });
    // A break below a hold (noise): the interval widens to cover it.
    expect(intervalOf([at(50, true), at(100, false), at(125, true), at(150, false)], 1000, 'noisy')).toMatchObject({ low: 50, high: 150, text: expect.stringMatching(/noisy: see the notes$/) });
    expect(intervalOf([at(100, true), at(150, false)], 1000, 'unsure').text).toMatch(/unsure: see the diagnosis$/);
  });
});

describe('knee', () => {
  const at = (offeredRate: number, p99: number) => ({ offeredRate, latency: { count: 1, min: 1, mean: 1, p50: 1, p90: p99 / 2, p99, p999: p99, max: p99 } });

  it('is the last rate before the p99 exceeds 3x the baseline of the lowest rates', () => {
    const steps = [at(1600, 188), at(50, 3), at(100, 6), at(200, 3.3), at(400, 3), at(800, 1.7), at(1200, 15)];
    // baseline: the lowest of 3, 6 and 3.3 = 3; limit 9 ms; 1200/s is the first step beyond it.
    expect(findKnee(steps)).toEqual({ offeredRate: 800, p90: 0.85, p99: 1.7 });
    expect(findKnee([])).toBeNull();
  });

  it('ignores sub-millisecond jitter and is the lowest rate when latency bends at once', () => {
    expect(findKnee([at(100, 0.2), at(200, 0.9), at(400, 1.1), at(800, 30)])?.offeredRate).toBe(400);
    expect(findKnee([at(100, 5), at(200, 50), at(400, 90)])?.offeredRate).toBe(100);
  });
});
