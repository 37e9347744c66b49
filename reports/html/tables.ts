// Every clause of spec/clauses.yaml with the checks that cite it (uncovered clauses flagged), grouped by
// the clause's area in native <details>, each one click away. Rows carry the filter attributes; links join clauses and checks.
import type { ClauseCoverage, RunReport } from '../../results/model.js';
import { filterAttributes } from './filter-attributes.js';
import { outcomesOf, pill, resultClass, resultLabel, tally } from './labels.js';
import { anchor, html, type Markup } from './template.js';

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
  const groups = new Map<string, ClauseCoverage[]>();
  for (const clause of report.coverage) {
    const group = clause.id.split('.')[0] ?? clause.id;
    groups.set(group, [...(groups.get(group) ?? []), clause]);
  }
  return html`<section id="clauses" aria-labelledby="clauses-h" data-scope="clauses">
  <h2 id="clauses-h">Clauses <span class="count" data-count-for="clauses">${report.coverage.length}</span></h2>
  ${[...groups].map(([group, clauses]) => {
    const byResult = tally(clauses.map((c) => ({ outcome: c.result })));
    // Closed by default: a failed clause is quoted in its failure above; the filters open what they match.
    return html`<details class="group" data-group>
  <summary><span class="group-name">${group}</span> <span class="group-counts">${outcomesOf(byResult.keys())
    .filter((r) => (byResult.get(r) ?? 0) > 0)
    .map((r) => html`<span class="mini ${resultClass(r)}">${byResult.get(r) ?? 0} ${resultLabel(r).toLowerCase()}</span> `)}</span></summary>
  <div class="table-wrap"><table class="rows clauses">
    <caption class="sr-only">The clauses of ${group} with the checks that cite them and their worst result</caption>
    <thead><tr><th scope="col">Result</th><th scope="col">Clause</th><th scope="col">Statement</th><th scope="col">Checks</th></tr></thead>
    <tbody>${clauses.map((clause) => clauseRow(clause, areaOf))}</tbody>
  </table></div>
</details>`;
  })}
  <p class="empty" data-empty-for="clauses" hidden>No clause matches the filters.</p>
</section>`;
}
