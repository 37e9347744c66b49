// Every check, grouped by area, each area and each check a native <details>, all closed: the failures are
// already open above, areas with a failure (or an error) come first, and a passed check is one line whose
// evidence (its clauses and recorded exchanges) is one click away. The filter script opens the groups that
// hold matches, so a page of 592 checks stays a few screens tall.
import { groupByArea } from '../areas.js';
import { inPlainWords } from '../../results/failure-words.js';
import type { CheckResult, RunReport } from '../../results/model.js';
import { failingExchangeIndex } from '../../results/failing-exchange.js';
import { exchangeList } from './failures.js';
import { filterAttributes } from './filter-attributes.js';
import { ms, needsAttention, outcomeRank, outcomesOf, pill, resultClass, resultLabel, tally } from './labels.js';
import { anchor, html, type Markup } from './template.js';

/** Warnings a newer results model may attach to a check (read defensively: any shape). */
function warningsOf(check: CheckResult): string[] {
  const warnings = (check as { warnings?: unknown }).warnings;
  return Array.isArray(warnings) ? warnings.filter((w): w is string => typeof w === 'string') : [];
}

function checkItem(check: CheckResult, report: RunReport): Markup {
  const id = anchor('check', check.id);
  const failing = needsAttention.has(check.outcome) ? failingExchangeIndex(check, report.target.controlUrl) : undefined;
  const note = check.failure !== undefined ? html`<p class="note"><a href="#${anchor('fail', check.id)}">${inPlainWords(check.failure.message)}</a></p>` : check.reason !== undefined ? html`<p class="note">${check.reason}</p>` : '';
  const warnings = warningsOf(check);
  const evidence =
    check.exchanges.length === 0
      ? html`<p class="muted small">No exchange recorded${check.outcome === 'passed' ? ' (a passed check keeps at most its first two).' : '.'}</p>`
      : exchangeList(check, id, failing, check.outcome === 'passed');
  return html`<li id="${id}" ${filterAttributes([check.area], check.outcome, [check.id, check.title, ...check.clauses])}><details class="check ${resultClass(check.outcome)}">
  <summary>${pill(check.outcome)} <code class="id">${check.id}</code> <span class="title">${check.title}</span> <span class="time">${ms(check.durationMs)}</span></summary>
  <div class="check-body">
    <p class="clauses">${check.clauses.map((c) => html`<a class="clause-link" href="#${anchor('clause', c)}"><code>${c}</code></a> `)}</p>
    ${note}
    ${warnings.length > 0 ? html`<ul class="warnings">${warnings.map((w) => html`<li>${w}</li>`)}</ul>` : ''}
    ${evidence}
  </div>
</details></li>`;
}

function counts(checks: readonly CheckResult[]): Markup {
  const byOutcome = tally(checks);
  return html`<span class="group-counts">${outcomesOf(byOutcome.keys())
    .filter((o) => (byOutcome.get(o) ?? 0) > 0)
    .map((o) => html`<span class="mini ${resultClass(o)}" title="${resultLabel(o)}">${byOutcome.get(o) ?? 0} ${resultLabel(o).toLowerCase()}</span> `)}</span>`;
}

export function checksByArea(report: RunReport): Markup {
  const areas = [...groupByArea(report.checks)].map(([area, checks]) => ({
    area,
    checks: [...checks].sort((a, b) => outcomeRank(a.outcome) - outcomeRank(b.outcome)),
    attention: checks.some((c) => needsAttention.has(c.outcome)),
  }));
  areas.sort((a, b) => Number(b.attention) - Number(a.attention) || a.area.localeCompare(b.area));
  return html`<section id="checks" aria-labelledby="checks-h" data-scope="checks">
  <h2 id="checks-h">Checks <span class="count" data-count-for="checks">${report.checks.length}</span></h2>
  ${areas.map(
    ({ area, checks }) => html`<details class="group" data-group id="${anchor('area', area)}">
  <summary><span class="group-name">${area}</span> ${counts(checks)}</summary>
  <ul class="check-list">${checks.map((check) => checkItem(check, report))}</ul>
</details>`,
  )}
  <p class="empty" data-empty-for="checks" hidden>No check matches the filters.</p>
</section>`;
}
