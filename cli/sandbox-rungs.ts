// The config a vendor at each rung of the road would have for the reference's sandbox organization
// (`mcs serve --sandbox --write-config FILE --rung N`, README "Without our control API"):
//   0  base URL, v2 URL, one key: the rest is found at the start of the run;
//   1  what `mcs init` wrote, plus the values a vendor writes by hand (handWrittenValues counts them);
//   2  rung 1, plus an adapter offering only the organization and plan operations;
//   3  rung 2, plus simulateInboundMessage and advanceClock in the adapter;
//   4  the whole control API.
import { writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { sandboxRecipients } from '../reference/sandbox/progress.js';
import { referenceTargetSettings } from '../reference/target-settings.js';
import type { VendorOrganization } from '../reference/sandbox/vendor-organization.js';
import { initConfig } from './init-config.js';
import type { Rung } from './rungs.js';


export interface SandboxUrls {
  base: string;
  v2: string;
  control: string;
}

/** The operations the adapter of rungs 2 and 3 offers (reference/sandbox/vendor-adapter.mjs rungOperations). */
const adapterOperations: Record<2 | 3, string[]> = {
  2: ['createOrganization', 'setPlanFacts'],
  3: ['createOrganization', 'setPlanFacts', 'simulateInboundMessage', 'advanceClock'],
};

/** Writes FILE (and, for rungs 2 and 3, the adapter module beside it); answers the config written. */
export async function writeRungConfig(file: string, rung: Rung, urls: SandboxUrls, org: VendorOrganization): Promise<Record<string, unknown>> {
  const config = await rungConfig(file, rung, urls, org);
  const header = [
    `# Written by mcs serve --sandbox --write-config (rung ${rung}): the config a vendor at this rung has for this sandbox.`,
    '# Certify with: npx mcs certify --config ' + file,
    '',
  ].join('\n');
  await writeFile(file, header + stringify(config));
  return config;
}

async function rungConfig(file: string, rung: Rung, urls: SandboxUrls, org: VendorOrganization): Promise<Record<string, unknown>> {
  if (rung === 4) return { base_url: urls.base, v2_base_url: urls.v2, control_url: urls.control };
  if (rung === 0) return { base_url: urls.base, v2_base_url: urls.v2, fixtures: { api_keys: { primary: org.keys.primary } } };
  const { config } = await initConfig({ baseUrl: urls.base, v2Url: urls.v2, apiKey: org.keys.primary, appTokens: org.tokens.map(({ token }) => token) });
  const written = withHandWritten(config, org);
  if (rung === 1) return written;
  const adapter = join(dirname(resolve(file)), `${basename(file).replace(/\.ya?ml$/, '')}.adapter.mjs`);
  await writeAdapter(adapter, urls.control, org.organizationId, adapterOperations[rung]);
  return { ...written, control_adapter: adapter };
}

/** What a vendor adds by hand to what `mcs init` wrote: from its dashboard and its sandbox's documentation. */
export function withHandWritten(config: Record<string, unknown>, org: VendorOrganization): Record<string, unknown> {
  const fixtures = { ...(config.fixtures as Record<string, unknown>) };
  fixtures.api_keys = { ...(fixtures.api_keys as object), secondary: org.keys.secondary };
  fixtures.plan = { ...(fixtures.plan as object), payment_method: org.plan.payment_method, purchase_line_cap: org.plan.purchase_line_cap, number_pools: org.plan.number_pools };
  fixtures.test_recipients = { ...sandboxRecipients };
  fixtures.stock = org.stockSample.map(({ phone_number, kind }) => ({ phone_number, kind }));
  // The aliases of two spare lines (a channel's alias is not among the fields the description shows).
  const aliases = new Map(org.spareLines.filter((line) => line.alias !== null).map((line) => [line.id, line.alias]));
  fixtures.spare_lines = ((fixtures.spare_lines as { id: string }[] | undefined) ?? []).map((line) => (aliases.has(line.id) ? { ...line, alias: aliases.get(line.id) } : line));
  return { ...config, target_settings: { ...referenceTargetSettings }, fixtures };
}

/** The scalar values of a config (a list of scalars counts each): what a vendor writes. */
export function countValues(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countValues(item), 0);
  if (typeof value === 'object' && value !== null) return Object.values(value).reduce((sum: number, item) => sum + countValues(item), 0);
  return 1;
}

/** The adapter module of the vendor's sandbox, bound to it: the worked adapter with this sandbox's admin URL. */
async function writeAdapter(file: string, adminUrl: string, organizationId: string, operations: string[]): Promise<void> {
  const worked = fileURLToPath(new URL('../reference/sandbox/vendor-adapter.mjs', import.meta.url));
  const lines = [
    '// Written by mcs serve --sandbox --write-config: the worked adapter (reference/sandbox/vendor-adapter.mjs) bound to',
    `// this sandbox, offering ${operations.join(', ')}.`,
    `import { sandboxAdapter } from ${JSON.stringify(worked)};`,
    '',
    `const adapter = sandboxAdapter(${JSON.stringify(adminUrl)}, ${JSON.stringify(organizationId)}, ${JSON.stringify(operations)});`,
    `export const { ${operations.join(', ')} } = adapter;`,
    '',
  ];
  await writeFile(file, lines.join('\n'));
}
