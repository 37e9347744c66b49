// What the statement ledger says, checked: its rows against the description and the clauses (staticProblems),
// each row judged from the checks citing its clauses and the faults that break it (judgeStatements), and the
// description's sentences no row quotes yet (uncoveredCandidates). Pure functions over plain inputs: the CLI
// and the tests gather the checks (the suites), the faults (the reference) and the gate's known gaps.
import { collapseWhitespace, type Candidate, type DescribedSection } from './description-text.js';
import { openKindOf, type Ledger, type Statement } from './index.js';

/** What judges a statement: the checks citing each clause, every fault with its clauses, the faults missed. */
export interface LedgerFacts {
  checksByClause: ReadonlyMap<string, readonly string[]>;
  faults: readonly { name: string; clauses: readonly string[] }[];
  /** Faults the mutants gate does not catch yet (test/mutants/known-gaps.yaml `gaps`). */
  missedFaults: ReadonlySet<string>;
  /**
   * Where a run of the mutants gate saw each fault caught: the clauses of the checks it failed. A fault named
   * here counts only for the rows citing one of these; any other fault for the rows citing one of its declared
   * clauses (the gate's contract: caught on one of them).
   */
  caughtOn?: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * judged: a check cites one of its clauses and a fault that breaks it is caught there; open: not judged, with a
 * reason; unjudged: neither (a defect of the ledger).
 */
export type StatementState = 'judged' | 'open' | 'unjudged';

export interface JudgedStatement extends Statement {
  /** The checks citing the statement's clauses. */
  checks: string[];
  /** Its faults the mutants gate catches. */
  caught: string[];
  state: StatementState;
}

export interface StatementTotals {
  statements: number;
  judged: number;
  open: number;
  unjudged: number;
  /** Open statements by the kind of their reason. */
  openBy: Record<string, number>;
}

/** Every row judged, and what is wrong with the rows given the faults and checks. */
export function judgeStatements(statements: readonly Statement[], facts: LedgerFacts): { rows: JudgedStatement[]; problems: string[] } {
  const faults = new Map(facts.faults.map((fault) => [fault.name, fault]));
  const problems: string[] = [];
  const rows = statements.map((statement): JudgedStatement => {
    const checks = [...new Set(statement.clauses.flatMap((clause) => facts.checksByClause.get(clause) ?? []))].sort();
    for (const name of statement.faults) {
      const fault = faults.get(name);
      if (fault === undefined) problems.push(`${statement.id}: fault ${name} is not a fault of the reference`);
      else if (!fault.clauses.some((clause) => statement.clauses.includes(clause))) problems.push(`${statement.id}: fault ${name} breaks ${fault.clauses.join(', ')}, none of the statement's clauses`);
    }
    const caught = statement.faults.filter((name) => {
      const on = facts.caughtOn?.get(name) ?? faults.get(name)?.clauses ?? [];
      return faults.has(name) && !facts.missedFaults.has(name) && [...on].some((clause) => statement.clauses.includes(clause));
    });
    const judged = checks.length > 0 && caught.length > 0;
    if (judged && statement.open !== undefined) problems.push(`${statement.id}: judged now (checks and caught faults): drop its open reason`);
    if (!judged && statement.open !== undefined && openKindOf(statement.open) === 'no fault yet' && checks.length === 0) problems.push(`${statement.id}: open for want of a fault, but no check cites its clauses: say "no check yet"`);
    const state: StatementState = judged ? 'judged' : statement.open !== undefined ? 'open' : 'unjudged';
    return { ...statement, checks, caught, state };
  });
  const cited = new Set(statements.flatMap((statement) => statement.clauses));
  for (const fault of facts.faults) {
    if (!fault.clauses.some((clause) => cited.has(clause))) problems.push(`fault ${fault.name} breaks ${fault.clauses.join(', ')}: no statement cites any of them`);
  }
  return { rows, problems };
}

export function statementTotals(rows: readonly JudgedStatement[]): StatementTotals {
  const count = (state: StatementState) => rows.filter((row) => row.state === state).length;
  const openBy: Record<string, number> = {};
  for (const row of rows) {
    if (row.state !== 'open' || row.open === undefined) continue;
    const kind = openKindOf(row.open) ?? 'other';
    openBy[kind] = (openBy[kind] ?? 0) + 1;
  }
  return { statements: rows.length, judged: count('judged'), open: count('open'), unjudged: count('unjudged'), openBy };
}

/** Faults of the reference that no row names (they break a cited clause, but no statement says which). */
export function unplacedFaults(statements: readonly Statement[], faults: readonly { name: string }[]): string[] {
  const placed = new Set(statements.flatMap((statement) => statement.faults));
  return faults.map((fault) => fault.name).filter((name) => !placed.has(name));
}

/**
 * What is wrong with the ledger against the description and the clauses: an id used twice, a section the
 * description lacks, a quote its section does not hold (verbatim, whitespace collapsed), a clause that does
 * not exist, an open reason of no known kind, a row with neither a fault nor a reason, and a section of the
 * description with statements but no row.
 */
export function staticProblems(ledger: Ledger, sections: readonly DescribedSection[], clauseIds: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const byTitle = new Map(sections.map((section) => [section.title, section]));
  const seen = new Set<string>();
  for (const statement of ledger.statements) {
    if (seen.has(statement.id)) problems.push(`${statement.id}: id used twice`);
    seen.add(statement.id);
    problems.push(...quoteProblems(statement.id, statement.section, statement.quote, byTitle));
    for (const clause of statement.clauses) if (!clauseIds.has(clause)) problems.push(`${statement.id}: clause ${clause} is not in spec/clauses.yaml`);
    if (statement.open !== undefined && openKindOf(statement.open) === undefined) problems.push(`${statement.id}: open reason must begin with one of: not shown, dashboard, untestable, schema only, no check yet, no fault yet`);
    if (statement.open === undefined && statement.faults.length === 0) problems.push(`${statement.id}: names no fault and gives no open reason`);
    if (statement.clauses.length === 0 && statement.faults.length > 0) problems.push(`${statement.id}: names faults but no clause`);
  }
  for (const other of ledger.notNormative) problems.push(...quoteProblems('not_normative', other.section, other.quote, byTitle));
  const withRows = new Set(ledger.statements.map((statement) => statement.section));
  for (const section of sections) {
    if (section.candidates.length > 0 && !withRows.has(section.title)) problems.push(`section "${section.title}" has no statement in the ledger`);
  }
  return problems;
}

function quoteProblems(id: string, section: string, quote: string, byTitle: ReadonlyMap<string, DescribedSection>): string[] {
  const found = byTitle.get(section);
  if (found === undefined) return [`${id}: "${section}" is not a section of the description`];
  if (!found.text.includes(collapseWhitespace(quote))) return [`${id}: section "${section}" does not say "${collapseWhitespace(quote)}"`];
  return [];
}

/** A sentence or table row of the description with words that no statement and no not-normative entry quotes. */
export interface UncoveredCandidate {
  section: string;
  text: string;
  /** The words left unquoted (short joining words aside). */
  words: string[];
}

/** Joining words a row may leave out when it splits a sentence into atomic statements. */
const joiningWords = new Set(['a', 'an', 'and', 'as', 'at', 'be', 'by', 'for', 'in', 'is', 'it', 'its', 'of', 'on', 'or', 'the', 'then', 'to', 'with']);

/** Every candidate of the description with words no quote of its section reaches. */
export function uncoveredCandidates(ledger: Ledger, sections: readonly DescribedSection[]): UncoveredCandidate[] {
  const quotes = new Map<string, string[]>();
  for (const { section, quote } of [...ledger.statements, ...ledger.notNormative]) quotes.set(section, [...(quotes.get(section) ?? []), collapseWhitespace(quote)]);
  return sections.flatMap((section) => {
    const covered = coveredMask(section.text, quotes.get(section.title) ?? []);
    return section.candidates
      .map((candidate) => ({ section: section.title, text: candidate.text, words: unquotedWords(candidate, covered) }))
      .filter((candidate) => candidate.words.length > 0);
  });
}

/** Which characters of `text` some quote covers (every place each quote stands). */
function coveredMask(text: string, quotes: readonly string[]): boolean[] {
  const mask = new Array<boolean>(text.length).fill(false);
  for (const quote of quotes) {
    if (quote === '') continue;
    for (let at = text.indexOf(quote); at >= 0; at = text.indexOf(quote, at + 1)) mask.fill(true, at, at + quote.length);
  }
  return mask;
}

function unquotedWords(candidate: Candidate, covered: readonly boolean[]): string[] {
  const words: string[] = [];
  for (const match of candidate.text.matchAll(/[A-Za-z0-9_][A-Za-z0-9_'-]*/g)) {
    const start = candidate.at + (match.index ?? 0);
    const quoted = covered.slice(start, start + match[0].length).every(Boolean);
    if (!quoted && !joiningWords.has(match[0].toLowerCase())) words.push(match[0]);
  }
  return words;
}
