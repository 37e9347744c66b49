// Load results, when the report carries any: per run the percentiles and the HDR percentile curve; per
// capacity search the latency at each offered rate, with the SLO verdict of each step and its reason, the
// capacity as an interval, the knee, how sure the search is (its noise) and what the generator or the
// machine could explain.
import type { RunReport } from '../../results/model.js';
import { capacityStepPlots } from './capacity-step-plots.js';
import { capacitySeconds, overTimeCharts, runSeconds } from './load-time-plots.js';
import { loadViews, type CapacityView, type LoadRunView, type Percentiles } from './load-view.js';
import { formatNumber, lineChart, type Point } from './plots.js';
import { html, type Markup } from './template.js';

const keys: Array<[keyof Percentiles, string]> = [
  ['p50', 'p50'],
  ['p90', 'p90'],
  ['p99', 'p99'],
  ['p999', 'p99.9'],
  ['max', 'max'],
];

const fixed = (n: number | undefined, digits = 1): string => (n === undefined ? '–' : n.toFixed(digits));

function percentileTable(p: Percentiles | undefined, caption: string): Markup {
  if (p === undefined) return html`<p class="muted">No latency summary recorded.</p>`;
  return html`<table class="compact"><caption>${caption}</caption><thead><tr>${keys.map(([, label]) => html`<th scope="col" class="num">${label}</th>`)}</tr></thead><tbody><tr>${keys.map(([key]) => html`<td class="num">${fixed(p[key], 2)}</td>`)}</tr></tbody></table>`;
}

/** x of the classic HDR plot: the number of nines of a percentile (90% -> 1, 99% -> 2 ...). */
const nines = (percentile: number): number => -Math.log10(Math.max(1e-6, 1 - percentile / 100));

function runCard(view: LoadRunView, index: number, entry: unknown): Markup {
  const curve = view.curve.length > 0 ? view.curve : percentileCurveFromSummary(view.percentiles);
  const maxNines = Math.max(3, ...curve.filter((p) => p.percentile < 100).map((p) => nines(p.percentile)));
  const points: Point[] = curve.map((p) => ({ x: p.percentile >= 100 ? maxNines + 0.5 : nines(p.percentile), y: p.ms }));
  const ticks = [0, 1, 2, 3, 4].filter((n) => n <= maxNines + 1e-6).map((n) => ({ value: n, label: n === 0 ? '0%' : `${(100 - Math.pow(10, 2 - n)).toFixed(Math.max(0, n - 2))}%` }));
  ticks.push({ value: maxNines + 0.5, label: 'max' });
  return html`<article class="load-card">
  <h3>${view.profile} <span class="muted">${view.model}</span></h3>
  <dl class="figures">
    <div><dt>Achieved</dt><dd>${fixed(view.achievedRate)} req/s</dd></div>
    <div><dt>Completed</dt><dd>${view.completed ?? '–'}</dd></div>
    <div><dt>Errors</dt><dd>${view.errors ?? '–'} (${fixed(view.errorRatePercent, 3)}%)</dd></div>
    <div><dt>Timeouts</dt><dd>${view.timeouts ?? '–'}</dd></div>
    <div><dt>Duration</dt><dd>${view.durationMs === undefined ? '–' : `${(view.durationMs / 1000).toFixed(1)} s`}</dd></div>
    ${view.slo !== undefined ? html`<div><dt>SLO <code>${view.slo.expression}</code></dt><dd class="${view.slo.pass ? 't-passed' : 't-failed'}">${view.slo.pass ? 'held' : 'breached'}</dd></div>` : ''}
    ${view.partial !== undefined ? html`<div><dt>Partial merge</dt><dd class="t-failed">shard${view.partial.missing.length === 1 ? '' : 's'} ${view.partial.missing.join(', ')} of ${view.partial.count} missing</dd></div>` : ''}
  </dl>
  ${percentileTable(view.percentiles, 'Latency percentiles (ms)')}
  ${points.length > 0 ? lineChart({ id: `load-${index}-curve`, title: `Latency by percentile: ${view.profile}`, description: `Latency in milliseconds at each percentile of the run, from the HDR histogram (${view.model}).`, xLabel: 'percentile', yLabel: 'latency (ms)', xTicks: ticks, series: [{ name: 'latency', tone: 's1', points }] }) : ''}
  ${overTimeCharts(runSeconds(entry), `load-${index}`, view.profile)}
  ${view.delivery !== undefined ? html`<h4>Webhook deliveries</h4><p>${view.delivery.delivered} of ${view.delivery.expected} delivered · lost ${view.delivery.lost} · duplicated ${view.delivery.duplicated} · badly signed ${view.delivery.badlySigned}</p>${percentileTable(view.delivery.percentiles, 'End-to-end delivery latency (ms)')}` : ''}
</article>`;
}

function percentileCurveFromSummary(p: Percentiles | undefined): Array<{ percentile: number; ms: number }> {
  if (p === undefined) return [];
  return [
    { percentile: 50, ms: p.p50 },
    { percentile: 90, ms: p.p90 },
    { percentile: 99, ms: p.p99 },
    { percentile: 99.9, ms: p.p999 },
    { percentile: 100, ms: p.max },
  ];
}

/** Green only when steady; amber when the search doubts its own result (unsure); red when its runs disagreed. */
function confidenceTone(confidence: string): string {
  return confidence === 'steady' ? 't-passed' : confidence === 'unsure' ? 't-uncovered' : 't-failed';
}

function capacityCard(view: CapacityView, index: number, entry: unknown): Markup {
  const steps = [...view.steps].sort((a, b) => a.offeredRate - b.offeredRate);
  const series = (['p50', 'p90', 'p99'] as const).map((key, i) => ({
    name: key,
    tone: `s${i + 1}`,
    points: steps.flatMap((s): Point[] => (s.percentiles === undefined ? [] : [{ x: s.offeredRate, y: s.percentiles[key], ...(key === 'p99' ? { mark: s.pass ? ('pass' as const) : ('fail' as const) } : {}) }])),
  }));
  const vLines = [
    ...(view.highestPassingRate !== null ? [{ x: view.highestPassingRate, label: `held ${formatNumber(view.highestPassingRate)}/s` }] : []),
    ...(view.knee !== null && view.knee.offeredRate !== view.highestPassingRate ? [{ x: view.knee.offeredRate, label: `knee ${formatNumber(view.knee.offeredRate)}/s` }] : []),
  ];
  return html`<article class="load-card">
  <h3>Capacity search: ${view.profile} <span class="muted">SLO <code>${view.slo}</code></span></h3>
  <dl class="figures">
    <div><dt>Capacity</dt><dd>${view.highestPassingRate === null ? 'none' : view.lowestFailingRate === null ? `at least ${view.highestPassingRate} req/s` : `${view.highestPassingRate}–${view.lowestFailingRate} req/s`}</dd></div>
    <div><dt>Highest rate that held</dt><dd class="t-passed">${view.highestPassingRate === null ? 'none' : `${view.highestPassingRate} req/s`}</dd></div>
    <div><dt>Lowest rate that broke</dt><dd class="t-failed">${view.lowestFailingRate === null ? 'never broke' : `${view.lowestFailingRate} req/s`}</dd></div>
    ${view.confidence !== undefined ? html`<div><dt>Confidence</dt><dd class="${confidenceTone(view.confidence)}">${view.confidence}</dd></div>` : ''}
    <div><dt>Knee</dt><dd>${view.knee === null ? '–' : `${view.knee.offeredRate} req/s (p99 ${fixed(view.knee.p99, 2)} ms)`}</dd></div>
    <div><dt>Stopped</dt><dd>${view.stoppedBecause || '–'}</dd></div>
  </dl>
  ${view.capacityText !== undefined ? html`<p>Capacity: ${view.capacityText}</p>` : ''}
  ${view.noise.length > 0 ? html`<h4>Noise</h4><ul>${view.noise.map((n) => html`<li>${n}</li>`)}</ul>` : ''}
  ${view.diagnosis.length > 0 ? html`<h4>The generator and the machine</h4><ul>${view.diagnosis.map((d) => html`<li>${d}</li>`)}</ul>` : ''}
  ${lineChart({ id: `load-${index}-capacity`, title: `Latency vs offered rate: ${view.profile}`, description: `p50, p90 and p99 latency at each offered rate of the capacity search; a dot marks a step that held the SLO, a cross one that broke it.`, xLabel: 'offered rate (req/s)', yLabel: 'latency (ms)', yLog: true, series, vLines })}
  ${overTimeCharts(capacitySeconds(entry)?.seconds, `load-${index}`, `capacity search, ${view.profile}`, capacitySeconds(entry)?.starts)}
  ${capacityStepPlots(entry, index)}
  <details><summary>Steps (${steps.length})</summary>
  <table class="compact"><thead><tr><th scope="col">Phase</th><th scope="col" class="num">Offered /s</th><th scope="col" class="num">Achieved /s</th>${keys.map(([, l]) => html`<th scope="col" class="num">${l} ms</th>`)}<th scope="col" class="num">Errors %</th><th scope="col">SLO</th><th scope="col" class="num">Runs</th><th scope="col">Why</th></tr></thead>
  <tbody>${steps.map((s) => html`<tr><td>${s.phase}</td><td class="num">${s.offeredRate}</td><td class="num">${fixed(s.achievedRate)}</td>${keys.map(([key]) => html`<td class="num">${fixed(s.percentiles?.[key], 2)}</td>`)}<td class="num">${fixed(s.errorRatePercent, 2)}</td><td class="${s.pass ? 't-passed' : 't-failed'}">${s.pass ? 'held' : 'broke'}</td><td class="num">${s.runs ?? '–'}</td><td>${s.reason ?? ''}</td></tr>`)}</tbody></table>
  </details>
</article>`;
}

/** A card per load entry: a run, a capacity search, or (unrecognised) its JSON. */
export function loadCards(load: readonly unknown[]): Markup[] {
  return loadViews(load).map((view, i) =>
    view.kind === 'run' ? runCard(view, i, load[i]) : view.kind === 'capacity' ? capacityCard(view, i, load[i]) : html`<article class="load-card"><h3>Unrecognised load entry</h3><pre>${view.json}</pre></article>`,
  );
}

export function loadSection(report: RunReport): Markup {
  const load = report.load ?? [];
  if (load.length === 0) return html``;
  return html`<section id="load" aria-labelledby="load-h">
  <h2 id="load-h">Load results</h2>
  ${loadCards(load)}
</section>`;
}
