// Throughput and latency over time, from the per-second series of a load run (load/series.ts): requests
// sent (offered) and completed (achieved) and errors per second, and p50/p90/p99 of each second's
// histogram. A capacity search strings its steps' series on one time axis, each step's offered rate
// marked. Nothing is drawn, only said, when a result has no series (results of older load runs).
import { readSeries, type SecondView } from '../../load/series.js';
import { formatNumber, lineChart, type Point } from './plots.js';
import { html, type Markup } from './template.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const pointsOf = (seconds: readonly SecondView[], value: (s: SecondView) => number | undefined): Point[] =>
  seconds.flatMap((s): Point[] => {
    const y = value(s);
    return y === undefined ? [] : [{ x: s.t, y }];
  });

/** The seconds of a run's series (undefined: none recorded). */
export function runSeconds(entry: unknown): SecondView[] | undefined {
  return isObj(entry) ? readSeries(entry['series'])?.seconds : undefined;
}

/** A capacity search's step series on one time axis (seconds since the first step began), with each step's start. */
export function capacitySeconds(entry: unknown): { seconds: SecondView[]; starts: Array<{ t: number; rate: number }> } | undefined {
  if (!isObj(entry) || !Array.isArray(entry['steps'])) return undefined;
  const seconds: SecondView[] = [];
  const starts: Array<{ t: number; rate: number }> = [];
  let first: number | undefined;
  let end = 0;
  for (const step of entry['steps']) {
    if (!isObj(step)) continue;
    const series = readSeries(step['series']);
    if (series === undefined) continue;
    first ??= series.startEpochMs;
    // Steps run one after the other; without a usable start time a step follows the previous one.
    const offset = series.startEpochMs > 0 && first > 0 ? Math.max(end, (series.startEpochMs - first) / 1000) : end;
    starts.push({ t: offset, rate: typeof step['offeredRate'] === 'number' ? step['offeredRate'] : NaN });
    for (const s of series.seconds) seconds.push({ ...s, t: offset + s.t });
    end = offset + series.seconds.length;
  }
  return seconds.length === 0 ? undefined : { seconds, starts };
}

export function overTimeCharts(seconds: readonly SecondView[] | undefined, id: string, what: string, marks: Array<{ t: number; rate: number }> = []): Markup {
  if (seconds === undefined || seconds.length === 0) return html`<p class="muted small">No per-second series in this result (throughput and latency over time need a result recorded with one).</p>`;
  const vLines = marks.filter((m) => Number.isFinite(m.rate)).map((m) => ({ x: m.t, label: `${formatNumber(m.rate)}/s` }));
  const throughput = lineChart({
    id: `${id}-throughput`,
    title: `Throughput over time: ${what}`,
    description: 'Requests sent (offered), completed (achieved) and failed in each second of the run.',
    xLabel: 'time (s)',
    yLabel: 'requests per second',
    series: [
      { name: 'sent', tone: 's2', points: pointsOf(seconds, (s) => s.sent) },
      { name: 'completed', tone: 's1', points: pointsOf(seconds, (s) => s.completed) },
      { name: 'errors', tone: 's3', points: pointsOf(seconds, (s) => s.errors) },
    ],
    ...(vLines.length > 0 && vLines.length <= 8 ? { vLines } : {}),
  });
  const latency = lineChart({
    id: `${id}-latency`,
    title: `Latency over time: ${what}`,
    description: 'p50, p90 and p99 latency in milliseconds of the requests completed in each second, from that second\'s HDR histogram.',
    xLabel: 'time (s)',
    yLabel: 'latency (ms)',
    yLog: true,
    series: [
      { name: 'p50', tone: 's1', points: pointsOf(seconds, (s) => s.p50) },
      { name: 'p90', tone: 's2', points: pointsOf(seconds, (s) => s.p90) },
      { name: 'p99', tone: 's3', points: pointsOf(seconds, (s) => s.p99) },
    ],
  });
  return html`<div class="chart-pair">${throughput}${latency}</div>`;
}
