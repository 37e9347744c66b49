// The two long tables: every check with its result, and every clause of spec/clauses.yaml with the checks
// that cite it (uncovered clauses flagged). Rows carry the filter attributes; links join the two tables.
import type { CheckResult, ClauseCoverage, RunReport } from '../../results/model.js';
import { filterAttributes } from './filter-attributes.js';
import { ms, pill } from './labels.js';
import { anchor, html, type Markup } from './template.js';

function checkRow(check: CheckResult): Markup {
  const note =
    check.outcome === 'failed'
      ? html`<a href="#${anchor('fail', check.id)}">${check.failure?.message ?? 'see the failure'}</a>`
      : check.reason !== undefined
        ? html`${check.reason}`
        : '';
  return html`<tr id="${anchor('check', check.id)}" ${filterAttributes([check.area], check.outcome, [check.id, check.title, ...check.clauses])}>
  <td>${pill(check.outcome)}</td>
  <td><code class="id">${check.id}</code><div class="title">${check.title}</div></td>
  <td>${check.clauses.map((c) => html`<a class="clause-link" href="#${anchor('clause', c)}"><code>${c}</code></a> `)}</td>
  <td class="num">${ms(check.durationMs)}</td>
  <td class="note">${note}</td>
</tr>`;
}

export function checksTable(report: RunReport): Markup {
  return html`<section id="checks" aria-labelledby="checks-h" data-scope="checks">
  <h2 id="checks-h">Checks <span class="count" data-count-for="checks">${report.checks.length}</span></h2>
  <div class="table-wrap"><table class="rows">
    <caption class="sr-only">Every check of the run with its result, the clauses it verifies and its duration</caption>
    <thead><tr><th scope="col">Result</th><th scope="col">Check</th><th scope="col">Clauses</th><th scope="col" class="num">Time</th><th scope="col">Note</th></tr></thead>
    <tbody>${report.checks.map(checkRow)}</tbody>
  </table></div>
  <p class="empty" data-empty-for="checks" hidden>No check matches the filters.</p>
</section>`;
}

function clauseRow(clause: ClauseCoverage, areaOf: ReadonlyMap<string, string>): Markup {
  const areas = [clause.id.split('.')[0] ?? '', ...clause.checks.map((id) => areaOf.get(id) ?? '')].filter((a) => a !== '');
  const cited =
    clause.checks.length > 0
      ? clause.checks.map((id) => html`<a href="#${anchor('check', id)}"><code>${id}</code></a> `)
      : clause.result === 'untestable'
        ? html`<span class="muted">Untestable: ${clause.reason ?? 'no reason given'}</span>`
        : html`<strong class="t-uncovered">No check cites this clause.</strong>`;
  return html`<tr id="${anchor('clause', clause.id)}" class="${clause.result === 'uncovered' ? 'flag' : ''}" ${filterAttributes(areas, clause.result, [clause.id, clause.text, clause.section, ...clause.checks])}>
  <td>${pill(clause.result)}</td>
  <td><code class="id">${clause.id}</code><div class="muted small">§ ${clause.section} · ${clause.kind}</div></td>
  <td class="clause-text">${clause.text}</td>
  <td>${cited}</td>
</tr>`;
}

export function clausesTable(report: RunReport): Markup {
  const areaOf = new Map(report.checks.map((check) => [check.id, check.area]));
  return html`<section id="clauses" aria-labelledby="clauses-h" data-scope="clauses">
  <h2 id="clauses-h">Clauses <span class="count" data-count-for="clauses">${report.coverage.length}</span></h2>
  <div class="table-wrap"><table class="rows">
    <caption class="sr-only">Every clause of spec/clauses.yaml with the checks that cite it and their worst result</caption>
    <thead><tr><th scope="col">Result</th><th scope="col">Clause</th><th scope="col">Statement</th><th scope="col">Checks</th></tr></thead>
    <tbody>${report.coverage.map((clause) => clauseRow(clause, areaOf))}</tbody>
  </table></div>
  <p class="empty" data-empty-for="clauses" hidden>No clause matches the filters.</p>
</section>`;
}
