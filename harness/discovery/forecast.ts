// What a set-up can verify, by the run's own needs logic (harness/check/needs.ts unmetNeed over the checks'
// declared needs) within the run's scope: the forecast of `mcs coverage --needs --config`, `mcs doctor`, `mcs init`,
// certify's lines before its first check and the next steps of its summary, so that each says the same count.
import { clauseIndex, coreFeature, type Clause } from '../../spec/index.js';
import { unclaimedFeature } from '../../results/claims.js';
import { unmetNeed, type Need, type Offer } from '../check/needs.js';
import { isSelected, type Selection } from '../runner/selection.js';

/** A check as its declaration gives it: id, clauses, needs. */
export interface DeclaredNeeds {
  id: string;
  clauses: readonly string[];
  needs: readonly string[];
}


/** What a forecast counts: the run's claims (default every feature) and its --only/--skip (default none). */
export interface ForecastScope {
  claims?: readonly string[];
  selection?: Selection;
  /** The clauses of spec/clauses.yaml (tests give their own). */
  clauses?: ReadonlyMap<string, Clause>;
}

export interface Forecast {
  /** The clauses in the run's scope, as its coverage will count them (results/coverage.ts): claimed and
   * cited by a claimed check (or cited by none and not untestable: no check yet); for a run narrowed by
   * --only/--skip, only those its selected checks cite. */
  inScope: Set<string>;
  /** The in-scope clauses whose every citing check has its declared needs met. */
  verifiable: Set<string>;
  /** The reason of each check whose declared needs are not met. */
  unmet: Map<string, string>;
}

/**
 * The clauses a run of `setUp` can verify, by the run's own needs logic (harness/check/needs.ts unmetNeed) and
 * its own scope (claims, --only/--skip), before it runs: those whose every citing check has all its declared
 * needs met. What a check finds missing only as it runs is not counted here.
 */
export function forecastScope(checks: readonly DeclaredNeeds[], setUp: Offer, scope: ForecastScope = {}): Forecast {
  const index = scope.clauses ?? clauseIndex();
  const claimedFeature = (clause: string) => scope.claims === undefined || scope.claims.includes(index.get(clause)?.feature ?? coreFeature);
  const narrowed = scope.selection !== undefined && (scope.selection.only.length > 0 || scope.selection.skip.length > 0);
  const unmet = new Map<string, string>();
  const inScope = new Set<string>();
  const blocked = new Set<string>();
  const cited = new Set<string>();
  for (const check of checks) {
    for (const clause of check.clauses) cited.add(clause);
    if (narrowed && !isSelected(scope.selection as Selection, selectable(check))) continue;
    if (unclaimedFeature(check, scope.claims, index) !== undefined) continue;
    const reason = unmetNeed(check.needs as Need[], setUp);
    if (reason !== undefined) unmet.set(check.id, reason);
    for (const clause of check.clauses) {
      if (!claimedFeature(clause)) continue;
      inScope.add(clause);
      if (reason !== undefined) blocked.add(clause);
    }
  }
  // A claimed clause no check cites and clauses.yaml does not call untestable: no check yet, never verified.
  const uncovered = narrowed ? [] : [...index.values()].filter((clause) => !cited.has(clause.id) && clause.untestable === undefined && claimedFeature(clause.id));
  for (const clause of uncovered) {
    inScope.add(clause.id);
    blocked.add(clause.id);
  }
  return { inScope, verifiable: new Set([...inScope].filter((clause) => !blocked.has(clause))), unmet };
}

/** A check's id as --only/--skip read it: `area/name`. */
function selectable(check: DeclaredNeeds) {
  const slash = check.id.indexOf('/');
  return { area: check.id.slice(0, slash), name: check.id.slice(slash + 1), clauses: check.clauses };
}

/** The suites' checks as they declare themselves (the check catalog, cached between runs). */
export async function declaredChecks(): Promise<DeclaredNeeds[]> {
  const { checkCatalog } = await import('../runner/check-catalog.js');
  const { projectRoot } = await import('../runner/paths.js');
  return (await checkCatalog(`${projectRoot}/suites/vitest.config.ts`)).checks.map((check) => ({ id: check.id, clauses: check.clauses, needs: check.needs }));
}
