// What `mcs certify` settles before anything runs: the claims, the expected-failures file and the names the
// selection and that file use. Every mistake here is bad input (exit 2, with the nearest names), never a
// run that silently selects, claims or excuses nothing.
import { readFile } from 'node:fs/promises';
import { suitesConfig } from '../harness/runner/paths.js';
import { loadClauses } from '../spec/index.js';
import { ClaimError, resolveClaims } from '../results/claims.js';
import { ExpectationsError, parseExpectations } from '../results/expectations.js';
import type { ExpectedFailure } from '../results/model.js';
import { isKnownExpectation, isKnownSelection, unknownNames, type NameCatalog } from '../harness/runner/names.js';
import type { Selection } from '../harness/runner/selection.js';
import { UsageError } from './errors.js';


export interface RunScope {
  claims: string[];
  expectations?: { file: string; strict: boolean; entries: ExpectedFailure[] };
}

export interface ScopeInput {
  selection: Selection;
  claims?: string[];
  expectedFailures?: string;
  strictExpectations: boolean;
}

export async function settleScope(input: ScopeInput): Promise<RunScope> {
  let claims: string[];
  try {
    claims = resolveClaims(input.claims);
  } catch (error) {
    if (error instanceof ClaimError) throw new UsageError(error.message);
    throw error;
  }
  const entries = input.expectedFailures === undefined ? undefined : await readExpectations(input.expectedFailures);
  const named = [...input.selection.only, ...input.selection.skip];
  if (named.length > 0 || (entries !== undefined && entries.length > 0)) {
    const catalog = await nameCatalog();
    const problems = [
      ...unknownNames(named, (entry) => isKnownSelection(entry, catalog), '--only/--skip entry', catalog),
      ...unknownNames((entries ?? []).map((entry) => entry.id), (id) => isKnownExpectation(id, catalog), `id in ${input.expectedFailures ?? ''}`, catalog),
    ];
    if (problems.length > 0) throw new UsageError(problems.join('; '));
  }
  if (input.strictExpectations && input.expectedFailures === undefined) throw new UsageError('--strict-expectations needs an expected-failures file (--expected-failures FILE)');
  return { claims, ...(entries === undefined || input.expectedFailures === undefined ? {} : { expectations: { file: input.expectedFailures, strict: input.strictExpectations, entries } }) };
}

async function readExpectations(path: string): Promise<ExpectedFailure[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`expected-failures file ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : 'cannot be read'}`);
  }
  try {
    return parseExpectations(text, path);
  } catch (error) {
    if (error instanceof ExpectationsError) throw new UsageError(error.message);
    throw error;
  }
}

/** Areas, check ids and clause ids, from the checks vitest collects (none runs). */
async function nameCatalog(): Promise<NameCatalog> {
  const { checkCatalog } = await import('../harness/runner/check-catalog.js');
  const { checks } = await checkCatalog(suitesConfig);
  return { areas: [...new Set(checks.map((check) => check.area))], checkIds: checks.map((check) => check.id), clauseIds: loadClauses().map((clause) => clause.id) };
}
