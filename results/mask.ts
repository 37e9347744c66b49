// How a secret looks once masked, in every record of a run. The harness masks as it records; reports mask
// again before anything leaves the machine (reports/redact.ts). Both read this module, so neither imports
// the other.

/** The marker every masked value carries: a value holding it was masked already. */
export const MASK_MARK = '(masked)';
const MASK_SUFFIX = `…${MASK_MARK}`;

/** `api_abcdef123456` -> `api_ab…(masked)`: enough to tell keys apart, never enough to use one. */
export function maskSecret(secret: string): string {
  const keep = Math.min(6, Math.floor(secret.length / 3));
  return `${secret.slice(0, keep)}${MASK_SUFFIX}`;
}

/** `Bearer api_abcdef123456` -> `Bearer api_ab…(masked)`; a value without a scheme is masked whole. */
export function maskAuthorization(value: string): string {
  const match = /^(\S+)\s+(.+)$/.exec(value);
  if (!match) return maskSecret(value);
  return `${match[1]} ${maskSecret(match[2] ?? '')}`;
}
