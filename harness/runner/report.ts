// Assembles the RunReport (results/model.ts) from a run's results: the claims and the expected failures of
// the run are applied here, once, so that every reader of the report sees the same outcomes.
import { readFileSync } from 'node:fs';
import { loadClauses, specHashes } from '../../spec/index.js';
import type { CheckResult, ExpectedFailure, RunReport, Target } from '../../results/model.js';
import { coverageFromResults } from '../../results/coverage.js';
import { applyExpectations } from '../../results/expectations.js';
import type { Selection } from './selection.js';

export interface ReportInput {
  target: Target;
  startedAt: Date;
  endedAt: Date;
  seed: number;
  selection: Selection;
  interrupted: boolean;
  checks: CheckResult[];
  /** The claimed features (results/claims.ts resolveClaims); undefined: every feature. */
  claims?: string[];
  expectations?: { file: string; strict: boolean; entries: ExpectedFailure[] };
}

export function buildRunReport(input: ReportInput): RunReport {
  const sorted = [...input.checks].sort((a, b) => a.id.localeCompare(b.id));
  const checks = input.expectations ? applyExpectations(sorted, input.expectations.entries, input.endedAt) : sorted;
  const report: RunReport = {
    suite: { name: 'mcs-conformance', version: suiteVersion() },
    specHashes: specHashes(),
    target: input.target,
    startedAt: input.startedAt.toISOString(),
    endedAt: input.endedAt.toISOString(),
    environment: { node: process.version, platform: process.platform, arch: process.arch },
    seed: input.seed,
    selection: input.selection,
    complete: input.selection.only.length === 0 && input.selection.skip.length === 0 && !input.interrupted,
    checks,
    coverage: coverageFromResults(loadClauses(), checks, input.claims),
  };
  if (input.claims !== undefined) report.claims = input.claims;
  if (input.expectations !== undefined) report.expectations = input.expectations;
  return report;
}

function suiteVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
