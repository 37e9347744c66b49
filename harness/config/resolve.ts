// The target configuration of a run: flags > environment > config file, validated, normalized.
import { readFile } from 'node:fs/promises';
import { dirname, resolve as resolvePath } from 'node:path';
import { ConfigError } from './errors.js';
import { layerFromEnv, layerFromFile, layerFromFlags, mergeLayers, type ConfigLayer, type TargetFlags } from './layers.js';
import { defaultMaxDurationS, defaultTimeoutMs, type ConfigFixtures, type TargetConfig } from './types.js';
import { validateConfig } from './validate.js';
import type { Target } from '../../results/model.js';
import { maskUrl, registerConfigSecrets, registerUrlSecrets } from '../http/mask.js';
import { requestRoot } from '../http/url.js';
import { parseListen } from '../webhooks/listen.js';

export interface ResolveInput {
  flags: TargetFlags;
  env: Record<string, string | undefined>;
  /** `--config` (or MCS_CONFIG): path of a YAML config file. */
  configPath?: string;
  /** The target's URLs come later, from a container started for the run (`targetAt`): `target` is then undefined. */
  urlsLater?: boolean;
}

/** Where the target's APIs are, in place of the URL sources (a container started for the run). */
export interface TargetUrls {
  base: string;
  v2?: string;
  control?: string;
}

export type WebhookSettings = Pick<TargetConfig, 'webhookListen' | 'webhookPublicUrl'>;

/**
 * Everything a run reads from its configuration, resolved once from flags > environment > config file and
 * validated; every command that reaches a target (certify, doctor, coverage --needs, load) and everything
 * downstream reads this one object, so that no setting is merged twice or named twice.
 */
export interface RunSettings {
  /** The configured target; undefined when no source names a base URL (the caller starts the embedded reference), or the URLs come later. */
  target: TargetConfig | undefined;
  /** The timeout of each request phase, for the embedded reference too. */
  timeoutMs: number;
  /** The webhook receiver's address and public URL, for the embedded reference too. */
  webhook: WebhookSettings;
  /** The features the target claims (undefined: every feature). */
  claims?: string[];
  /** The expected-failures file, resolved against the folder of the config file that names it. */
  expectedFailures?: string;
  /** The bound of the whole run in seconds (default 900), and where it came from. */
  maxDuration: { seconds: number; source: string };
  /** How long to wait for a target still starting, in seconds; 0: no wait. */
  waitForTargetS: number;
  /** The target at other URLs (a container's, in place of every URL source), every other setting as resolved. */
  targetAt(urls: TargetUrls): TargetConfig;
}

export async function resolveRunSettings(input: ResolveInput): Promise<RunSettings> {
  const merged = await mergedLayer(input);
  const v = merged.values;
  const settings: RunSettings = {
    target: input.urlsLater === true ? undefined : toTargetConfig(merged),
    timeoutMs: timeoutMsOf(v),
    webhook: webhookSettingsOf(v),
    maxDuration: maxDurationOf(merged),
    waitForTargetS: typeof v.wait_for_target_s === 'number' ? v.wait_for_target_s : 0,
    targetAt(urls) {
      const at = mergeLayers([merged, layerFromFlags({ 'base-url': urls.base, 'v2-base-url': urls.v2, 'control-url': urls.control })]);
      return toTargetConfig(at) as TargetConfig; // a base URL is given, so there is a target
    },
  };
  if (Array.isArray(v.claims)) settings.claims = v.claims as string[];
  if (typeof v.expected_failures === 'string') {
    const origin = merged.origins.expected_failures;
    const configPath = input.configPath ?? input.env.MCS_CONFIG;
    settings.expectedFailures = origin !== undefined && origin === configPath ? resolvePath(dirname(configPath), v.expected_failures) : v.expected_failures;
  }
  return settings;
}

/** Each request phase's timeout: the one read of it, for the run's settings and for its target alike. */
function timeoutMsOf(v: Record<string, unknown>): number {
  return typeof v.timeout_ms === 'number' ? v.timeout_ms : defaultTimeoutMs;
}

function webhookSettingsOf(v: Record<string, unknown>): WebhookSettings {
  const settings: WebhookSettings = {};
  if (typeof v.webhook_listen === 'string') settings.webhookListen = v.webhook_listen;
  if (typeof v.webhook_public_url === 'string') settings.webhookPublicUrl = trimSlash(v.webhook_public_url);
  return settings;
}

function maxDurationOf(merged: ConfigLayer): RunSettings['maxDuration'] {
  const given = merged.values.max_duration_s;
  if (typeof given !== 'number') return { seconds: defaultMaxDurationS, source: `default max duration ${defaultMaxDurationS} s` };
  const origin = merged.origins.max_duration_s ?? 'max_duration_s';
  return { seconds: given, source: `${origin.startsWith('--') || origin.startsWith('MCS_') ? origin : `max_duration_s of ${origin}`} ${given} s` };
}

async function mergedLayer(input: ResolveInput): Promise<ConfigLayer> {
  const layers: ConfigLayer[] = [];
  const configPath = input.configPath ?? input.env.MCS_CONFIG;
  if (configPath !== undefined && configPath !== '') layers.push(layerFromFile(configPath, await readConfigFile(configPath)));
  layers.push(layerFromEnv(input.env), layerFromFlags(input.flags));
  const merged = mergeLayers(layers);
  validateConfig(merged);
  checkAddresses(merged);
  return merged;
}

/** The URL fields: each must parse as a URL (the schema sees only its scheme). */
const urlFields = ['base_url', 'v2_base_url', 'control_url', 'webhook_public_url'] as const;

/**
 * What the schema cannot see, before anything starts: a URL that does not parse (`http://[::1`), a listen
 * address no machine has (`999.1.1.1:99999`). One line naming the field and where it came from; the value
 * is not repeated (a URL may carry a password).
 */
function checkAddresses(layer: ConfigLayer): void {
  const from = (key: string) => (layer.origins[key] === undefined ? '' : ` (from ${layer.origins[key]})`);
  for (const key of urlFields) {
    const value = layer.values[key];
    if (typeof value !== 'string') continue;
    let parsed: URL | undefined;
    try {
      parsed = new URL(value);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || parsed.hostname === '') throw new ConfigError(`${key}${from(key)}: is not a valid URL${value.includes('[') && !value.includes(']') ? ' (an IPv6 host needs its closing ])' : ''}`);
  }
  const listen = layer.values.webhook_listen;
  if (typeof listen === 'string') {
    try {
      parseListen(listen);
    } catch (error) {
      throw new ConfigError(`webhook_listen${from('webhook_listen')}: ${(error as Error).message.replace(/^webhook listen address:? ?/, '')}`);
    }
  }
}

function toTargetConfig(layer: ConfigLayer): TargetConfig | undefined {
  const v = layer.values;
  const baseUrl = v.base_url as string | undefined;
  if (baseUrl === undefined) {
    const orphan = ['v2_base_url', 'control_url', 'control_adapter'].find((key) => v[key] !== undefined);
    if (orphan) throw new ConfigError(`base_url: is required when ${orphan} is given (from ${layer.origins[orphan]}); set --base-url, MCS_BASE_URL or base_url`);
    return undefined;
  }
  for (const key of urlFields) if (typeof v[key] === 'string') registerUrlSecrets(v[key]);
  registerConfigSecrets(v.fixtures);
  const config: TargetConfig = {
    baseUrl,
    v4Url: v4Root(baseUrl),
    timeoutMs: timeoutMsOf(v),
    fixtures: removableLinesAlone((v.fixtures as ConfigFixtures | undefined) ?? {}),
    ...webhookSettingsOf(v),
  };
  if (typeof v.v2_base_url === 'string') config.v2Url = requestRoot(v.v2_base_url);
  if (typeof v.control_url === 'string') config.controlUrl = requestRoot(v.control_url);
  if (typeof v.control_adapter === 'string') config.controlAdapter = v.control_adapter;
  if (typeof v.target_settings === 'object' && v.target_settings !== null) config.targetSettings = { ...(v.target_settings as TargetConfig['targetSettings']) };
  return config;
}

/**
 * A worker's share of the masking (harness/check/run-context.ts): what the target's URLs carry that may be a
 * credential (userinfo, query values), registered in the worker's own registry, as resolving registered the
 * configured URLs in the runner. The v2 and control roots have lost their userinfo already (never sent).
 */
export function registerTargetSecrets(target: TargetConfig): void {
  for (const url of [target.baseUrl, target.v2Url, target.controlUrl, target.webhookPublicUrl]) if (url !== undefined) registerUrlSecrets(url);
}

/** The target as reports show it: userinfo and query values of every URL masked. */
export function reportedTarget(target: TargetConfig, embedded: boolean): Target {
  const reported: Target = { baseUrl: maskUrl(target.baseUrl), embedded };
  if (target.v2Url !== undefined) reported.v2BaseUrl = maskUrl(target.v2Url);
  if (target.controlUrl !== undefined) reported.controlUrl = maskUrl(target.controlUrl);
  return reported;
}

/** The fixtures, unless a line the removal checks may remove is also one other checks use (a spare line or a channel). */
function removableLinesAlone(fixtures: ConfigFixtures): ConfigFixtures {
  const used = new Map<string, string>([
    ...(fixtures.spare_lines ?? []).map((line, i): [string, string] => [line.id, `fixtures.spare_lines[${i}]`]),
    ...Object.entries(fixtures.channels ?? {}).map(([kind, channel]): [string, string] => [channel.id, `fixtures.channels.${kind}`]),
  ]);
  for (const [i, line] of (fixtures.removable_lines ?? []).entries()) {
    const also = used.get(line.id);
    if (also !== undefined) throw new ConfigError(`fixtures.removable_lines[${i}]: ${line.id} is also ${also}; a line the removal checks remove must serve nothing else`);
  }
  return fixtures;
}

/**
 * `{base_url}` serves v4 under `/v4` (description, section 9); a URL whose path already ends in /v4 is the
 * root. The prefix is joined to the path, before any query (harness/http/url.ts).
 */
export function v4Root(baseUrl: string): string {
  return requestRoot(baseUrl, '/v4');
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

async function readConfigFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new ConfigError(`config file ${path}: ${code === 'ENOENT' ? 'not found' : `cannot be read (${code ?? 'error'})`}`);
  }
}
