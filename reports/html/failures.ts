// Each failure as a reader needs it: what broke in plain words, the clause sentence it breaks, expected
// versus found, the request that failed as curl, a script replaying every step of a multi-step check,
// every exchange (masked), and the command that replays a property failure. Failures come first on the
// page and open; everything else is one click away.
import { truncate } from '../escape.js';
import type { CheckResult, ClauseCoverage, Exchange, RunReport } from '../../results/model.js';
import { guardCurl, guardExchange } from '../redact.js';
import { failingExchangeIndex } from '../../results/failing-exchange.js';
import { reproScript } from '../repro.js';
import { rootCauseLine, rootCauses } from '../../results/root-causes.js';
import { exchangesToShow } from '../text.js';
import { failureText } from '../failure-text.js';
import { filterAttributes } from './filter-attributes.js';
import { ms, needsAttention, pill, resultLabel } from './labels.js';
import { anchor, html, type Markup } from './template.js';

/** Bodies longer than this are cut in the page (report.json keeps them whole). */
const HTML_BODY_LIMIT = 20_000;

function pretty(body: string): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(JSON.parse(trimmed), null, 2);
    } catch {
      return body;
    }
  }
  return body;
}

function headersText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

function message(lines: Array<string | undefined>): string {
  return lines.filter((line): line is string => line !== undefined && line !== '').join('\n\n');
}

export function exchangeView(raw: Exchange, label: string, id: string, open: boolean, note = ''): Markup {
  const exchange = guardExchange(raw);
  const { request, response } = exchange;
  const status = response !== undefined ? String(response.status) : exchange.error !== undefined ? 'no response' : '–';
  const statusClass = response === undefined ? 'st-err' : response.status >= 500 ? 'st-5' : response.status >= 400 ? 'st-4' : 'st-2';
  const requestText = message([`${request.method} ${request.url}`, headersText(request.headers), request.body === undefined ? undefined : truncate(pretty(request.body), HTML_BODY_LIMIT)]);
  const responseText =
    response === undefined
      ? exchange.error ?? 'no response recorded'
      : message([`${response.status}`, headersText(response.headers), response.body === undefined ? undefined : truncate(pretty(response.body), HTML_BODY_LIMIT)]);
  return html`<details class="exchange"${open ? html` open` : ''}>
  <summary>${label}: <code>${request.method} ${request.url}</code> → <span class="status ${statusClass}">${status}</span> <span class="muted">(${ms(exchange.durationMs)})</span>${note === '' ? '' : html` <strong class="t-failed">${note}</strong>`}</summary>
  <div class="exchange-body">
    <div><h5>Request</h5><pre>${requestText}</pre></div>
    <div><h5>Response</h5><pre>${responseText}</pre></div>
  </div>
  <div class="curl"><h5 id="${id}-h">Reproduce with curl</h5><pre id="${id}" aria-labelledby="${id}-h"><code>${exchange.curl}</code></pre><button type="button" class="copy" data-copy="${id}">Copy</button></div>
</details>`;
}

function clauseQuote(id: string, clauses: ReadonlyMap<string, ClauseCoverage>): Markup {
  const clause = clauses.get(id);
  return html`<li><a href="#${anchor('clause', id)}"><code>${id}</code></a>${clause !== undefined ? html` <span class="muted">§ ${clause.section}</span><blockquote>${clause.text}</blockquote>` : html` <span class="muted">(not in clauses.yaml)</span>`}</li>`;
}

/** The exchanges of a check (at most SHOWN_EXCHANGES), the failing one marked and open. */
export function exchangeList(check: CheckResult, id: string, failing: number | undefined, openAll = false): Markup[] {
  const { shown, omitted, omittedAfter } = exchangesToShow(check.exchanges);
  return shown.map(({ exchange, index }, position) => {
    const isFailing = index === failing;
    const view = exchangeView(exchange, `${index + 1} of ${check.exchanges.length}`, `${id}-x${index}`, openAll || isFailing, isFailing ? 'the request that failed' : '');
    return position === omittedAfter ? html`${view}<p class="muted small">${omitted} more exchanges are in report.json.</p>` : view;
  });
}

function copyBlock(id: string, heading: string, text: string, extra: Markup | string = ''): Markup {
  return html`<div class="curl"><h4 id="${id}-h">${heading}</h4><pre id="${id}" aria-labelledby="${id}-h"><code>${text}</code></pre><button type="button" class="copy" data-copy="${id}">Copy</button>${extra}</div>`;
}

/** The failing request as curl, and for a check of several steps a script replaying all of them. */
function reproduction(check: CheckResult, report: RunReport, id: string, failing: number | undefined): Markup {
  if (failing === undefined) return html`<p class="muted">No HTTP exchange was recorded for this check.</p>`;
  const exchange = check.exchanges[failing] as Exchange;
  const where = check.exchanges.length > 1 ? ` (request ${failing + 1} of ${check.exchanges.length})` : '';
  const curl = copyBlock(`${id}-curl`, `Reproduce the failing request${where}`, guardCurl(exchange.curl ?? ''));
  if (check.exchanges.length < 2) return curl;
  const script = reproScript(check.exchanges.map(guardExchange), { title: `${check.id}: ${check.title}`, failing, ...(report.target.controlUrl !== undefined ? { controlUrl: report.target.controlUrl } : {}), ...(check.exchangesDropped !== undefined ? { dropped: check.exchangesDropped } : {}) });
  return html`${curl}<details class="script"><summary>Replay all ${check.exchanges.length} steps (shell script: ids carried from answer to request, credentials as variables)</summary>${copyBlock(`${id}-script`, 'Script', script)}</details>`;
}

/** Failures shown open; the rest are one line each (id and message) until clicked, so a run with hundreds
 * of failures stays readable. */
const OPEN_FAILURES = 5;

function failure(check: CheckResult, report: RunReport, clauses: ReadonlyMap<string, ClauseCoverage>, open: boolean, more: Markup | '' = ''): Markup {
  const f = check.failure;
  const id = anchor('fail', check.id);
  const said = failureText(check, report.seed);
  const replay = said?.replay;
  const failing = failingExchangeIndex(check, report.target.controlUrl);
  const message = said?.message ?? check.reason ?? `${resultLabel(check.outcome)} (no message recorded).`;
  return html`<details class="failure"${open ? html` open` : ''} id="${id}" ${filterAttributes([check.area], check.outcome, [check.id, check.title, ...check.clauses, f?.message ?? '', check.reason ?? ''])}>
  <summary><span class="fail-head">${check.outcome === 'failed' ? '' : html`${pill(check.outcome)} `}<code>${check.id}</code></span> <span class="message">${message}</span></summary>
  <p class="muted"><span class="title">${check.title}</span> · <a href="#${anchor('check', check.id)}">in the list of checks</a></p>
  ${check.clauses.length > 0 ? html`<ul class="cited">${[...(f?.brokenClause === undefined ? [] : [f.brokenClause.clause]), ...check.clauses].map((c) => clauseQuote(c, clauses))}</ul>` : ''}
  ${f?.expected !== undefined || f?.actual !== undefined ? html`<div class="diff"><div class="expected"><h4>Expected</h4><pre>${f?.expected ?? '–'}</pre></div><div class="actual"><h4>Found</h4><pre>${f?.actual ?? '–'}</pre></div></div>` : ''}
  ${replay !== undefined ? html`<div class="replay"><h4 id="${id}-rh">Replay this property failure</h4><pre id="${id}-replay" aria-labelledby="${id}-rh"><code>${replay}</code></pre><button type="button" class="copy" data-copy="${id}-replay">Copy</button><p class="muted small">${f?.replay === undefined ? html`Run seed ${report.seed}: no replay path was recorded.` : html`Seed ${f.replay.seed}, path <code>${f.replay.path}</code> (run seed ${report.seed}).`}</p></div>` : ''}
  ${reproduction(check, report, id, failing)}
  ${check.exchanges.length > 0 ? html`<details class="exchanges"><summary>Every exchange of the check (${check.exchanges.length})</summary>${exchangeList(check, id, failing)}</details>` : ''}
  ${more}
</details>`;
}

/** The failures in the order of their root causes (results/root-causes.ts), then the errors. */
function failureCards(report: RunReport, clauses: ReadonlyMap<string, ClauseCoverage>): Markup[] {
  const cards: Markup[] = [];
  let shown = 0;
  for (const [n, group] of rootCauses(report.checks, report.target.controlUrl).entries()) {
    const [first, ...rest] = group.checks;
    if (first === undefined) continue;
    if (rest.length === 0) {
      cards.push(failure(first, report, clauses, shown++ < OPEN_FAILURES));
      continue;
    }
    const causeId = `cause-${n + 1}`;
    const more = html`<p class="root-cause-more">And ${rest.length} more check${rest.length === 1 ? '' : 's'} with the same root cause: ${rest.map((check, i) => html`${i > 0 ? ', ' : ''}<a href="#${anchor('fail', check.id)}"><code>${check.id}</code></a>`)}.</p>`;
    cards.push(html`<h3 class="root-cause" id="${causeId}">Root cause: ${rootCauseLine(group)}</h3>`);
    cards.push(failure(first, report, clauses, shown++ < OPEN_FAILURES, more));
    // Each check of the group stays listed (closed), after the one shown in full.
    for (const check of rest) cards.push(failure(check, report, clauses, false));
  }
  for (const check of report.checks.filter((c) => needsAttention.has(c.outcome) && c.outcome !== 'failed')) cards.push(failure(check, report, clauses, shown++ < OPEN_FAILURES));
  return cards;
}

export function failures(report: RunReport, clauses: ReadonlyMap<string, ClauseCoverage>): Markup {
  const failed = report.checks.filter((check) => needsAttention.has(check.outcome));
  return html`<section id="failures" aria-labelledby="failures-h" data-scope="failures">
  <h2 id="failures-h">Failures <span class="count" data-count-for="failures">${failed.length}</span></h2>
  ${failed.length === 0 ? html`<p class="empty-static">No check failed.</p>` : failureCards(report, clauses)}
  <p class="empty" data-empty-for="failures" hidden>No failure matches the filters.</p>
</section>`;
}
