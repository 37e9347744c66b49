// Each failure as a reader needs it: what broke, the clause sentence it breaks, expected versus actual,
// every exchange (masked) with its curl reproduction, and the command that replays a property failure.
import { truncate } from '../escape.js';
import type { CheckResult, ClauseCoverage, Exchange, RunReport } from '../../results/model.js';
import { guardExchange } from '../redact.js';
import { exchangesToShow, replayFlags } from '../text.js';
import { filterAttributes } from './filter-attributes.js';
import { ms } from './labels.js';
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

export function exchangeView(raw: Exchange, label: string, id: string, open: boolean): Markup {
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
  <summary>${label}: <code>${request.method} ${request.url}</code> → <span class="status ${statusClass}">${status}</span> <span class="muted">(${ms(exchange.durationMs)})</span></summary>
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

function exchanges(check: CheckResult, id: string): Markup[] {
  const last = check.exchanges.length - 1;
  const { shown, omitted, omittedAfter } = exchangesToShow(check.exchanges);
  return shown.map(({ exchange, index }, position) => {
    const view = exchangeView(exchange, `Exchange ${index + 1} of ${check.exchanges.length}`, `${id}-x${index}`, index === last);
    return position === omittedAfter ? html`${view}<p class="muted small">${omitted} more exchanges are in report.json.</p>` : view;
  });
}

function failure(check: CheckResult, report: RunReport, clauses: ReadonlyMap<string, ClauseCoverage>): Markup {
  const f = check.failure;
  const id = anchor('fail', check.id);
  const replay = f?.replay !== undefined ? `mcs certify --only ${check.area} ${replayFlags(f.replay)}` : undefined;
  return html`<article class="failure" id="${id}" tabindex="-1" ${filterAttributes([check.area], 'failed', [check.id, check.title, ...check.clauses, f?.message ?? ''])}>
  <h3><a href="#${anchor('check', check.id)}"><code>${check.id}</code></a> <span class="title">${check.title}</span></h3>
  <p class="message">${f?.message ?? 'Failed (no message recorded).'}</p>
  ${check.clauses.length > 0 ? html`<ul class="cited">${check.clauses.map((c) => clauseQuote(c, clauses))}</ul>` : ''}
  ${f?.expected !== undefined || f?.actual !== undefined ? html`<div class="diff"><div class="expected"><h4>Expected</h4><pre>${f?.expected ?? '–'}</pre></div><div class="actual"><h4>Actual</h4><pre>${f?.actual ?? '–'}</pre></div></div>` : ''}
  ${replay !== undefined ? html`<div class="replay"><h4 id="${id}-rh">Replay this property failure</h4><pre id="${id}-replay" aria-labelledby="${id}-rh"><code>${replay}</code></pre><button type="button" class="copy" data-copy="${id}-replay">Copy</button><p class="muted small">Seed ${f?.replay?.seed ?? ''}, path <code>${f?.replay?.path ?? ''}</code> (run seed ${report.seed}).</p></div>` : ''}
  ${check.exchanges.length === 0 ? html`<p class="muted">No HTTP exchange was recorded for this check.</p>` : exchanges(check, id)}
</article>`;
}

export function failures(report: RunReport, clauses: ReadonlyMap<string, ClauseCoverage>): Markup {
  const failed = report.checks.filter((check) => check.outcome === 'failed');
  return html`<section id="failures" aria-labelledby="failures-h" data-scope="failures">
  <h2 id="failures-h">Failures <span class="count" data-count-for="failures">${failed.length}</span></h2>
  ${failed.length === 0 ? html`<p class="empty-static">No check failed.</p>` : failed.map((check) => failure(check, report, clauses))}
  <p class="empty" data-empty-for="failures" hidden>No failure matches the filters.</p>
</section>`;
}
