// The top of the report: the verdict and counts, then the conformance matrix (areas by result) whose
// cells are buttons that filter the tables below, then the clause coverage at a glance.
import { groupByArea } from '../areas.js';
import type { Certificate } from '../certificate.js';
import { summarizeCoverage } from '../../results/coverage.js';
import { countOutcomes, type RunReport } from '../../results/model.js';
import { judge, verdictTitles, type Judgement } from '../../results/verdict.js';
import { ms, outcomesOf, resultClass, resultLabel, tally } from './labels.js';
import { html, type Markup } from './template.js';


/** The verdict banner: the judgement's title and summary (results/verdict.ts), and for an incomplete run
 * the in-scope clauses that were not verified. */
function verdictBanner(judgement: Judgement): Markup {
  const unverified = judgement.unverified;
  const list =
    judgement.verdict === 'incomplete' && unverified.length > 0
      ? html`<details class="verdict-unverified"><summary>${unverified.length} unverified in-scope clause${unverified.length === 1 ? '' : 's'}</summary><p>${unverified.map((clause, i) => html`${i > 0 ? ', ' : ''}<code>${clause.id}</code>`)}</p></details>`
      : html``;
  const notClaimed =
    judgement.notClaimedChecks.length > 0
      ? html`<p class="verdict-detail">Not claimed (outside this certificate): ${judgement.notClaimedChecks.map(({ reason, count }, i) => html`${i > 0 ? '; ' : ''}${count} check${count === 1 ? '' : 's'}, ${reason}`)}.</p>`
      : html``;
  const stale = judgement.expectations.stale.length > 0 ? html`<p class="verdict-detail">Stale expected failures (their checks pass now): ${judgement.expectations.stale.map((e) => e.id).join(', ')}</p>` : html``;
  return html`<div class="verdict v-${judgement.verdict}" role="status">
    <p class="verdict-title">${verdictTitles[judgement.verdict] ?? judgement.verdict}</p>
    <p class="verdict-detail">${detailOf(judgement)}.</p>
    ${list}${notClaimed}${stale}
  </div>`;
}

export function header(report: RunReport, certificate: Certificate): Markup {
  const counts = countOutcomes(report.checks);
  const elapsed = Date.parse(report.endedAt) - Date.parse(report.startedAt);
  const target = report.target.image ?? report.target.baseUrl;
  const byOutcome = tally(report.checks);
  const stat = (outcome: string) =>
    html`<li class="stat ${resultClass(outcome)}"><span class="stat-n">${byOutcome.get(outcome) ?? 0}</span> <span class="stat-l">${resultLabel(outcome)}</span></li>`;
  return html`<header class="top">
  ${verdictBanner(judge(report))}
  <div class="top-main">
    <h1>Conformance report <span class="muted">API v${certificate.api.version}</span></h1>
    <p class="target"><span class="muted">Target</span> <code>${target}</code>${report.target.embedded ? html` <span class="tag">embedded reference</span>` : ''}</p>
    <ul class="stats" aria-label="Checks by result">
      ${outcomesOf(byOutcome.keys()).map(stat)}
      <li class="stat"><span class="stat-n">${counts.total}</span> <span class="stat-l">Checks</span></li>
    </ul>
    <p class="meta muted">${report.suite.name} ${report.suite.version} · started <time datetime="${report.startedAt}">${report.startedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</time> · ${Number.isFinite(elapsed) ? ms(elapsed) : '–'} · seed <code>${report.seed}</code></p>
  </div>
</header>`;
}

function bar(counts: ReadonlyMap<string, number>, outcomes: readonly string[], total: number): Markup {
  if (total === 0) return html``;
  const parts = outcomes
    .filter((outcome) => (counts.get(outcome) ?? 0) > 0)
    .map((outcome) => html`<span class="bar-part ${resultClass(outcome)}" style="width:${((100 * (counts.get(outcome) ?? 0)) / total).toFixed(2)}%"></span>`);
  return html`<span class="bar" aria-hidden="true">${parts}</span>`;
}

function cell(area: string, outcome: string, n: number): Markup {
  if (n === 0) return html`<td class="num zero">·</td>`;
  const where = area === '' ? 'all areas' : area;
  return html`<td class="num"><button type="button" class="cell ${resultClass(outcome)}" data-set-area="${area}" data-set-result="${outcome}" aria-label="Show ${n} ${resultLabel(outcome).toLowerCase()} check${n === 1 ? '' : 's'} in ${where}">${n}</button></td>`;
}

export function matrix(report: RunReport): Markup {
  const all = tally(report.checks);
  const outcomes = outcomesOf(all.keys());
  const rows = [...groupByArea(report.checks)].map(([area, checks]) => {
    const counts = tally(checks);
    return html`<tr><th scope="row"><button type="button" class="link" data-set-area="${area}" data-set-result="">${area}</button></th>${outcomes.map((o) => cell(area, o, counts.get(o) ?? 0))}<td class="num">${checks.length}</td><td class="bar-cell">${bar(counts, outcomes, checks.length)}</td></tr>`;
  });
  return html`<section id="matrix" aria-labelledby="matrix-h">
  <h2 id="matrix-h">Conformance matrix</h2>
  <p class="muted">Checks by area and result. Choose a number to list those checks.</p>
  <div class="table-wrap"><table class="matrix">
    <thead><tr><th scope="col">Area</th>${outcomes.map((o) => html`<th scope="col" class="num">${resultLabel(o)}</th>`)}<th scope="col" class="num">Total</th><th scope="col" class="bar-cell"><span class="sr-only">Distribution</span></th></tr></thead>
    <tbody>${rows}</tbody>
    <tfoot><tr><th scope="row">All areas</th>${outcomes.map((o) => cell('', o, all.get(o) ?? 0))}<td class="num">${report.checks.length}</td><td class="bar-cell">${bar(all, outcomes, report.checks.length)}</td></tr></tfoot>
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

/** The judgement's summary under its title, without saying the verdict's word a second time. */
function detailOf(judgement: Judgement): string {
  const word = `${(verdictTitles[judgement.verdict] ?? judgement.verdict).toLowerCase()}: `;
  const rest = judgement.summary.toLowerCase().startsWith(word) ? judgement.summary.slice(word.length) : judgement.summary;
  return `${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}
