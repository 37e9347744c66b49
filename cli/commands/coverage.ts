// `mcs coverage [--from report.json] [--suites DIR] [--json]`: every clause of spec/clauses.yaml with the
// checks that cite it, then the clauses no check cites. Without --from it scans the suites statically
// (check() metadata); with --from it shows the coverage recorded in a run report, with results.
// Exit 1 when a clause is uncovered and not marked untestable, or a check cites an unknown clause id.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadClauses } from '../../spec/index.js';
import { coverageFromChecks, formatCoverage, summarizeCoverage, uncoveredClauses, unknownCitations } from '../../results/coverage.js';
import { scanSuites } from '../../reports/coverage-scan.js';
import type { ClauseCoverage } from '../../results/model.js';
import { readReport } from '../../reports/schema.js';
import { UsageError } from '../errors.js';

const defaultSuites = fileURLToPath(new URL('../../suites/', import.meta.url));

const USAGE = `Usage: mcs coverage [--from FILE] [--suites DIR] [--json]

Lists every clause of spec/clauses.yaml with the checks that cite it, and the clauses no check cites.
  --from    read the coverage recorded in a JSON report (with results) instead of scanning the suites
  --suites  the folder of suites to scan (default: suites/ of this project)
  --json    print the coverage as JSON
Exits 1 when a clause is uncovered and not marked untestable in clauses.yaml, or a check cites an
unknown clause id; 2 on bad input.
`;

interface Flags {
  from?: string;
  suites?: string;
  json?: boolean;
  help?: boolean;
}

function parse(argv: string[]): Flags {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options: { from: { type: 'string' }, suites: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0] ?? ''} (try --help)`);
  }
}

export async function run(argv: string[]): Promise<number> {
  const flags = parse(argv);
  if (flags.help === true) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (flags.from !== undefined && flags.suites !== undefined) throw new UsageError('--from and --suites exclude each other');

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
    const checks = await scanSuites(resolve(flags.suites ?? defaultSuites));
    coverage = coverageFromChecks(clauses, checks);
    unknown = unknownCitations(clauses, checks);
    for (const check of checks) {
      if (check.unresolved.length > 0) notes.push(`note: ${check.file}:${check.line} (${check.id}): could not read ${check.unresolved.join(', ')} statically`);
      if (check.approximated.length > 0) notes.push(`note: ${check.file}:${check.line} (${check.id}): ${check.approximated.join(', ')} read as any value of the map`);
    }
    if (checks.length === 0) notes.push(`note: no check() call found under ${flags.suites ?? 'suites/'}`);
  }

  if (flags.json === true) {
    process.stdout.write(`${JSON.stringify({ summary: summarizeCoverage(coverage), coverage, unknownCitations: unknown }, null, 2)}\n`);
  } else {
    process.stdout.write(formatCoverage(coverage, unknown));
  }
  for (const note of notes) process.stderr.write(`${note}\n`);
  return uncoveredClauses(coverage).length > 0 || unknown.length > 0 ? 1 : 0;
}
