// Expected failures: a vendor's list of known failures (docs/expected-failures.example.yaml). A failure an
// entry matches is reported `expected-failure`: it does not fail the exit code but keeps the certificate
// from "conformant". An entry whose checks now pass is stale; one past its `until` date no longer applies.
import { errorCodes, McsError } from '../spec/errors.js';
import { parse } from 'yaml';
import type { CheckResult, ExpectedFailure } from './model.js';

export class ExpectationsError extends McsError {
  override name = 'ExpectationsError';
  override readonly code = errorCodes.expectations;
}

const fields = new Set(['id', 'reason', 'link', 'until']);

/** The entries of an expected-failures file (a YAML list); throws one line naming the first bad entry. */
export function parseExpectations(text: string, file: string): ExpectedFailure[] {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (error) {
    throw new ExpectationsError(`${file}: not valid YAML (${(error instanceof Error ? error.message : String(error)).split('\n')[0]})`);
  }
  if (doc === null || doc === undefined) return [];
  if (!Array.isArray(doc)) throw new ExpectationsError(`${file}: must be a list of entries (- id: ..., reason: ...)`);
  return doc.map((entry: unknown, index) => toEntry(entry, `${file}: entry ${index + 1}`));
}

function toEntry(entry: unknown, where: string): ExpectedFailure {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new ExpectationsError(`${where}: must be a mapping with id and reason`);
  const record = entry as Record<string, unknown>;
  const stray = Object.keys(record).find((key) => !fields.has(key));
  if (stray !== undefined) throw new ExpectationsError(`${where}: unknown field '${stray}' (known: id, reason, link, until)`);
  const { id, reason, link, until } = record;
  if (typeof id !== 'string' || id.trim() === '') throw new ExpectationsError(`${where}: id must name a check, a check-id prefix or a clause`);
  if (typeof reason !== 'string' || reason.trim() === '') throw new ExpectationsError(`${where} (${id}): reason is required`);
  if (link !== undefined && typeof link !== 'string') throw new ExpectationsError(`${where} (${id}): link must be a string`);
  // YAML reads an unquoted 2026-01-31 as a date.
  const day = until instanceof Date ? until.toISOString().slice(0, 10) : until;
  if (day !== undefined && (typeof day !== 'string' || !isDay(day))) throw new ExpectationsError(`${where} (${id}): until must be a date, YYYY-MM-DD`);
  const result: ExpectedFailure = { id: id.trim(), reason: reason.trim() };
  if (link !== undefined) result.link = link;
  if (day !== undefined) result.until = day;
  return result;
}

function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

/** An entry names a check by its id, a prefix of its id, or a clause it cites. */
export function entryMatches(entry: Pick<ExpectedFailure, 'id'>, check: Pick<CheckResult, 'id' | 'clauses'>): boolean {
  return check.id.startsWith(entry.id) || check.clauses.includes(entry.id);
}

/** Past its `until` day (UTC) at `at`: the entry no longer excuses anything. */
export function isExpired(entry: ExpectedFailure, at: Date): boolean {
  return entry.until !== undefined && at.toISOString().slice(0, 10) > entry.until;
}

/** The checks with every failure that a live entry matches turned into an expected failure. */
export function applyExpectations(checks: readonly CheckResult[], entries: readonly ExpectedFailure[], at: Date): CheckResult[] {
  const live = entries.filter((entry) => !isExpired(entry, at));
  return checks.map((check) => {
    if (check.outcome !== 'failed') return check;
    const entry = live.find((e) => entryMatches(e, check));
    if (entry === undefined) return check;
    const expectation: NonNullable<CheckResult['expectation']> = { id: entry.id, reason: entry.reason };
    if (entry.link !== undefined) expectation.link = entry.link;
    return { ...check, outcome: 'expected-failure', expectation };
  });
}

export interface ExpectationStatus {
  /** Live entries whose checks ran and passed: nothing they name fails any more. */
  stale: ExpectedFailure[];
  /** Entries past their `until` date (their failures count as failures). */
  expired: ExpectedFailure[];
}

/** Stale and expired entries of a run whose checks have had the entries applied. */
export function expectationStatus(checks: readonly CheckResult[], entries: readonly ExpectedFailure[], at: Date): ExpectationStatus {
  const expired = entries.filter((entry) => isExpired(entry, at));
  const stale = entries.filter((entry) => {
    if (isExpired(entry, at)) return false;
    const matched = checks.filter((check) => entryMatches(entry, check));
    // Judged by checks that ran to a verdict: an entry whose checks were not run is not known to be stale.
    return !matched.some((check) => check.outcome === 'expected-failure' || check.outcome === 'failed') && matched.some((check) => check.outcome === 'passed' || check.outcome === 'warning');
  });
  return { stale, expired };
}
