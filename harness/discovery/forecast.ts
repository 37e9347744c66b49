// What a set-up can verify, by the run's own needs logic (harness/check/needs.ts unmetNeed over the checks'
// declared needs): the forecast of `mcs coverage --needs --config`, `mcs doctor`, `mcs init` and the next steps.
import { unmetNeed, type Need, type Offer } from '../check/needs.js';

/** A check as its declaration gives it: id, clauses, needs. */
export interface DeclaredNeeds {
  id: string;
  clauses: readonly string[];
  needs: readonly string[];
}


/**
 * The clauses a run of `setUp` can verify, by the run's own needs logic (harness/check/needs.ts unmetNeed): those
 * whose every citing check has all its declared needs met. What a check finds missing only as it runs is not
 * counted here.
 */
export function forecastVerifiable(checks: readonly DeclaredNeeds[], setUp: Offer): { verifiable: Set<string>; unmet: Map<string, string> } {
  const unmet = new Map<string, string>();
  for (const check of checks) {
    const reason = unmetNeed(check.needs as Need[], setUp);
    if (reason !== undefined) unmet.set(check.id, reason);
  }
  const blocked = new Set<string>();
  const cited = new Set<string>();
  for (const check of checks) {
    for (const clause of check.clauses) {
      cited.add(clause);
      if (unmet.has(check.id)) blocked.add(clause);
    }
  }
  return { verifiable: new Set([...cited].filter((clause) => !blocked.has(clause))), unmet };
}

/** The suites' checks as they declare themselves (the check catalog, cached between runs). */
export async function declaredChecks(): Promise<DeclaredNeeds[]> {
  const { checkCatalog } = await import('../runner/check-catalog.js');
  const { projectRoot } = await import('../runner/paths.js');
  return (await checkCatalog(`${projectRoot}/suites/vitest.config.ts`)).checks.map((check) => ({ id: check.id, clauses: check.clauses, needs: check.needs }));
}
