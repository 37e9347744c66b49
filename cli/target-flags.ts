// The flags that name a target and its credentials, declared once for every command that reaches a target
// (`mcs certify`, `mcs doctor`, `mcs load`), and their one mapping to the configuration's sources
// (harness/config/layers.ts TargetFlags): a flag keeps its name from here to the transport.
import type { TargetFlags } from '../harness/config/layers.js';

/** Where the target is, and the key that opens it: what every command reaching a target takes. */
export const targetUrlFlags = {
  config: { type: 'string' },
  'base-url': { type: 'string' },
  'v2-base-url': { type: 'string' },
  'control-url': { type: 'string' },
  'api-key': { type: 'string' },
} as const;

/** The URL flags, and what a certification also takes: a control adapter, an app token, the request timeout. */
export const targetFlags = {
  ...targetUrlFlags,
  'control-adapter': { type: 'string' },
  'app-token': { type: 'string' },
  'request-timeout': { type: 'string' },
  /** The old form of --request-timeout, in milliseconds (cli/durations.ts). */
  timeout: { type: 'string' },
} as const;

export type TargetFlagValues = { readonly [K in keyof typeof targetFlags]?: string };

/**
 * The target flags as the configuration's flag layer reads them. `timeoutMs` is the request timeout already
 * read from --request-timeout or its old form (cli/durations.ts), so that a warning about the old form is given once.
 */
export function targetFlagsOf(values: TargetFlagValues, timeoutMs: number | undefined): TargetFlags {
  return {
    baseUrl: values['base-url'],
    v2BaseUrl: values['v2-base-url'],
    controlUrl: values['control-url'],
    controlAdapter: values['control-adapter'],
    apiKey: values['api-key'],
    appToken: values['app-token'],
    timeout: timeoutMs === undefined ? undefined : String(timeoutMs),
  };
}

/** The config file a command reads, as the configuration's sources take it (`--config`; else MCS_CONFIG). */
export function configPathOf(values: TargetFlagValues): { configPath?: string } {
  return values.config === undefined ? {} : { configPath: values.config };
}
