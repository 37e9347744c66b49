// The statement ledger (spec/statements.yaml): every normative statement of the service description, one
// atomic statement a row, with the clauses that state it, the reference faults that break it, or why none can
// judge it yet. File reading and YAML parsing only; statements.schema.json says the shape in full (its test
// validates the file), parseStatements keeps what the code relies on.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const specDir = join(dirname(fileURLToPath(import.meta.url)), '..');

export const statementFiles = {
  ledger: join(specDir, 'statements.yaml'),
  schema: join(specDir, 'statements', 'statements.schema.json'),
} as const;

/**
 * Why a statement is open: the words before the colon of its `open` reason. The first four say no check can
 * judge it (the reviewer checks the reason against the quote); the last two are gaps to close.
 */
export const openKinds = ['not shown', 'dashboard', 'untestable', 'schema only', 'no check yet', 'no fault yet'] as const;
export type OpenKind = (typeof openKinds)[number];

export interface Statement {
  /** Stable, dot-separated; never reused. */
  id: string;
  /** The section of the description it stands in ("<n> <title>", as description-text.ts names them). */
  section: string;
  /** The description's own words, verbatim up to whitespace. */
  quote: string;
  /** Ids of spec/clauses.yaml that state it; the checks citing them judge it. */
  clauses: string[];
  /** Reference faults (reference/faults.ts) that break it. */
  faults: string[];
  /** `<kind>: <why>` (kind one of openKinds): why no check and fault judge it. */
  open?: string;
}

/** Text of the description a reviewer read and found to state nothing a target could do or fail to do. */
export interface NotNormative {
  section: string;
  quote: string;
  why: string;
}

export interface Ledger {
  statements: Statement[];
  notNormative: NotNormative[];
}

let ledgerCache: Ledger | undefined;

/** The ledger of spec/statements.yaml (cached). */
export function loadStatements(): Ledger {
  ledgerCache ??= parseStatements(readFileSync(statementFiles.ledger, 'utf8'));
  return ledgerCache;
}

/** The kind of an `open` reason, or undefined when it names none of openKinds. */
export function openKindOf(reason: string): OpenKind | undefined {
  return openKinds.find((kind) => reason === kind || reason.startsWith(`${kind}:`));
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Parses statements.yaml text: `sections` (title -> rows) and `not_normative` (title -> quotes with why). */
export function parseStatements(yamlText: string): Ledger {
  const doc: unknown = parse(yamlText);
  if (!isRecord(doc) || doc['version'] !== 1 || !isRecord(doc['sections'])) throw new Error('statements.yaml must be a mapping with version: 1 and sections');
  const statements = Object.entries(doc['sections']).flatMap(([section, rows]) => {
    if (!Array.isArray(rows)) throw new Error(`statements.yaml: section "${section}" must hold a list of statements`);
    return rows.map((row: unknown, index) => toStatement(section, row, index));
  });
  const others = doc['not_normative'] ?? {};
  if (!isRecord(others)) throw new Error('statements.yaml: not_normative must map sections to lists');
  const notNormative = Object.entries(others).flatMap(([section, rows]) => {
    if (!Array.isArray(rows)) throw new Error(`statements.yaml: not_normative "${section}" must be a list`);
    return rows.map((row: unknown, index) => {
      if (!isRecord(row) || typeof row['quote'] !== 'string' || typeof row['why'] !== 'string') throw new Error(`statements.yaml: not_normative "${section}"[${index}] needs quote and why`);
      return { section, quote: row['quote'], why: row['why'] };
    });
  });
  return { statements, notNormative };
}

function toStatement(section: string, row: unknown, index: number): Statement {
  const where = `statements.yaml: "${section}"[${index}]`;
  if (!isRecord(row)) throw new Error(`${where} is not a mapping`);
  const { id, quote, clauses = [], faults = [], open } = row;
  const label = typeof id === 'string' ? `${where} (${id})` : where;
  if (typeof id !== 'string' || id === '') throw new Error(`${label}: id must be a string`);
  if (typeof quote !== 'string' || quote.trim() === '') throw new Error(`${label}: quote must be the description's words`);
  if (!strings(clauses) || !strings(faults)) throw new Error(`${label}: clauses and faults must be lists of ids`);
  if (open !== undefined && typeof open !== 'string') throw new Error(`${label}: open must be a reason`);
  return { id, section, quote, clauses, faults, ...(open === undefined ? {} : { open }) };
}
