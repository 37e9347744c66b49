// The three sources of a target configuration, each turned into the config file's shape (a "layer") with
// a label per top-level field saying where it came from, so that a validation error can name its source.
import { parse } from 'yaml';
import { ConfigError } from './errors.js';

export type RawConfig = Record<string, unknown>;

export interface ConfigLayer {
  /** Values in the config file's shape. */
  values: RawConfig;
  /** Where each top-level field came from, e.g. `MCS_TIMEOUT_MS` or `--timeout` or `config.yaml`. */
  origins: Record<string, string>;
}

/**
 * The flags that describe the target, by the flag's own name as parsed (cli/target-flags.ts declares them), so
 * that `--base-url` is `'base-url'` up to this layer and `base_url`, the config file's name, after it. Undefined
 * when not given. A command passes its parsed flags as they are; this layer reads only these.
 */
export interface TargetFlags {
  'base-url'?: string;
  'v2-base-url'?: string;
  'control-url'?: string;
  'control-adapter'?: string;
  'api-key'?: string;
  'app-token'?: string;
  /** The request timeout in milliseconds, already read from --request-timeout or its old form --timeout (cli/durations.ts). */
  timeoutMs?: number;
  /** In seconds, as text (cli/durations.ts). */
  'max-duration'?: string;
  /** In seconds, as text (cli/durations.ts). */
  'wait-for-target'?: string;
  'webhook-listen'?: string;
  'webhook-public-url'?: string;
  /** Repeated --claim. */
  claim?: string[];
  'expected-failures'?: string;
}

export function layerFromFlags(flags: TargetFlags): ConfigLayer {
  const layer = emptyLayer();
  set(layer, 'base_url', flags['base-url'], '--base-url');
  set(layer, 'v2_base_url', flags['v2-base-url'], '--v2-base-url');
  set(layer, 'control_url', flags['control-url'], '--control-url');
  set(layer, 'control_adapter', flags['control-adapter'], '--control-adapter');
  set(layer, 'timeout_ms', flags.timeoutMs, '--timeout');
  set(layer, 'max_duration_s', numberOrText(flags['max-duration']), '--max-duration');
  set(layer, 'wait_for_target_s', numberOrText(flags['wait-for-target']), '--wait-for-target');
  set(layer, 'webhook_listen', flags['webhook-listen'], '--webhook-listen');
  set(layer, 'webhook_public_url', flags['webhook-public-url'], '--webhook-public-url');
  set(layer, 'claims', flags.claim !== undefined && flags.claim.length > 0 ? flags.claim : undefined, '--claim');
  set(layer, 'expected_failures', flags['expected-failures'], '--expected-failures');
  setCredentials(layer, flags['api-key'], flags['app-token'], undefined, '--api-key', '--app-token');
  return layer;
}

export function layerFromEnv(env: Record<string, string | undefined>): ConfigLayer {
  const layer = emptyLayer();
  set(layer, 'base_url', nonEmpty(env.MCS_BASE_URL), 'MCS_BASE_URL');
  set(layer, 'v2_base_url', nonEmpty(env.MCS_V2_BASE_URL), 'MCS_V2_BASE_URL');
  set(layer, 'control_url', nonEmpty(env.MCS_CONTROL_URL), 'MCS_CONTROL_URL');
  set(layer, 'control_adapter', nonEmpty(env.MCS_CONTROL_ADAPTER), 'MCS_CONTROL_ADAPTER');
  set(layer, 'timeout_ms', numberOrText(nonEmpty(env.MCS_TIMEOUT_MS)), 'MCS_TIMEOUT_MS');
  set(layer, 'max_duration_s', numberOrText(nonEmpty(env.MCS_MAX_DURATION_S)), 'MCS_MAX_DURATION_S');
  set(layer, 'wait_for_target_s', numberOrText(nonEmpty(env.MCS_WAIT_FOR_TARGET_S)), 'MCS_WAIT_FOR_TARGET_S');
  set(layer, 'webhook_listen', nonEmpty(env.MCS_WEBHOOK_LISTEN), 'MCS_WEBHOOK_LISTEN');
  set(layer, 'webhook_public_url', nonEmpty(env.MCS_WEBHOOK_PUBLIC_URL), 'MCS_WEBHOOK_PUBLIC_URL');
  set(layer, 'claims', nonEmpty(env.MCS_CLAIMS)?.split(',').map((s) => s.trim()).filter((s) => s !== ''), 'MCS_CLAIMS');
  set(layer, 'expected_failures', nonEmpty(env.MCS_EXPECTED_FAILURES), 'MCS_EXPECTED_FAILURES');
  const scopes = nonEmpty(env.MCS_APP_TOKEN_SCOPES)
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  setCredentials(layer, nonEmpty(env.MCS_API_KEY), nonEmpty(env.MCS_APP_TOKEN), scopes, 'MCS_API_KEY', 'MCS_APP_TOKEN');
  return layer;
}

export function layerFromFile(path: string, text: string): ConfigLayer {
  let values: unknown;
  try {
    values = parse(text);
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new ConfigError(`config file ${path}: not valid YAML (${first})`);
  }
  if (values === null || values === undefined) values = {};
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw new ConfigError(`config file ${path}: must be a mapping of fields (base_url, v2_base_url, ...)`);
  }
  const origins: Record<string, string> = {};
  for (const key of Object.keys(values)) origins[key] = path;
  return { values: values as RawConfig, origins };
}

/**
 * Later layers win field by field (flags > env > file). Fixtures merge one level deeper, so that
 * MCS_API_KEY replaces only the primary key of a config file and keeps its channels.
 */
export function mergeLayers(layers: readonly ConfigLayer[]): ConfigLayer {
  const merged = emptyLayer();
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer.values)) {
      if (value === undefined) continue;
      const origin = layer.origins[key] ?? 'unknown source';
      const previous = merged.values[key];
      merged.values[key] = key === 'fixtures' && isRecord(previous) && isRecord(value) ? mergeFixtures(previous, value) : value;
      merged.origins[key] = key === 'fixtures' && previous !== undefined ? `${merged.origins[key]} and ${origin}` : origin;
    }
  }
  return merged;
}

function mergeFixtures(base: RawConfig, over: RawConfig): RawConfig {
  const result: RawConfig = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const previous = result[key];
    if (key === 'api_keys' && isRecord(previous) && isRecord(value)) result[key] = { ...previous, ...value };
    else if (key === 'app_tokens' && Array.isArray(previous) && Array.isArray(value)) result[key] = [...value, ...previous];
    else if (key === 'channels' && isRecord(previous) && isRecord(value)) result[key] = { ...previous, ...value };
    else result[key] = value;
  }
  return result;
}

function setCredentials(
  layer: ConfigLayer,
  apiKey: string | undefined,
  appToken: string | undefined,
  tokenScopes: string[] | undefined,
  keyOrigin: string,
  tokenOrigin: string,
): void {
  if (apiKey === undefined && appToken === undefined) return;
  const fixtures: RawConfig = {};
  if (apiKey !== undefined) fixtures.api_keys = { primary: apiKey };
  // A token given without its scopes is taken to hold all four: the usual full-consent token. If it holds
  // fewer, the checks that rely on a scope fail visibly rather than pass wrongly.
  if (appToken !== undefined) {
    fixtures.app_tokens = [{ token: appToken, scopes: tokenScopes ?? ['apikeys:read', 'apikeys:manage', 'numbers:read', 'numbers:manage'] }];
  }
  layer.values.fixtures = fixtures;
  layer.origins.fixtures = [apiKey !== undefined ? keyOrigin : '', appToken !== undefined ? tokenOrigin : ''].filter(Boolean).join(' and ');
}

function set(layer: ConfigLayer, key: string, value: unknown, origin: string): void {
  if (value === undefined) return;
  layer.values[key] = value;
  layer.origins[key] = origin;
}

/** Digits become a number; anything else stays text so that the schema names the mistake. */
function numberOrText(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function emptyLayer(): ConfigLayer {
  return { values: {}, origins: {} };
}

function isRecord(value: unknown): value is RawConfig {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
