// The standalone load report and the over-time charts, from load results built against the series
// contract (contracts.md): with a series, throughput and latency per second are drawn; without one (an
// older result) the report says so; a broken series never stops the page.
import { describe, expect, it } from 'vitest';
import { readSeries } from '../../load/series.js';
import { renderLoadHtml } from '../../reports/html/load-page.js';
import { capacitySeconds } from '../../reports/html/load-time-plots.js';
import { sampleReport } from './sample.js';
import { sampleSeries } from './ui-sample.js';

const [run, capacity] = sampleReport().load as [Record<string, unknown>, Record<string, unknown>];

/** The polylines of one chart (by its title) and their point counts. */
function chartLines(page: string, title: string): number[] {
  const start = page.indexOf(`<title id=`, page.indexOf(title) - 200);
  const chart = page.slice(start, page.indexOf('</svg>', start));
  return [...chart.matchAll(/<polyline fill="none" points="([^"]*)"/g)].map((m) => (m[1] === '' ? 0 : (m[1] ?? '').split(' ').length));
}

describe('readSeries', () => {
  it('decodes each second: counts and p50/p90/p99 in ms from its histogram', () => {
    const series = readSeries(sampleSeries());
    expect(series?.seconds).toHaveLength(10);
    const stalled = series!.seconds[6]!;
    const normal = series!.seconds[2]!;
    expect(stalled).toMatchObject({ t: 6, sent: 500, completed: 380, errors: 4 });
    expect(stalled.p99!).toBeGreaterThan(normal.p99! * 3);
    expect(normal.p50!).toBeGreaterThan(2);
    expect(normal.p50!).toBeLessThan(normal.p99!);
  });

  it('reads what it can of a broken series and nothing of a missing one', () => {
    expect(readSeries(undefined)).toBeUndefined();
    expect(readSeries({ points: [] })).toBeUndefined();
    const odd = readSeries({ startEpochMs: 'x', points: [null, { sent: 3, completed: -1, histogram: 'not base64!' }] });
    expect(odd?.seconds).toEqual([
      { t: 0, sent: 0, completed: 0, errors: 0 },
      { t: 1, sent: 3, completed: 0, errors: 0 },
    ]);
  });
});

describe('renderLoadHtml', () => {
  it('draws throughput and latency over time from the series, beside the percentile curve', () => {
    const page = renderLoadHtml([{ ...run, series: sampleSeries() }]);
    expect(page).toContain('Latency by percentile: send');
    expect(chartLines(page, 'Throughput over time: send')).toEqual([10, 10, 10]);
    expect(chartLines(page, 'Latency over time: send')).toEqual([10, 10, 10]);
    expect(page).not.toContain('<script');
    expect(page).toContain("default-src 'none'".replace(/'/g, '&#39;'));
  });

  it('says so when a result has no series', () => {
    const page = renderLoadHtml([run]);
    expect(page).toContain('No per-second series in this result');
    expect(page).not.toContain('Throughput over time');
  });

  it('strings the steps of a capacity search on one time axis, each step marked with its rate', () => {
    const steps = (capacity['steps'] as Array<Record<string, unknown>>).map((step, i) => ({ ...step, series: sampleSeries(5, Date.parse('2026-11-23T10:12:00.000Z') + i * 6000) }));
    const entry = { ...capacity, steps };
    const timeline = capacitySeconds(entry);
    expect(timeline?.seconds).toHaveLength(steps.length * 5);
    expect(timeline?.starts.map((s) => s.t)).toEqual(steps.map((_, i) => i * 6));
    const page = renderLoadHtml([entry]);
    expect(page).toContain('Latency vs offered rate: send');
    expect(chartLines(page, 'Throughput over time: capacity search, send')).toEqual([30, 30, 30]);
    expect(page).toContain('>100/s</text>');
  });

  it('escapes what the result says and renders entries it does not know', () => {
    const page = renderLoadHtml([{ ...run, profile: '<img src=x onerror=alert(1)>' }, 42]);
    expect(page).not.toContain('<img');
    expect(page).toContain('Unrecognised load entry');
  });
});
