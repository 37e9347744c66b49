// Inline SVG line charts, no library: axes with round ticks, several series, optional pass/fail markers
// and vertical reference lines. Every number is computed here; every label goes through html``.
import { html, trusted, type Markup } from './template.js';

export interface Point {
  x: number;
  y: number;
  /** Marks a point as a pass (filled circle) or a failure (cross), e.g. a capacity step. */
  mark?: 'pass' | 'fail';
}

export interface Series {
  name: string;
  /** A CSS class of the report's stylesheet that colours the series (`s1`..`s4`). */
  tone: string;
  points: Point[];
}

export interface ChartOptions {
  /** Unique in the page: the chart's title and description are referenced by it. */
  id: string;
  title: string;
  description: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
  /** Explicit x ticks (value and label); else round numbers. */
  xTicks?: Array<{ value: number; label: string }>;
  yLog?: boolean;
  vLines?: Array<{ x: number; label: string }>;
}

const W = 640;
const H = 300;
const M = { top: 16, right: 20, bottom: 46, left: 64 };

/** Round tick values covering [min, max]: steps of 1, 2 or 5 times a power of ten. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (max <= min) max = min + 1;
  const raw = (max - min) / count;
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let t = Math.floor(min / step) * step; t <= max + step * 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
  if ((ticks[ticks.length - 1] ?? max) < max) ticks.push(Number(((ticks[ticks.length - 1] ?? 0) + step).toPrecision(12)));
  return ticks;
}

/** Decades and their 2x/5x for a log axis covering [min, max] (min > 0). */
export function logTicks(min: number, max: number): number[] {
  const lo = Math.floor(Math.log10(Math.max(min, 1e-6)));
  const hi = Math.ceil(Math.log10(Math.max(max, min * 10)));
  const ticks: number[] = [];
  for (let e = lo; e <= hi; e++) for (const f of [1, 2, 5]) ticks.push(Number((f * Math.pow(10, e)).toPrecision(6)));
  const inRange = ticks.filter((t) => t >= Math.pow(10, lo) && t <= Math.pow(10, hi));
  return inRange.length > 12 ? inRange.filter((t) => Math.log10(t) % 1 === 0) : inRange;
}

export function formatNumber(value: number): string {
  if (value === 0) return '0';
  if (Math.abs(value) >= 1000) return `${Number((value / 1000).toPrecision(3))}k`;
  return String(Number(value.toPrecision(3)));
}

export function lineChart(options: ChartOptions): Markup {
  const points = options.series.flatMap((s) => s.points).filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  if (points.length === 0) return html`<p class="muted">No data to plot.</p>`;
  const xs = points.map((p) => p.x).concat((options.xTicks ?? []).map((t) => t.value), (options.vLines ?? []).map((v) => v.x));
  const ys = points.map((p) => p.y);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs) > xMin ? Math.max(...xs) : xMin + 1;
  const yPositive = ys.filter((y) => y > 0);
  const yLog = options.yLog === true && yPositive.length > 0;
  const yTicks = yLog ? logTicks(Math.min(...yPositive), Math.max(...yPositive)) : niceTicks(0, Math.max(...ys, 0));
  const yMin = yLog ? (yTicks[0] ?? 1) : 0;
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const sx = (x: number): number => M.left + ((x - xMin) / (xMax - xMin)) * plotW;
  const sy = (y: number): number => {
    const t = yLog ? (Math.log10(Math.max(y, yMin)) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin) || 1) : (y - yMin) / (yMax - yMin || 1);
    return M.top + plotH - t * plotH;
  };
  const r = (n: number): string => n.toFixed(1);
  const xTicks = options.xTicks ?? niceTicks(xMin, xMax).filter((t) => t >= xMin && t <= xMax).map((value) => ({ value, label: formatNumber(value) }));

  const grid = yTicks.map(
    (t) => html`<line class="grid" x1="${r(M.left)}" x2="${r(M.left + plotW)}" y1="${r(sy(t))}" y2="${r(sy(t))}"/><text class="tick" x="${r(M.left - 8)}" y="${r(sy(t) + 4)}" text-anchor="end">${formatNumber(t)}</text>`,
  );
  const xAxis = xTicks.map(
    (t) => html`<line class="axis" x1="${r(sx(t.value))}" x2="${r(sx(t.value))}" y1="${r(M.top + plotH)}" y2="${r(M.top + plotH + 5)}"/><text class="tick" x="${r(sx(t.value))}" y="${r(M.top + plotH + 18)}" text-anchor="middle">${t.label}</text>`,
  );
  // Labels of lines in the right part of the plot go to their left, so they are never cut off.
  const flip = (x: number): boolean => sx(x) > M.left + plotW * 0.75;
  const vLines = (options.vLines ?? []).map(
    (v, i) => html`<line class="vline" x1="${r(sx(v.x))}" x2="${r(sx(v.x))}" y1="${r(M.top)}" y2="${r(M.top + plotH)}"/><text class="vlabel" x="${r(sx(v.x) + (flip(v.x) ? -4 : 4))}" y="${r(M.top + 10 + 13 * i)}" text-anchor="${flip(v.x) ? 'end' : 'start'}">${v.label}</text>`,
  );
  const lines = options.series.map((s) => {
    const valid = s.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)).sort((a, b) => a.x - b.x);
    const path = valid.map((p) => `${r(sx(p.x))},${r(sy(p.y))}`).join(' ');
    const marks = valid.map((p) => {
      const cx = sx(p.x);
      const cy = sy(p.y);
      if (p.mark === 'fail') return html`<path class="mark-fail" d="M${r(cx - 4)},${r(cy - 4)}L${r(cx + 4)},${r(cy + 4)}M${r(cx - 4)},${r(cy + 4)}L${r(cx + 4)},${r(cy - 4)}"/>`;
      return html`<circle class="${p.mark === 'pass' ? 'mark-pass' : 'dot'}" cx="${r(cx)}" cy="${r(cy)}" r="${p.mark === 'pass' ? 3.5 : 2.5}"/>`;
    });
    return html`<g class="series ${s.tone}"><polyline fill="none" points="${path}"/>${marks}</g>`;
  });
  const legend = options.series.map((s, i) => html`<g class="series ${s.tone}" transform="translate(${r(M.left + 8 + i * 92)},${r(H - 8)})"><line x1="0" x2="16" y1="-4" y2="-4"/><text class="tick" x="20" y="0">${s.name}</text></g>`);
  const id = options.id;
  return html`<figure class="chart">
<svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-t ${id}-d" preserveAspectRatio="xMidYMid meet">
<title id="${id}-t">${options.title}</title><desc id="${id}-d">${options.description}</desc>
${grid}<line class="axis" x1="${r(M.left)}" x2="${r(M.left + plotW)}" y1="${r(M.top + plotH)}" y2="${r(M.top + plotH)}"/><line class="axis" x1="${r(M.left)}" x2="${r(M.left)}" y1="${r(M.top)}" y2="${r(M.top + plotH)}"/>
${xAxis}${vLines}${lines}${legend}
<text class="axis-label" x="${r(M.left + plotW)}" y="${r(M.top + plotH + 34)}" text-anchor="end">${options.xLabel}</text>
<text class="axis-label" transform="translate(14,${r(M.top + plotH / 2)}) rotate(-90)" text-anchor="middle">${options.yLabel}${trusted(yLog ? ' (log scale)' : '')}</text>
</svg>
<figcaption>${options.title}</figcaption>
</figure>`;
}
