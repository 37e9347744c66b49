// `mcs coverage --statements`: the statement ledger (spec/statements.yaml), each row judged from the checks
// citing its clauses (the suites' declarations) and the reference faults that break it, less the faults the
// mutants gate does not catch yet (test/mutants/known-gaps.yaml, when this install holds it). Exit 1 when a
// row is unjudged or the ledger disagrees with the description, the clauses or the faults. With --mutants,
// the JSON of a mutants run (`npm run mutants -- --checks --json FILE`) says on which clauses each fault it ran
// was caught, and a fault counts only for the rows citing those.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadClauses, serviceDescriptionPath } from '../../spec/index.js';
import { describedSections } from '../../spec/statements/description-text.js';
import { loadStatements } from '../../spec/statements/index.js';
import { judgeStatements, staticProblems, statementTotals, unplacedFaults, type JudgedStatement, type StatementTotals } from '../../spec/statements/ledger.js';
import { listFaults } from '../../reference/faults.js';
import { UsageError } from '../errors.js';

const knownGapsFile = fileURLToPath(new URL('../../test/mutants/known-gaps.yaml', import.meta.url));

export interface StatementLedger {
  rows: JudgedStatement[];
  totals: StatementTotals;
  /** What is wrong with the ledger (each a defect to fix). */
  problems: string[];
  /** Faults of the reference no row names. */
  unplaced: string[];
  /** Why the gate's missed faults could not be read, when they could not. */
  note?: string;
}

/** The faults the mutants gate lists as not caught yet, or undefined when this install lacks the list. */
function missedFaults(): Set<string> | undefined {
  if (!existsSync(knownGapsFile)) return undefined;
  const doc = (parse(readFileSync(knownGapsFile, 'utf8')) ?? {}) as { gaps?: Record<string, unknown> | null };
  return new Set(Object.keys(doc.gaps ?? {}));
}

interface MutantsRun {
  faults: { name: string; verdict: string; clauses: string[]; failed: { clauses: string[] }[] }[];
}

/** Fault -> the clauses of its own that the run saw it caught on (none unless CAUGHT), from a mutants JSON. */
export function caughtOnOf(run: MutantsRun): Map<string, Set<string>> {
  return new Map(run.faults.map((fault) => [fault.name, new Set(fault.verdict === 'CAUGHT' ? fault.failed.flatMap((check) => check.clauses).filter((clause) => fault.clauses.includes(clause)) : [])]));
}

/** The clauses each fault of a mutants run's JSON file was caught on; a clear usage error for any other file. */
export function readCaughtOn(file: string): Map<string, Set<string>> {
  return caughtOnOf(readMutantsRun(file));
}

function readMutantsRun(file: string): MutantsRun {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--mutants ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  const faults = (doc as { faults?: unknown } | null)?.faults;
  const wellFormed = Array.isArray(faults) && faults.every((f: Record<string, unknown>) => typeof f?.name === 'string' && typeof f.verdict === 'string' && Array.isArray(f.clauses) && Array.isArray(f.failed));
  if (!wellFormed) throw new UsageError(`--mutants ${file}: not the JSON of a mutants run (npm run mutants -- --checks --json FILE)`);
  return doc as MutantsRun;
}

/**
 * The ledger judged: `checks` are the suites' declared checks (what `mcs coverage` collects); `caughtOn`, where
 * a mutants run saw its faults caught (readCaughtOn).
 */
export async function statementLedger(checks: readonly { id: string; clauses: readonly string[] }[], caughtOn?: ReadonlyMap<string, ReadonlySet<string>>): Promise<StatementLedger> {
  const ledger = loadStatements();
  const sections = describedSections(readFileSync(serviceDescriptionPath, 'utf8'));
  const clauseIds = new Set(loadClauses().map((clause) => clause.id));
  const checksByClause = new Map<string, string[]>();
  for (const check of checks) for (const clause of check.clauses) checksByClause.set(clause, [...(checksByClause.get(clause) ?? []), check.id]);
  const faults = await listFaults();
  const missed = missedFaults();
  const { rows, problems } = judgeStatements(ledger.statements, { checksByClause, faults, missedFaults: missed ?? new Set(), ...(caughtOn === undefined ? {} : { caughtOn }) });
  return {
    rows,
    totals: statementTotals(rows),
    problems: [...staticProblems(ledger, sections, clauseIds), ...problems],
    unplaced: unplacedFaults(ledger.statements, faults),
    ...(missed === undefined ? { note: 'note: test/mutants/known-gaps.yaml is not in this install: every declared fault is counted as caught' } : {}),
  };
}

/** Prints the ledger; a --mutants file is read first, so that a wrong one is refused before the checks are collected. */
export async function printStatements(checks: () => Promise<readonly { id: string; clauses: readonly string[] }[]>, json: boolean, mutants?: string): Promise<number> {
  const caughtOn = mutants === undefined ? undefined : readCaughtOn(mutants);
  const ledger = await statementLedger(await checks(), caughtOn);
  if (json) process.stdout.write(`${JSON.stringify({ totals: ledger.totals, problems: ledger.problems, unplacedFaults: ledger.unplaced, statements: ledger.rows }, null, 2)}\n`);
  else process.stdout.write(formatStatements(ledger));
  if (ledger.note !== undefined) process.stderr.write(`${ledger.note}\n`);
  return ledger.totals.unjudged > 0 || ledger.problems.length > 0 ? 1 : 0;
}

/** How a row is judged, in a few words: its caught faults and checks, its open reason, or what it lacks. */
function detailOf(row: JudgedStatement): string {
  if (row.state === 'judged') return `${row.checks.length} check${row.checks.length === 1 ? '' : 's'}; caught: ${row.caught.join(', ')}`;
  if (row.state === 'open') return row.open ?? '';
  if (row.checks.length === 0) return 'UNJUDGED: no check cites its clauses';
  return row.faults.length === 0 ? 'UNJUDGED: no fault and no open reason' : `UNJUDGED: no fault of it is caught (${row.faults.join(', ')})`;
}

/** The text `mcs coverage --statements` prints; its last line gives the totals. */
export function formatStatements(ledger: StatementLedger): string {
  const width = Math.min(48, Math.max(0, ...ledger.rows.map((row) => row.id.length)));
  const lines: string[] = [];
  let section = '';
  for (const row of ledger.rows) {
    if (row.section !== section) {
      section = row.section;
      lines.push('', `§ ${section}`);
    }
    lines.push(`  ${row.state.padEnd(9)} ${row.id.padEnd(width)}  ${detailOf(row)}`, `  ${' '.repeat(9)} "${row.quote}"${row.clauses.length > 0 ? ` [${row.clauses.join(', ')}]` : ''}`);
  }
  const { totals } = ledger;
  const share = totals.statements === 0 ? 0 : totals.judged / totals.statements;
  const openBy = Object.entries(totals.openBy).map(([kind, count]) => `${kind} ${count}`).join(', ');
  lines.push('', `judged share: ${share.toFixed(3)}${openBy === '' ? '' : `; open: ${openBy}`}`);
  if (ledger.unplaced.length > 0) lines.push(`faults no statement names (${ledger.unplaced.length}): ${ledger.unplaced.join(', ')}`);
  for (const problem of ledger.problems) lines.push(`problem: ${problem}`);
  lines.push(`statements ${totals.statements}: judged ${totals.judged}, open ${totals.open}, unjudged ${totals.unjudged}`);
  return `${lines.join('\n').trimStart()}\n`;
}
