// `mcs coverage [--from report.json] [--suites DIR] [--needs] [--json]`: every clause of spec/clauses.yaml with
// the checks that cite it, then the clauses no check cites. Without --from it reads the checks vitest collects
// from the suites (each check() declares its clauses and needs at registration; nothing runs); with --from it
// shows the coverage recorded in a run report, with results. --needs: what each control operation and fixture buys.
// --statements: the statement ledger (spec/statements.yaml), each statement judged or open with its reason.
// Exit 1 when a clause is uncovered and not marked untestable, or a check cites an unknown clause id.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadClauses } from '../../spec/index.js';
import { coverageFromChecks, formatCoverage, summarizeCoverage, uncoveredClauses, unknownCitations } from '../../results/coverage.js';
import { baselineVerifiable, formatNeeds, needsCoverage } from '../../reports/coverage-needs.js';
import { operationsOf } from '../../harness/schema/openapi.js';
import type { ClauseCoverage } from '../../results/model.js';
import { readReport } from '../../reports/schema.js';
import { UsageError } from '../errors.js';
import { printFields } from './coverage-fields.js';
import { printNeedsForConfig } from '../coverage-needs-config.js';
import { flagProblem } from '../flags.js';
import { inert, inertJson } from '../../text/inert.js';

const suitesConfig = fileURLToPath(new URL('../../suites/vitest.config.ts', import.meta.url));

const USAGE = `Usage: mcs coverage [--from FILE] [--suites DIR] [--needs [--config FILE]] [--fields] [--statements [--mutants FILE]] [--json]

Lists every clause of spec/clauses.yaml with the checks that cite it, and the clauses no check cites.
  --from    read the coverage recorded in a JSON report (with results) instead of scanning the suites
  --suites  the folder of suites to collect (default: suites/ of this project)
  --needs   every control operation and fixture, with the checks that need it and the clauses it unlocks
  --fields  every field of every event and response object, and how the oracle judges it (semantic, schema
            only with the reason, or not shown); exits 1 when a field is left unjudged
  --statements  every normative statement of the description (spec/statements.yaml): judged (a check cites
            its clause and a fault that breaks it is caught) or open with the reason; exits 1 when one is
            unjudged or the ledger disagrees with the description, the clauses or the faults
  --mutants with --statements: the JSON of a mutants run (npm run mutants -- --checks --json FILE); each
            fault it ran counts only for the statements citing a clause it was caught on
  --config  with --needs: what the set-up of a target.yaml verifies, and what each step adds (its fixtures found
            and checked as a run does)
  --json    print the coverage as JSON
Examples:
  mcs coverage | grep UNCOVERED
  mcs coverage --needs --config target.yaml       what a vendor's set-up verifies, and each next step
Exits 1 when a clause is uncovered and not marked untestable in clauses.yaml, or a check cites an
unknown clause id; 2 on bad input.
`;

interface Flags {
  from?: string;
  suites?: string;
  needs?: boolean;
  fields?: boolean;
  statements?: boolean;
  mutants?: string;
  config?: string;
  json?: boolean;
  help?: boolean;
}

const coverageFlags = { from: { type: 'string' }, suites: { type: 'string' }, needs: { type: 'boolean' }, fields: { type: 'boolean' }, statements: { type: 'boolean' }, mutants: { type: 'string' }, config: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

function parse(argv: string[]): Flags {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options: coverageFlags }).values;
  } catch (error) {
    throw new UsageError(`${flagProblem(error, coverageFlags)} (try --help)`);
  }
}

export async function run(argv: string[]): Promise<number> {
  const flags = parse(argv);
  if (flags.help === true) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (flags.fields === true && (flags.needs === true || flags.config !== undefined)) throw new UsageError('--fields stands alone: drop --needs and --config');
  if (flags.statements === true && (flags.fields === true || flags.needs === true || flags.config !== undefined || flags.from !== undefined)) throw new UsageError('--statements reads the suites\' declarations: drop --fields, --needs, --config and --from');
  if (flags.mutants !== undefined && flags.statements !== true) throw new UsageError('--mutants goes with --statements');
  if (flags.fields === true) return printFields(flags.json === true);
  if (flags.statements === true) {
    // The ledger reads the reference's fault list: loaded only for this listing.
    const { printStatements } = await import('./coverage-statements.js');
    return printStatements(() => collectedChecks(flags.suites), flags.json === true, flags.mutants);
  }
  if (flags.from !== undefined && flags.suites !== undefined) throw new UsageError('--from and --suites exclude each other');
  if (flags.config !== undefined && flags.needs !== true) throw new UsageError('--config goes with --needs');
  if (flags.from !== undefined && flags.needs === true) throw new UsageError('--needs reads the suites\' declarations, not a report: drop --from');

  let coverage: Array<ClauseCoverage | ReturnType<typeof coverageFromChecks>[number]>;
  let unknown: ReturnType<typeof unknownCitations>;
  const notes: string[] = [];
  if (flags.from !== undefined) {
    const report = await readReport(resolve(flags.from)).catch((error: unknown) => {
      throw new UsageError((error as Error).message);
    });
    coverage = report.coverage;
    unknown = unknownCitations(report.coverage, report.checks);
  } else {
    const clauses = loadClauses();
    const checks = await collectedChecks(flags.suites);
    if (flags.needs === true && flags.config !== undefined) return printNeedsForConfig(checks.map((c) => ({ id: c.id, clauses: c.clauses, needs: c.needs })), flags.config, flags.json === true);
    if (flags.needs === true) return printNeeds(checks, flags.json === true);
    coverage = coverageFromChecks(clauses, checks);
    unknown = unknownCitations(clauses, checks);
    if (checks.length === 0) notes.push(`note: no check() call found under ${flags.suites ?? 'suites/'}`);
  }

  if (flags.json === true) {
    process.stdout.write(`${inertJson({ summary: summarizeCoverage(coverage), coverage, unknownCitations: unknown }, 2)}\n`);
  } else {
    // A report.json given with --from is text from elsewhere (its clause ids too): shown inert.
    process.stdout.write(inert(formatCoverage(coverage, unknown)));
  }
  for (const note of notes) process.stderr.write(`${note}\n`);
  return uncoveredClauses(coverage).length > 0 || unknown.length > 0 ? 1 : 0;
}

/** The checks vitest collects from the suites (their declarations; nothing runs). */
async function collectedChecks(dir: string | undefined) {
  const { collectChecks } = await import('../../harness/runner/collect-checks.js');
  const { checkCatalog } = await import('../../harness/runner/check-catalog.js');
  const include = dir === undefined ? undefined : [`${resolve(dir).replace(/\/+$/, '')}/**/*.test.ts`];
  try {
    // The project's own suites are kept in the catalog cache; another folder is collected as it is.
    if (include === undefined) return (await checkCatalog(suitesConfig)).checks;
    return await collectChecks({ config: suitesConfig, include });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'the suites could not be collected');
  }
}

function printNeeds(checks: Awaited<ReturnType<typeof collectedChecks>>, json: boolean): number {
  const operations = operationsOf('control').map((op) => op.operationId).filter((id) => id !== 'getControlInfo');
  const rows = needsCoverage(checks, operations);
  const cited = new Set(checks.flatMap((check) => check.clauses)).size;
  if (json) process.stdout.write(`${JSON.stringify({ baseline: baselineVerifiable(checks, operations), clauses: cited, needs: rows }, null, 2)}\n`);
  else process.stdout.write(formatNeeds(rows, baselineVerifiable(checks, operations), cited));
  return 0;
}
