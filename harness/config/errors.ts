/** A configuration mistake: one line naming the field and where it came from. The CLI exits 2 on it. */
export class ConfigError extends Error {
  readonly code = 'MCS_CONFIG';
}
