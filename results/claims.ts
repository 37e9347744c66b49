// Claims: which features (spec/clauses.yaml `features`) a target says it implements, and so which checks
// and clauses are in the scope of its certificate. `core` is always claimed; no claims means every feature.
import { errorCodes, McsError } from '../spec/errors.js';
import { clauseIndex, coreFeature, loadFeatures, type Clause, type Feature } from '../spec/index.js';
import { operationClauses } from '../spec/operation-clauses.js';
import { unknownNameMessage } from '../text/nearest.js';

export class ClaimError extends McsError {
  override name = 'ClaimError';
  override readonly code = errorCodes.claim;
}

/**
 * Checks generated once per channel kind end their id with the kind (`...settings-unsupported.put.whatsapp`):
 * they exercise that kind's feature besides their clauses' (AMBIGUITIES.md, Features).
 */
const kindFeatures: Readonly<Record<string, string>> = { whatsapp: 'whatsapp', rcs: 'rcs', sms_provider: 'sms-provider', amb: 'business-chat' };

/** The claims of a run: the features named (unknown ones refused, with the nearest names) plus core, in the
 * order of clauses.yaml; every feature when none is named. */
export function resolveClaims(named: readonly string[] | undefined, features: readonly Feature[] = loadFeatures()): string[] {
  const ids = features.map((feature) => feature.id);
  if (named === undefined || named.length === 0) return ids;
  for (const name of named) if (!ids.includes(name)) throw new ClaimError(unknownNameMessage('claim', name, ids));
  return ids.filter((id) => id === coreFeature || named.includes(id));
}

/** The features a check exercises: those of the clauses it cites (an unknown clause counts as core), of
 * the channel kind its id ends with, and of the operation its id ends with (checks generated once per operation,
 * `auth/...-401.v4.purchaseNativeNumbers`: an operation of an optional feature's endpoints exercises it, as its
 * own clause in spec/operation-clauses.ts says). */
export function featuresOfCheck(check: { id: string; clauses: readonly string[] }, clauses: ReadonlyMap<string, Clause> = clauseIndex()): string[] {
  const features = new Set(check.clauses.map((id) => clauses.get(id)?.feature ?? coreFeature));
  const last = check.id.split('.').at(-1) ?? '';
  const kind = kindFeatures[last];
  if (kind !== undefined) features.add(kind);
  const operationClause = Object.hasOwn(operationClauses, last) ? operationClauses[last] : undefined;
  const operationFeature = operationClause === undefined ? undefined : clauses.get(operationClause)?.feature;
  if (operationFeature !== undefined && operationFeature !== coreFeature) features.add(operationFeature);
  if (features.size === 0) features.add(coreFeature);
  return [...features];
}

/** The first feature of the check that is not claimed, or undefined when all are (or claims are absent). */
export function unclaimedFeature(check: { id: string; clauses: readonly string[] }, claims: readonly string[] | undefined, clauses?: ReadonlyMap<string, Clause>): string | undefined {
  if (claims === undefined) return undefined;
  return featuresOfCheck(check, clauses).find((feature) => !claims.includes(feature));
}

export function notClaimedReason(feature: string): string {
  return `feature ${feature} not claimed`;
}
