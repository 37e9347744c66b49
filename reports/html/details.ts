// The run's particulars at the end of the page: target, environment, selection, spec hashes, and the
// masked logs of a container under test.
import type { Certificate } from '../certificate.js';
import { truncate } from '../escape.js';
import type { RunReport } from '../../results/model.js';
import { html, type Markup } from './template.js';

export function runDetails(report: RunReport, certificate: Certificate): Markup {
  const t = report.target;
  const rows: Array<[string, string]> = [
    ['v4 base URL', t.baseUrl],
    ...(t.v2BaseUrl !== undefined ? ([['v2 base URL', t.v2BaseUrl]] as Array<[string, string]>) : []),
    ...(t.controlUrl !== undefined ? ([['Control API', t.controlUrl]] as Array<[string, string]>) : []),
    ...(t.image !== undefined ? ([['Image', t.image]] as Array<[string, string]>) : []),
    ['Suite', `${report.suite.name} ${report.suite.version}`],
    ['API version', certificate.api.version],
    ['Started', report.startedAt],
    ['Ended', report.endedAt],
    ['Seed', String(report.seed)],
    ['Selection', report.complete ? 'complete run' : [...report.selection.only.map((s) => `--only ${s}`), ...report.selection.skip.map((s) => `--skip ${s}`)].join(' ') || 'incomplete'],
    ['Environment', `Node ${report.environment.node} on ${report.environment.platform}/${report.environment.arch}`],
    ['Certificate', certificate.statement],
  ];
  return html`<section id="details" aria-labelledby="details-h">
  <h2 id="details-h">Run details</h2>
  <dl class="details">${rows.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>
  <h3>Spec files (SHA-256)</h3>
  <dl class="details hashes">${Object.entries(report.specHashes).map(([file, sha]) => html`<div><dt>${file}</dt><dd><code>${sha}</code></dd></div>`)}</dl>
  ${report.containerLogs !== undefined ? html`<details><summary>Container logs (masked)</summary><pre>${truncate(report.containerLogs, 200_000)}</pre></details>` : ''}
</section>`;
}
