// Which names a run's inputs may use (--only/--skip entries, expected-failures ids), checked before anything
// runs: a typo must be bad input (exit 2, with the nearest names), never a run that silently selects or
// excuses nothing. The catalog comes from the checks vitest collects (harness/runner/collect-checks.ts);
// a `${...}` in an id, as older static scans wrote for checks generated per operation, matches any part.
import { unknownNameMessage } from '../../text/nearest.js';

export interface NameCatalog {
  areas: readonly string[];
  /** Check ids; `${...}` stands for a part known only at run time. */
  checkIds: readonly string[];
  clauseIds: readonly string[];
}

const placeholder = /\$\{[^}]*\}/g;

function templatePattern(id: string): RegExp {
  const parts = id.split(placeholder).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

/** The literal start of a check id: all of it, or what comes before its first placeholder. */
function literalStart(id: string): string {
  const at = id.search(placeholder);
  return at === -1 ? id : id.slice(0, at);
}

/** Could `entry` be a check id, or a string prefix of one (`prefix: 'any'`) or a family (`'family'`, up to a dot)? */
function namesCheck(entry: string, id: string, prefix: 'family' | 'any'): boolean {
  if (entry === id || templatePattern(id).test(entry)) return true;
  const start = literalStart(id);
  const probe = prefix === 'family' ? `${entry}.` : entry;
  if (start.startsWith(probe)) return true;
  // A template's variable tail may complete the entry: lenient, the run-time match decides.
  return start !== id && probe.startsWith(start);
}

/** An --only/--skip entry: an area, a check id (or family), a clause id or clause prefix (harness/runner/selection.ts). */
export function isKnownSelection(entry: string, catalog: NameCatalog): boolean {
  if (catalog.areas.includes(entry)) return true;
  if (entry.includes('/')) return catalog.checkIds.some((id) => namesCheck(entry, id, 'family'));
  if (!entry.includes('.')) return false;
  return catalog.clauseIds.some((clause) => clause === entry || clause.startsWith(`${entry}.`));
}

/** An expected-failures id: a check id, a check-id prefix or a clause id. */
export function isKnownExpectation(id: string, catalog: NameCatalog): boolean {
  if (catalog.clauseIds.includes(id)) return true;
  return id.includes('/') && catalog.checkIds.some((checkId) => namesCheck(id, checkId, 'any'));
}

/** Every name a user could have meant, for "nearest" suggestions. */
export function candidateNames(catalog: NameCatalog): string[] {
  return [...catalog.areas, ...catalog.checkIds.map((id) => literalStart(id).replace(/[.-]$/, '')), ...catalog.clauseIds];
}

/** One message per unknown entry, each with the nearest known names; empty when all are known. */
export function unknownNames(entries: readonly string[], known: (entry: string) => boolean, what: string, catalog: NameCatalog): string[] {
  const candidates = candidateNames(catalog);
  return entries.filter((entry) => !known(entry)).map((entry) => unknownNameMessage(what, entry, candidates));
}
