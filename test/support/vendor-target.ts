// A target as a vendor presents it: the reference started as `mcs serve` would start it (in-process), one
// organization made out of band through its control API, and a target.yaml
// (harness/config/config.schema.json) that names the fixtures a vendor can give but no control URL, so the
// suites see a target without the control API. Shared by the tests of issues 17 and 19.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { startReference } from '../../reference/index.js';

export interface VendorTargetOptions {
  /** Where target.yaml is written. */
  dir: string;
  /** keys-only: API keys and app tokens; no-owners: also a channel of every kind, owners not said; full: with owners. */
  fixtures: 'keys-only' | 'no-owners' | 'full';
}

export interface VendorTarget {
  configPath: string;
  baseUrl: string;
  close(): Promise<void>;
}

interface OrganizationFixtures {
  api_keys: Record<'primary' | 'secondary', { api_key: string }>;
  app_tokens: Array<{ token: string; scopes: string[] }>;
  channels: Array<{ id: string; kind: string; address: string; alias: string | null; owner_api_key: string | null }>;
}

export async function startVendorTarget(options: VendorTargetOptions): Promise<VendorTarget> {
  const reference = await startReference({ log: () => undefined });
  try {
    const created = await fetch(`${reference.urls.control}/organizations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    if (created.status !== 201) throw new Error(`the control API did not create an organization: ${created.status}`);
    const org = ((await created.json()) as { data: OrganizationFixtures }).data;
    const keys = { primary: org.api_keys.primary.api_key, secondary: org.api_keys.secondary.api_key };
    const ownerOf = (apiKey: string | null) => (apiKey === keys.primary ? 'primary' : apiKey === keys.secondary ? 'secondary' : null);
    const channels =
      options.fixtures === 'keys-only'
        ? undefined
        : Object.fromEntries(
            org.channels.map((c) => [c.kind, { id: c.id, address: c.address, alias: c.alias, ...(options.fixtures === 'full' ? { owner: ownerOf(c.owner_api_key) } : {}) }]),
          );
    const config = {
      base_url: reference.urls.base,
      v2_base_url: reference.urls.v2,
      fixtures: { api_keys: keys, app_tokens: org.app_tokens, ...(channels === undefined ? {} : { channels }) },
    };
    const configPath = join(options.dir, 'target.yaml');
    await writeFile(configPath, stringify(config));
    return { configPath, baseUrl: reference.urls.base, close: () => reference.close() };
  } catch (error) {
    await reference.close();
    throw error;
  }
}
