import { errorCodes, McsError } from '../../spec/errors.js';

/** A configuration mistake: one line naming the field and where it came from. The CLI exits 2 on it. */
export class ConfigError extends McsError {
  override name = 'ConfigError';
  override readonly code = errorCodes.config;
}
