// What each piece of the control API and each fixture buys (`mcs coverage --needs`): for every control operation
// and fixture, the checks that need it and the clauses it makes verifiable. Generated from the checks'
// declarations (needs), never from a run. The baseline is a target with the public API, the v2 API and every
// config fixture but no control operation; an operation is counted on top of that baseline, a fixture as what
// is lost without it.

export interface DeclaredNeeds {
  id: string;
  clauses: readonly string[];
  needs: readonly string[];
}

export interface NeedUnlock {
  need: string;
  kind: 'control operation' | 'fixture' | 'api';
  /** Checks that declare the need. */
  checks: string[];
  /** Clauses that become verifiable with it (every check citing them then has what it needs). */
  unlocks: string[];
}

/** A need is a control operation when the control spec names it (`operations`); any other but v2 is a fixture. */
const kindOf = (need: string, operations: readonly string[]): NeedUnlock['kind'] =>
  need === 'v2' ? 'api' : need === 'control' || operations.includes(need) ? 'control operation' : 'fixture';

/** Clauses every citing check of which has all its needs in `offered`. */
function verifiable(checks: readonly DeclaredNeeds[], offered: ReadonlySet<string>): Set<string> {
  const blocked = new Set<string>();
  const cited = new Set<string>();
  for (const check of checks) {
    const met = check.needs.every((need) => offered.has(need));
    for (const clause of check.clauses) {
      cited.add(clause);
      if (!met) blocked.add(clause);
    }
  }
  return new Set([...cited].filter((clause) => !blocked.has(clause)));
}

/** Every need declared or offered by the control spec (`operations`), with what it unlocks; most unlocked first. */
export function needsCoverage(checks: readonly DeclaredNeeds[], operations: readonly string[]): NeedUnlock[] {
  // The legacy all-or-nothing 'control' is an organization of the check's own.
  const normalized = checks.map((check) => ({ ...check, needs: check.needs.map((need) => (need === 'control' ? 'createOrganization' : need)) }));
  const declared = new Set(normalized.flatMap((check) => check.needs));
  const all = [...new Set([...operations, ...declared])];
  const baseline = new Set(all.filter((need) => kindOf(need, operations) !== 'control operation'));
  const base = verifiable(normalized, baseline);
  const rows = all.map((need): NeedUnlock => {
    const kind = kindOf(need, operations);
    const users = normalized.filter((check) => check.needs.includes(need)).map((check) => check.id);
    let unlocks: string[];
    if (kind === 'control operation') {
      const withIt = verifiable(normalized, new Set([...baseline, need]));
      unlocks = [...withIt].filter((clause) => !base.has(clause));
    } else {
      const without = verifiable(normalized, new Set([...baseline].filter((other) => other !== need)));
      unlocks = [...base].filter((clause) => !without.has(clause));
    }
    return { need, kind, checks: users.sort(), unlocks: unlocks.sort() };
  });
  return rows.sort((a, b) => b.unlocks.length - a.unlocks.length || b.checks.length - a.checks.length || a.need.localeCompare(b.need));
}

export function formatNeeds(rows: readonly NeedUnlock[], verifiedAtBaseline: number, clauses: number): string {
  const lines = [`With the public API, v2 and every config fixture but no control operation: ${verifiedAtBaseline} of ${clauses} cited clauses verifiable.`, ''];
  for (const row of rows) {
    const gain = row.kind === 'control operation' ? `implement ${row.need} to verify ${row.unlocks.length} more clause(s)` : `without ${row.need}, ${row.unlocks.length} clause(s) fewer`;
    lines.push(`${row.need} (${row.kind}): ${gain}; needed by ${row.checks.length} check(s)`);
    for (const check of row.checks.slice(0, 12)) lines.push(`    ${check}`);
    if (row.checks.length > 12) lines.push(`    ... and ${row.checks.length - 12} more`);
  }
  return `${lines.join('\n')}\n`;
}

/** Clauses verifiable at the baseline (public API, v2, every fixture, no control operation of `operations`). */
export function baselineVerifiable(checks: readonly DeclaredNeeds[], operations: readonly string[]): number {
  const needs = new Set(checks.flatMap((check) => check.needs).filter((need) => kindOf(need, operations) !== 'control operation'));
  return verifiable(checks, needs).size;
}
