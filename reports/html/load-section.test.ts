// The load cards of a report. A capacity search's: the capacity as an interval, how sure the search is (its noise,
// with the figures), what the generator or the machine could explain, and each step's runs and reason,
// from a capacity report of the library (load/capacity.ts), its runs faked; a run's: a partial merge said so.
import { describe, expect, it } from 'vitest';
import { searchCapacity } from '../../load/capacity.js';
import { Recorder } from '../../load/recorder.js';
import { buildLatency, errorRatePercent, RESULT_SCHEMA, type LoadResult } from '../../load/result.js';
import { parseSlo } from '../../load/slo.js';
import { renderLoadHtml } from './load-page.js';

/** p99 about `ms` at every rate up to 400/s, 300 ms above; the second run at 200/s meets a stall. */
function runStep(calls: number[]) {
  return async (rate: number): Promise<LoadResult> => {
    const nth = calls.filter((c) => c === rate).length;
    calls.push(rate);
    const ms = rate > 400 ? 300 : rate === 200 && nth === 1 ? 250 : 5;
    const recorder = new Recorder();
    for (let i = 0; i < 100; i++) recorder.record({ kind: 'ok', status: 201 }, ms * 1000);
    return { schema: RESULT_SCHEMA, profile: 'send', model: { kind: 'open', rate, inFlight: 8 }, shards: [{ index: 0, count: 1 }], runId: 'r', target: { baseUrl: 'http://127.0.0.1:1/v4' }, startedAt: '', durationMs: 1000, offered: 100, achievedRate: rate, counts: recorder.counts, errorRatePercent: errorRatePercent(recorder.counts), ...buildLatency(recorder.histogram) };
  };
}

describe('the load cards', () => {
  it('shows the capacity interval, the confidence and its noise, and each step with its runs and reason', async () => {
    const report = await searchCapacity({ profile: 'send', slo: parseSlo('p99<50ms'), sloText: 'p99<50ms', startRate: 100, maxRate: 800, stepDurationMs: 1000, machine: () => ({ loadavg: 7.5, cores: 2 }), runStep: runStep([]) });
    const page = renderLoadHtml([report]);
    const { low, high } = report.capacity;
    expect(page).toContain(`<dt>Capacity</dt><dd>${low}–${high} req/s</dd>`);
    expect(page).toContain(`Capacity: ${low}/s, between ${low}/s (held, as did every rate below it) and ${high}/s (broke, as did every rate tried above it); noisy: see the notes`);
    expect(page).toContain('<dt>Confidence</dt><dd class="t-failed">noisy</dd>');
    expect(page).toMatch(/<li>200\/s: its runs disagreed \(held in 2 of 3 runs: p99&lt;50ms \(5, 250\.\d+, 5\); the runs disagreed\)<\/li>/);
    expect(page).toMatch(/<li>runs broke at [^<]*800\/s, and the target may not be why: the machine was busy \(load average (up to )?7\.5 on 2 cores\)<\/li>/);
    expect(page).toMatch(/<td class="num">3<\/td><td>held in 2 of 3 runs: p99&lt;50ms/);
  });

  it('shows a search whose runs agreed but whose diagnosis doubts them as unsure, in amber, never green', async () => {
    // 400/s and 800/s only: every run agrees (5 ms at 400/s, 300 ms above), but the machine was busy when 800/s broke.
    const report = await searchCapacity({ profile: 'send', slo: parseSlo('p99<50ms'), sloText: 'p99<50ms', startRate: 400, maxRate: 800, precision: 0.5, stepDurationMs: 1000, machine: () => ({ loadavg: 7.5, cores: 2 }), runStep: runStep([]) });
    expect(report.noise).toEqual([]);
    const page = renderLoadHtml([report]);
    expect(page).toContain('<dt>Confidence</dt><dd class="t-uncovered">unsure</dd>');
    expect(page).toMatch(/unsure: see the diagnosis<\/p>/);
    expect(page).toMatch(/<li>runs broke at 800\/s, and the target may not be why: the machine was busy \(load average 7\.5 on 2 cores\)<\/li>/);
  });

  it('marks a run merged from an incomplete set of shards', () => {
    const page = renderLoadHtml([{ ...runStepResult(), partial: { count: 3, missing: [1] } }]);
    expect(page).toContain('<div><dt>Partial merge</dt><dd class="t-failed">shard 1 of 3 missing</dd></div>');
    expect(renderLoadHtml([runStepResult()])).not.toContain('Partial merge');
  });
});

function runStepResult(): LoadResult {
  const recorder = new Recorder();
  recorder.record({ kind: 'ok', status: 201 }, 1000);
  return { schema: RESULT_SCHEMA, profile: 'send', model: { kind: 'open', rate: 10, inFlight: 1 }, shards: [{ index: 0, count: 3 }, { index: 2, count: 3 }], runId: 'r', target: { baseUrl: 'http://127.0.0.1:1/v4' }, startedAt: '', durationMs: 1000, offered: 1, achievedRate: 1, counts: recorder.counts, errorRatePercent: 0, ...buildLatency(recorder.histogram) };
}
