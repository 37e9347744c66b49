// Where a load run goes: the configured target (flags > environment > config file, the same sources as
// certify), or the embedded reference when none is configured. The reference is started by the caller
// (cli/commands/load.ts), because load/ never imports reference/.
import { resolveRunSettings } from '../../../harness/config/resolve.js';
import { assertTargetsAllowed } from '../../../load/guard.js';
import type { Target } from '../../../load/types.js';
import { configPathOf } from '../../target-flags.js';
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

export async function resolveTarget(v: RunFlagValues, timeoutMs: number | undefined, allowRemote: boolean, startEmbedded: StartEmbedded, needsApi: boolean): Promise<ResolvedTarget> {
  const secretEnv = v['secret-env'] ?? 'MCS_SIGNING_SECRET';
  const receiver = { receiverUrl: v['receiver-url'], receiverSecret: process.env[secretEnv] };
  const { target: config } = await resolveRunSettings({ flags: { ...v, timeoutMs }, env: process.env, ...configPathOf(v) });
  assertTargetsAllowed([config?.v4Url, config?.v2Url, config?.controlUrl, receiver.receiverUrl], allowRemote);
  if (config !== undefined) {
    const target: Target = { v4Url: config.v4Url, ...receiver };
    if (config.v2Url !== undefined) target.v2Url = config.v2Url;
    if (config.controlUrl !== undefined) target.controlUrl = config.controlUrl;
    const apiKey = config.fixtures.api_keys?.primary;
    if (apiKey !== undefined) target.apiKey = apiKey;
    return { target, timeoutMs: config.timeoutMs, embedded: false, close: async () => undefined };
  }
  if (!needsApi) return { target: { v4Url: 'http://127.0.0.1/', ...receiver }, timeoutMs: 10_000, embedded: false, close: async () => undefined };
  const reference = await startEmbedded();
  return {
    target: { v4Url: reference.urls.v4, v2Url: reference.urls.v2, controlUrl: reference.urls.control, ...receiver },
    timeoutMs: 10_000,
    embedded: true,
    close: () => reference.close(),
  };
}
