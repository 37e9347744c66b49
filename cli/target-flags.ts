// The flags that name a target and its credentials, declared once for every command that reaches a target
// (`mcs certify`, `mcs doctor`, `mcs load`). A command hands its parsed flags to the configuration as they are
// (harness/config/layers.ts TargetFlags reads them by these names): a flag of one name means the same in every
// command, and `--base-url` is `'base-url'` until the config file's `base_url`.

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

/** The config file a command reads, as the configuration's sources take it (`--config`; else MCS_CONFIG). */
export function configPathOf(values: TargetFlagValues): { configPath?: string } {
  return values.config === undefined ? {} : { configPath: values.config };
}
