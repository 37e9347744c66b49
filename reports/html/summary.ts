// The top of the report: the verdict and counts, then the conformance matrix (areas by result) whose
// cells are buttons that filter the tables below, then the clause coverage at a glance.
import { groupByArea } from '../areas.js';
import type { Certificate } from '../certificate.js';
import { summarizeCoverage } from '../coverage.js';
import { countOutcomes, type Counts, type Outcome, type RunReport } from '../model.js';
import { outcomeOrder, resultLabels, ms } from './labels.js';
import { html, type Markup } from './template.js';

const countOf = (counts: Counts, outcome: Outcome): number =>
  outcome === 'passed' ? counts.passed : outcome === 'failed' ? counts.failed : outcome === 'not-verifiable' ? counts.notVerifiable : outcome === 'error' ? counts.errors : outcome === 'not-run' ? counts.notRun : counts.skipped;

const statusTitles: Record<Certificate['status'], string> = { conformant: 'Conformant', 'not-conformant': 'Not conformant', incomplete: 'Incomplete run' };

function statusDetail(status: Certificate['status'], counts: Counts): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (status === 'incomplete') return 'The run was limited by --only/--skip, so no certificate is issued.';
  if (status === 'conformant') return `${counts.passed} of ${plural(counts.total, 'check')} passed and none failed${counts.notVerifiable > 0 ? `; ${counts.notVerifiable} not verifiable here` : ''}.`;
  return counts.failed > 0 ? `${plural(counts.failed, 'check')} failed.` : 'No check could be verified against this target.';
}

export function header(report: RunReport, certificate: Certificate): Markup {
  const counts = countOutcomes(report.checks);
  const elapsed = Date.parse(report.endedAt) - Date.parse(report.startedAt);
  const target = report.target.image ?? report.target.baseUrl;
  const stat = (outcome: Outcome) =>
    html`<li class="stat r-${outcome}"><span class="stat-n">${countOf(counts, outcome)}</span> <span class="stat-l">${resultLabels[outcome]}</span></li>`;
  return html`<header class="top">
  <div class="verdict v-${certificate.status}" role="status">
    <p class="verdict-title">${statusTitles[certificate.status]}</p>
    <p class="verdict-detail">${statusDetail(certificate.status, counts)}</p>
  </div>
  <div class="top-main">
    <h1>Conformance report <span class="muted">API v${certificate.api.version}</span></h1>
    <p class="target"><span class="muted">Target</span> <code>${target}</code>${report.target.embedded ? html` <span class="tag">embedded reference</span>` : ''}</p>
    <ul class="stats" aria-label="Checks by result">
      ${outcomeOrder.map(stat)}
      <li class="stat"><span class="stat-n">${counts.total}</span> <span class="stat-l">Checks</span></li>
    </ul>
    <p class="meta muted">${report.suite.name} ${report.suite.version} · started <time datetime="${report.startedAt}">${report.startedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</time> · ${Number.isFinite(elapsed) ? ms(elapsed) : '–'} · seed <code>${report.seed}</code></p>
  </div>
</header>`;
}

function bar(counts: Counts): Markup {
  if (counts.total === 0) return html``;
  const parts = outcomeOrder
    .filter((outcome) => countOf(counts, outcome) > 0)
    .map((outcome) => html`<span class="bar-part r-${outcome}" style="width:${((100 * countOf(counts, outcome)) / counts.total).toFixed(2)}%"></span>`);
  return html`<span class="bar" aria-hidden="true">${parts}</span>`;
}

function cell(area: string, outcome: Outcome, n: number): Markup {
  if (n === 0) return html`<td class="num zero">·</td>`;
  const where = area === '' ? 'all areas' : area;
  return html`<td class="num"><button type="button" class="cell r-${outcome}" data-set-area="${area}" data-set-result="${outcome}" aria-label="Show ${n} ${resultLabels[outcome].toLowerCase()} check${n === 1 ? '' : 's'} in ${where}">${n}</button></td>`;
}

export function matrix(report: RunReport): Markup {
  const rows = [...groupByArea(report.checks)].map(([area, checks]) => {
    const counts = countOutcomes(checks);
    return html`<tr><th scope="row"><button type="button" class="link" data-set-area="${area}" data-set-result="">${area}</button></th>${outcomeOrder.map((o) => cell(area, o, countOf(counts, o)))}<td class="num">${counts.total}</td><td class="bar-cell">${bar(counts)}</td></tr>`;
  });
  const total = countOutcomes(report.checks);
  return html`<section id="matrix" aria-labelledby="matrix-h">
  <h2 id="matrix-h">Conformance matrix</h2>
  <p class="muted">Checks by area and result. Choose a number to list those checks.</p>
  <div class="table-wrap"><table class="matrix">
    <thead><tr><th scope="col">Area</th>${outcomeOrder.map((o) => html`<th scope="col" class="num">${resultLabels[o]}</th>`)}<th scope="col" class="num">Total</th><th scope="col"><span class="sr-only">Distribution</span></th></tr></thead>
    <tbody>${rows}</tbody>
    <tfoot><tr><th scope="row">All areas</th>${outcomeOrder.map((o) => cell('', o, countOf(total, o)))}<td class="num">${total.total}</td><td class="bar-cell">${bar(total)}</td></tr></tfoot>
  </table></div>
</section>`;
}

export function coverageOverview(report: RunReport): Markup {
  const s = summarizeCoverage(report.coverage);
  const pct = (n: number): string => (s.clauses === 0 ? '0' : ((100 * n) / s.clauses).toFixed(2));
  return html`<div class="coverage-overview">
  <p><strong>${s.covered}</strong> of ${s.clauses} clauses covered by checks · <strong class="t-uncovered">${s.uncovered}</strong> uncovered · ${s.untestable} untestable</p>
  <span class="bar" aria-hidden="true"><span class="bar-part r-passed" style="width:${pct(s.covered)}%"></span><span class="bar-part r-uncovered" style="width:${pct(s.uncovered)}%"></span><span class="bar-part r-untestable" style="width:${pct(s.untestable)}%"></span></span>
</div>`;
}
