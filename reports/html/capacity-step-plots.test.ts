// The percentile plot of each capacity step: one chart per step, from its histogram or its curve, and
// nothing for entries it cannot read.
import { describe, expect, it } from 'vitest';
import { encodeHistogram, newHistogram, recordMicros } from '../../load/histogram.js';
import { capacityStepPlots, stepCurves } from './capacity-step-plots.js';

function histogram(latenciesMs: number[]): string {
  const h = newHistogram();
  for (const ms of latenciesMs) recordMicros(h, ms * 1000);
  return encodeHistogram(h);
}

const entry = {
  schema: 'mcs-load-capacity/1',
  steps: [
    { phase: 'ramp', offeredRate: 400, pass: false, latency: { p99: 90 }, histogram: histogram([1, 2, 90]) },
    { phase: 'ramp', offeredRate: 100, pass: true, latency: { p99: 2 }, histogram: histogram([1, 1, 2]) },
    { phase: 'bisect', offeredRate: 250, pass: true, percentiles: [{ percentile: 0, ms: 1 }, { percentile: 90, ms: 3 }, { percentile: 100, ms: 4 }] },
    { phase: 'bisect', offeredRate: 300, pass: true, histogram: 'not base64!' },
    { offeredRate: 'fast' },
    null,
  ],
};

describe('capacity step plots', () => {
  it('gives each readable step its percentile curve, in order of offered rate', () => {
    const steps = stepCurves(entry);
    expect(steps.map((s) => s.offeredRate)).toEqual([100, 250, 400]);
    // From the histogram: ends at its max; from the given curve when there is no histogram.
    expect(steps[2]?.curve.at(-1)).toEqual({ percentile: 100, ms: 90.047 });
    expect(steps[1]?.curve).toHaveLength(3);
  });

  it('draws one chart per step, coloured by its verdict', () => {
    const markup = capacityStepPlots(entry, 7).value;
    expect(markup.match(/<figure class="chart">/g)).toHaveLength(3);
    expect(markup).toContain('400 req/s offered: broke, p99 90 ms');
    expect(markup).toContain('100 req/s offered: held, p99 2 ms');
    expect(markup).toContain('id="load-7-step-0-t"');
    expect(markup).toMatch(/class="series s3"/);
  });

  it('renders nothing for entries without steps', () => {
    expect(capacityStepPlots({ schema: 'mcs-load-result/1' }, 0).value).toBe('');
    expect(capacityStepPlots(null, 0).value).toBe('');
  });
});
