import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './errors.js';
import { resolveRunSettings, v4Root, type ResolveInput } from './resolve.js';

// Each setting as the one resolution gives it (resolveRunSettings), read one at a time.
const resolveTargetConfig = async (input: ResolveInput) => (await resolveRunSettings(input)).target;
const resolveTimeoutMs = async (input: ResolveInput) => (await resolveRunSettings(input)).timeoutMs;
const resolveWebhookSettings = async (input: ResolveInput) => (await resolveRunSettings(input)).webhook;
async function resolveScopeSettings(input: ResolveInput): Promise<{ claims?: string[]; expectedFailures?: string }> {
  const { claims, expectedFailures } = await resolveRunSettings(input);
  return { ...(claims === undefined ? {} : { claims }), ...(expectedFailures === undefined ? {} : { expectedFailures }) };
}

async function configFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mcs-config-'));
  const file = join(dir, 'mcs.yaml');
  await writeFile(file, text);
  return file;
}

async function errorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('target configuration precedence', () => {
  it('takes flags over environment over file, field by field', async () => {
    const file = await configFile('base_url: http://file.test\nv2_base_url: http://file.test/v2\ncontrol_url: http://file.test/__control\ntimeout_ms: 1000\n');
    const config = await resolveTargetConfig({
      flags: { 'base-url': 'http://flag.test' },
      env: { MCS_BASE_URL: 'http://env.test', MCS_V2_BASE_URL: 'http://env.test/v2' },
      configPath: file,
    });
    expect(config?.baseUrl).toBe('http://flag.test');
    expect(config?.v4Url).toBe('http://flag.test/v4');
    expect(config?.v2Url).toBe('http://env.test/v2');
    expect(config?.controlUrl).toBe('http://file.test/__control');
    expect(config?.timeoutMs).toBe(1000);
  });

  it('replaces only the primary key of the file fixtures with MCS_API_KEY and keeps the channels', async () => {
    const file = await configFile(
      ['base_url: http://file.test', 'fixtures:', '  api_keys: { primary: api_file_primary, secondary: api_file_secondary }', '  channels:', '    whatsapp: { id: ch_wa1 }'].join('\n'),
    );
    const config = await resolveTargetConfig({ flags: {}, env: { MCS_API_KEY: 'api_env_primary' }, configPath: file });
    expect(config?.fixtures.api_keys).toEqual({ primary: 'api_env_primary', secondary: 'api_file_secondary' });
    expect(config?.fixtures.channels?.whatsapp?.id).toBe('ch_wa1');
  });

  it('gives an app token from the environment its listed scopes, or all four', async () => {
    const scoped = await resolveTargetConfig({ flags: { 'base-url': 'http://x.test' }, env: { MCS_APP_TOKEN: 'tok_abcdefgh', MCS_APP_TOKEN_SCOPES: 'numbers:read' } });
    expect(scoped?.fixtures.app_tokens).toEqual([{ token: 'tok_abcdefgh', scopes: ['numbers:read'] }]);
    const full = await resolveTargetConfig({ flags: { 'base-url': 'http://x.test', 'app-token': 'tok_abcdefgh' }, env: {} });
    expect(full?.fixtures.app_tokens?.[0]?.scopes).toHaveLength(4);
  });

  it('has no target without a base URL, so certify starts the embedded reference', async () => {
    expect(await resolveTargetConfig({ flags: {}, env: {} })).toBeUndefined();
    expect(await resolveTimeoutMs({ flags: { timeoutMs: 2500 }, env: {} })).toBe(2500);
  });

  it('reads MCS_CONFIG when --config is absent', async () => {
    const file = await configFile('base_url: http://cfg.test/v4/\n');
    const config = await resolveTargetConfig({ flags: {}, env: { MCS_CONFIG: file } });
    expect(config?.v4Url).toBe('http://cfg.test/v4');
  });
});

describe('target configuration errors: one line naming the field and its source', () => {
  it('names an environment variable', async () => {
    expect(await errorOf(resolveTargetConfig({ flags: {}, env: { MCS_BASE_URL: 'http://x.test', MCS_TIMEOUT_MS: 'soon' } }))).toBe(
      'timeout_ms (from MCS_TIMEOUT_MS): must be integer',
    );
  });

  it('names a flag', async () => {
    expect(await errorOf(resolveTargetConfig({ flags: { 'base-url': 'ftp://x.test' }, env: {} }))).toBe('base_url (from --base-url): must be an http:// or https:// URL');
  });

  it('names a nested field of the config file', async () => {
    const file = await configFile('base_url: http://x.test\nfixtures:\n  app_tokens:\n    - token: tok_abcdefgh\n      scopes: [numbers:write]\n');
    expect(await errorOf(resolveTargetConfig({ flags: {}, env: {}, configPath: file }))).toBe(
      `fixtures.app_tokens[0].scopes[0] (from ${file}): must be one of "apikeys:read", "apikeys:manage", "numbers:read", "numbers:manage"`,
    );
  });

  it('names an unknown field (with the known one it was likely meant to be) and an unknown channel kind', async () => {
    const unknownField = await configFile('base_url: http://x.test\nbase_ulr: http://typo.test\n');
    expect(await errorOf(resolveTargetConfig({ flags: {}, env: {}, configPath: unknownField }))).toBe(`base_ulr (from ${unknownField}): unknown field (did you mean base_url?)`);
    const nested = await configFile('base_url: http://x.test\nfixtures:\n  api_keys: { primray: api_x }\n');
    expect(await errorOf(resolveTargetConfig({ flags: {}, env: {}, configPath: nested }))).toBe(`fixtures.api_keys.primray (from ${nested}): unknown field (did you mean fixtures.api_keys.primary?)`);
    const far = await configFile('base_url: http://x.test\ncolour: blue\n');
    expect(await errorOf(resolveTargetConfig({ flags: {}, env: {}, configPath: far }))).toBe(`colour (from ${far}): unknown field`);
    const unknownKind = await configFile('base_url: http://x.test\nfixtures:\n  channels:\n    telegram: { id: ch_1 }\n');
    expect(await errorOf(resolveTargetConfig({ flags: {}, env: {}, configPath: unknownKind }))).toBe(`fixtures.channels (from ${unknownKind}): has an unknown key 'telegram' (known: native-shared, native-dedicated, native-dedicated-nocard, native-inbound, sms_provider, whatsapp, rcs, amb)`);
  });

  it('refuses a removable line that is also a spare line or a channel', async () => {
    const spare = await configFile('base_url: http://x.test\nfixtures:\n  spare_lines:\n    - { id: ch_a, address: "+14155550101" }\n  removable_lines:\n    - { id: ch_b, address: "+14155550102" }\n    - { id: ch_a, address: "+14155550101" }\n');
    expect(await errorOf(resolveTargetConfig({ flags: {}, env: {}, configPath: spare }))).toBe('fixtures.removable_lines[1]: ch_a is also fixtures.spare_lines[0]; a line the removal checks remove must serve nothing else');
    const channel = await configFile('base_url: http://x.test\nfixtures:\n  channels:\n    native-dedicated: { id: ch_c }\n  removable_lines:\n    - { id: ch_c, address: "+14155550103" }\n');
    expect(await errorOf(resolveTargetConfig({ flags: {}, env: {}, configPath: channel }))).toMatch(/ch_c is also fixtures\.channels\.native-dedicated/);
  });

  it('names a missing required field', async () => {
    const file = await configFile('base_url: http://x.test\nfixtures:\n  app_tokens:\n    - token: tok_abcdefgh\n');
    expect(await errorOf(resolveTargetConfig({ flags: {}, env: {}, configPath: file }))).toBe(`fixtures.app_tokens[0].scopes (from ${file}): is required`);
  });

  it('refuses a control URL without a base URL', async () => {
    expect(await errorOf(resolveTargetConfig({ flags: { 'control-url': 'http://x.test/__control' }, env: {} }))).toMatch(/^base_url: is required when control_url is given \(from --control-url\)/);
  });

  it('reports a missing or unparsable file in one line', async () => {
    expect(await errorOf(resolveTargetConfig({ flags: {}, env: {}, configPath: '/nonexistent/mcs.yaml' }))).toBe('config file /nonexistent/mcs.yaml: not found');
    const bad = await configFile('base_url: [unclosed\n');
    expect(await errorOf(resolveTargetConfig({ flags: {}, env: {}, configPath: bad }))).toMatch(/^config file .*: not valid YAML \(/);
  });
});

describe('webhook receiver settings', () => {
  it('takes --webhook-listen and --webhook-public-url over the environment, for a target and for the embedded reference', async () => {
    const env = { MCS_WEBHOOK_LISTEN: '0.0.0.0:9001', MCS_WEBHOOK_PUBLIC_URL: 'https://env.tunnel.test/' };
    const config = await resolveTargetConfig({ flags: { 'base-url': 'http://x.test', 'webhook-listen': '[::1]:9002' }, env });
    expect(config?.webhookListen).toBe('[::1]:9002');
    expect(config?.webhookPublicUrl).toBe('https://env.tunnel.test');
    expect(await resolveWebhookSettings({ flags: {}, env })).toEqual({ webhookListen: '0.0.0.0:9001', webhookPublicUrl: 'https://env.tunnel.test' });
    expect(await resolveWebhookSettings({ flags: {}, env: {} })).toEqual({});
  });

  it('refuses a listen address that is not host:port, naming its source', async () => {
    expect(await errorOf(resolveWebhookSettings({ flags: { 'webhook-listen': '9001' }, env: {} }))).toBe('webhook_listen (from --webhook-listen): must be host:port (an IPv6 host in brackets)');
    expect(await errorOf(resolveWebhookSettings({ flags: {}, env: { MCS_WEBHOOK_PUBLIC_URL: 'tunnel.test' } }))).toBe('webhook_public_url (from MCS_WEBHOOK_PUBLIC_URL): must be an http:// or https:// URL');
  });
});

describe('v4Root', () => {
  it('appends /v4 to {base_url} unless the URL already ends with it', () => {
    expect(v4Root('http://h:1')).toBe('http://h:1/v4');
    expect(v4Root('http://h:1/')).toBe('http://h:1/v4');
    expect(v4Root('http://h:1/v4/')).toBe('http://h:1/v4');
  });
});

describe('claims and expected failures in the configuration', () => {
  it('reads claims and an expected-failures path (relative to the config file) from the file', async () => {
    const file = await configFile('claims: [core, v2]\nexpected_failures: known.yaml\n');
    expect(await resolveScopeSettings({ flags: {}, env: {}, configPath: file })).toEqual({ claims: ['core', 'v2'], expectedFailures: join(dirname(file), 'known.yaml') });
  });

  it('takes --claim and --expected-failures over MCS_CLAIMS and the file', async () => {
    const file = await configFile('claims: [core]\nexpected_failures: known.yaml\n');
    expect(await resolveScopeSettings({ flags: {}, env: { MCS_CLAIMS: 'v2, polls' }, configPath: file })).toMatchObject({ claims: ['v2', 'polls'] });
    expect(await resolveScopeSettings({ flags: { claim: ['whatsapp'], 'expected-failures': 'mine.yaml' }, env: { MCS_CLAIMS: 'v2' }, configPath: file })).toEqual({ claims: ['whatsapp'], expectedFailures: 'mine.yaml' });
  });

  it('refuses a claims field that is not a list of names', async () => {
    expect(await errorOf(resolveScopeSettings({ flags: {}, env: {}, configPath: await configFile('claims: v2\n') }))).toMatch(/^claims \(from .*\): must be array$/);
  });
});

describe('the target at a container\'s URLs', () => {
  it('puts the URLs in place of every URL source and keeps every other setting', async () => {
    const file = await configFile('base_url: http://file.test\nv2_base_url: http://file.test/v2\ntimeout_ms: 1500\nfixtures:\n  api_keys:\n    primary: api_file_primary\n');
    const settings = await resolveRunSettings({ flags: {}, env: {}, configPath: file, urlsLater: true });
    expect(settings.target).toBeUndefined();
    const target = settings.targetAt({ base: 'http://127.0.0.1:9000', v2: 'http://127.0.0.1:9000/v2', control: 'http://127.0.0.1:9000/__control' });
    expect(target).toMatchObject({ baseUrl: 'http://127.0.0.1:9000', v4Url: 'http://127.0.0.1:9000/v4', v2Url: 'http://127.0.0.1:9000/v2', controlUrl: 'http://127.0.0.1:9000/__control', timeoutMs: 1500 });
    expect(target.fixtures.api_keys?.primary).toBe('api_file_primary');
  });

  it('takes a control adapter without a base URL when the URLs come later, and refuses it otherwise', async () => {
    const flags = { 'control-adapter': './adapter.mjs' };
    expect((await resolveRunSettings({ flags, env: {}, urlsLater: true })).targetAt({ base: 'http://127.0.0.1:9000' }).controlAdapter).toBe('./adapter.mjs');
    expect(await errorOf(resolveRunSettings({ flags, env: {} }))).toMatch(/^base_url: is required when control_adapter is given/);
  });
});
