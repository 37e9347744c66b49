// The percentile plot of each step of a capacity search (mcs load capacity): one small HDR-style chart
// per offered rate, latency against percentile on a "nines" axis, so a reader sees where in the
// distribution a rate started to hurt (the tail first, then the body). Read from the raw entry that
// load/ wrote (`mcs-load-capacity/1`), defensively: the step's histogram when it decodes, else its
// precomputed `percentiles` curve; steps with neither are left out.
import { decodeHistogram, percentileCurve } from '../../load/histogram.js';
import { lineChart, type Point } from './plots.js';
import { html, type Markup } from './template.js';

interface StepCurve {
  offeredRate: number;
  pass: boolean;
  p99: number | undefined;
  curve: Array<{ percentile: number; ms: number }>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function decoded(encoded: unknown): Array<{ percentile: number; ms: number }> {
  if (typeof encoded !== 'string' || encoded === '') return [];
  try {
    return percentileCurve(decodeHistogram(encoded));
  } catch {
    return [];
  }
}

function given(points: unknown): Array<{ percentile: number; ms: number }> {
  if (!Array.isArray(points)) return [];
  return points.flatMap((p: unknown) => (isObj(p) && finite(p['percentile']) && finite(p['ms']) ? [{ percentile: p['percentile'], ms: p['ms'] }] : []));
}

/** The steps of a capacity entry that carry a percentile curve, in order of offered rate. */
export function stepCurves(entry: unknown): StepCurve[] {
  if (!isObj(entry) || !Array.isArray(entry['steps'])) return [];
  const steps = entry['steps'].flatMap((s: unknown): StepCurve[] => {
    if (!isObj(s) || !finite(s['offeredRate'])) return [];
    const fromHistogram = decoded(s['histogram']);
    const curve = (fromHistogram.length > 0 ? fromHistogram : given(s['percentiles'])).filter((p) => p.percentile >= 0 && p.percentile <= 100 && p.ms >= 0);
    if (curve.length === 0) return [];
    const latency = s['latency'];
    return [{ offeredRate: s['offeredRate'], pass: s['pass'] === true, p99: isObj(latency) && finite(latency['p99']) ? latency['p99'] : undefined, curve }];
  });
  return steps.sort((a, b) => a.offeredRate - b.offeredRate);
}

/** x of the classic HDR plot: the number of nines of a percentile (90% -> 1, 99% -> 2 ...). */
const nines = (percentile: number): number => -Math.log10(Math.max(1e-6, 1 - percentile / 100));

function stepChart(step: StepCurve, id: string): Markup {
  const finiteNines = step.curve.filter((p) => p.percentile < 100).map((p) => nines(p.percentile));
  const maxNines = Math.max(2, ...finiteNines);
  const points: Point[] = step.curve.map((p) => ({ x: p.percentile >= 100 ? maxNines + 0.5 : nines(p.percentile), y: p.ms }));
  const xTicks = [0, 1, 2, 3, 4].filter((n) => n <= maxNines + 1e-6).map((n) => ({ value: n, label: n === 0 ? '0%' : `${(100 - Math.pow(10, 2 - n)).toFixed(Math.max(0, n - 2))}%` }));
  xTicks.push({ value: maxNines + 0.5, label: 'max' });
  const verdict = step.pass ? 'held' : 'broke';
  const p99 = step.p99 === undefined ? '' : `, p99 ${step.p99} ms`;
  return lineChart({
    id,
    title: `${step.offeredRate} req/s offered: ${verdict}${p99}`,
    description: `Latency in milliseconds at each percentile of the capacity step at ${step.offeredRate} requests per second, from its HDR histogram; the SLO ${verdict}.`,
    xLabel: 'percentile',
    yLabel: 'latency (ms)',
    xTicks,
    series: [{ name: `${step.offeredRate}/s`, tone: step.pass ? 's1' : 's3', points }],
  });
}

/** Every step's percentile plot, side by side; empty when the entry has no usable step. */
export function capacityStepPlots(entry: unknown, index: number): Markup {
  const steps = stepCurves(entry);
  if (steps.length === 0) return html``;
  return html`<details class="step-plots" open><summary>Percentile plot of each step (${steps.length})</summary>
<div style="display:grid;grid-template-columns:repeat(auto-fill,minmax(min(400px,100%),1fr));gap:4px 16px">${steps.map((s, i) => stepChart(s, `load-${index}-step-${i}`))}</div>
</details>`;
}
