// docs/target.example.yaml, which the README points to, is a configuration `mcs certify --config` accepts,
// and shows every field of the configuration schema.
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { resolveRunSettings } from '../../harness/config/resolve.js';

const examplePath = fileURLToPath(new URL('../../docs/target.example.yaml', import.meta.url));
const schema = JSON.parse(readFileSync(new URL('../../harness/config/config.schema.json', import.meta.url), 'utf8')) as {
  properties: Record<string, unknown>;
  $defs: { fixtures: { properties: Record<string, unknown> } };
};

describe('docs/target.example.yaml', () => {
  it('is accepted by the configuration loader (validated against harness/config/config.schema.json)', async () => {
    const { target } = await resolveRunSettings({ flags: {}, env: {}, configPath: examplePath });
    expect(target).toMatchObject({ baseUrl: 'https://sandbox.example.com', v4Url: 'https://sandbox.example.com/v4', timeoutMs: 15000 });
    expect(target?.fixtures.api_keys?.secondary).toBeDefined();
  });

  it('shows every field of the schema, but the control URL and adapter it explains (so that a new field gets documented)', () => {
    const example = parse(readFileSync(examplePath, 'utf8')) as Record<string, Record<string, unknown>>;
    expect(Object.keys(schema.properties).filter((field) => !(field in example))).toEqual(['control_url', 'control_adapter']);
    expect(readFileSync(examplePath, 'utf8')).toContain('# control_url: ');
    expect(readFileSync(examplePath, 'utf8')).toContain('# control_adapter: ');
    expect(Object.keys(schema.$defs.fixtures.properties).filter((field) => !(field in (example.fixtures ?? {})))).toEqual([]);
  });

  it('is refused when it breaks the schema, so the test above means something', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'mcs-example-')), 'target.yaml');
    await writeFile(path, `${readFileSync(examplePath, 'utf8')}\nunknown_field: 1\n`);
    await expect(resolveRunSettings({ flags: {}, env: {}, configPath: path })).rejects.toThrow(/unknown_field/);
  });
});
