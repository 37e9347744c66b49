// HDR histograms of latencies in microseconds. Everything that leaves a process (results, shards,
// capacity steps) carries the histogram in hdr's compressed base64 encoding, so percentiles of several
// shards are computed from the added histograms, never averaged.
import * as hdr from 'hdr-histogram-js';

export type Histogram = hdr.Histogram;

/** 1 µs to 1 hour at 3 significant digits: more than any request we bound by timeouts. */
const HIGHEST_US = 3_600_000_000;

export function newHistogram(): Histogram {
  return hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_US,
    numberOfSignificantValueDigits: 3,
    bitBucketSize: 64,
    autoResize: true,
    useWebAssembly: false,
  });
}

export function recordMicros(histogram: Histogram, micros: number): void {
  histogram.recordValue(Math.min(HIGHEST_US, Math.max(1, Math.round(micros))));
}

export function encodeHistogram(histogram: Histogram): string {
  return hdr.encodeIntoCompressedBase64(histogram);
}

export function decodeHistogram(encoded: string): Histogram {
  return hdr.decodeFromCompressedBase64(encoded, 64, false);
}

/** A new histogram holding the sum of the given ones (encoded or live). */
export function addHistograms(parts: Array<Histogram | string>): Histogram {
  const sum = newHistogram();
  for (const part of parts) {
    const h = typeof part === 'string' ? decodeHistogram(part) : part;
    sum.add(h);
  }
  return sum;
}

/** Percentiles in milliseconds (with µs precision), the shape every result and report uses. */
export interface LatencySummary {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

export function summarize(histogram: Histogram): LatencySummary {
  const ms = (us: number): number => Math.round(us) / 1000;
  if (histogram.totalCount === 0) return { count: 0, min: 0, mean: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 };
  return {
    count: histogram.totalCount,
    min: ms(histogram.minNonZeroValue),
    mean: ms(histogram.mean),
    p50: ms(histogram.getValueAtPercentile(50)),
    p90: ms(histogram.getValueAtPercentile(90)),
    p99: ms(histogram.getValueAtPercentile(99)),
    p999: ms(histogram.getValueAtPercentile(99.9)),
    max: ms(histogram.maxValue),
  };
}

/** Percentile curve (percentile -> ms) for plots: HdrHistogram's classic log-spaced ticks. */
export function percentileCurve(histogram: Histogram): Array<{ percentile: number; ms: number }> {
  if (histogram.totalCount === 0) return [];
  const points: Array<{ percentile: number; ms: number }> = [];
  for (const nines of [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4]) {
    const percentile = 100 * (1 - Math.pow(10, -nines));
    points.push({ percentile: Math.round(percentile * 1000) / 1000, ms: histogram.getValueAtPercentile(percentile) / 1000 });
  }
  points.push({ percentile: 100, ms: histogram.maxValue / 1000 });
  return points;
}
