// The flags that name a target and its credentials, the same wherever a command reaches a target from a config
// or flags (`mcs certify`, `mcs doctor`): one list, so that the two never disagree on a flag's name or type.
export const targetFlags = {
  config: { type: 'string' },
  'base-url': { type: 'string' },
  'v2-base-url': { type: 'string' },
  'control-url': { type: 'string' },
  'control-adapter': { type: 'string' },
  'api-key': { type: 'string' },
  'app-token': { type: 'string' },
  'request-timeout': { type: 'string' },
  /** The old form of --request-timeout, in milliseconds (cli/durations.ts). */
  timeout: { type: 'string' },
} as const;
