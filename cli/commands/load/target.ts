// Where a load run goes: the configured target (flags > environment > config file, the same sources as
// certify), or the embedded reference when none is configured. The reference is started by the caller
// (cli/commands/load.ts), because load/ never imports reference/.
import { resolveTargetConfig } from '../../../harness/config/resolve.js';
import { assertTargetsAllowed } from '../../../load/guard.js';
import type { Target } from '../../../load/types.js';
import type { RunFlagValues } from './options.js';

export interface EmbeddedTarget {
  urls: { v4: string; v2: string; control: string };
  close(): Promise<void>;
}

export type StartEmbedded = () => Promise<EmbeddedTarget>;

export interface ResolvedTarget {
  target: Target;
  timeoutMs: number;
  embedded: boolean;
  close(): Promise<void>;
}

export async function resolveTarget(v: RunFlagValues, allowRemote: boolean, startEmbedded: StartEmbedded, needsApi: boolean): Promise<ResolvedTarget> {
  const secretEnv = v['secret-env'] ?? 'MCS_SIGNING_SECRET';
  const receiver = { receiverUrl: v['receiver-url'], receiverSecret: process.env[secretEnv] };
  const input = {
    flags: { baseUrl: v['base-url'], v2BaseUrl: v['v2-base-url'], controlUrl: v['control-url'], apiKey: v['api-key'], timeout: v.timeout },
    env: process.env,
    ...(v.config === undefined ? {} : { configPath: v.config }),
  };
  const config = await resolveTargetConfig(input);
  assertTargetsAllowed([config?.v4Url, config?.v2Url, config?.controlUrl, receiver.receiverUrl], allowRemote);
  if (config !== undefined) {
    const target: Target = { baseUrl: config.v4Url, ...receiver };
    if (config.v2Url !== undefined) target.v2BaseUrl = config.v2Url;
    if (config.controlUrl !== undefined) target.controlUrl = config.controlUrl;
    const apiKey = config.fixtures.api_keys?.primary;
    if (apiKey !== undefined) target.apiKey = apiKey;
    return { target, timeoutMs: config.timeoutMs, embedded: false, close: async () => undefined };
  }
  if (!needsApi) return { target: { baseUrl: 'http://127.0.0.1/', ...receiver }, timeoutMs: 10_000, embedded: false, close: async () => undefined };
  const reference = await startEmbedded();
  return {
    target: { baseUrl: reference.urls.v4, v2BaseUrl: reference.urls.v2, controlUrl: reference.urls.control, ...receiver },
    timeoutMs: 10_000,
    embedded: true,
    close: () => reference.close(),
  };
}
