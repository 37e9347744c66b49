// Assembles the RunReport (reports/model.ts) from a run's results.
import { readFileSync } from 'node:fs';
import { loadClauses, specHashes } from '../../spec/index.js';
import type { CheckResult, RunReport, Target } from '../../reports/model.js';
import { coverageFromResults } from '../../reports/coverage.js';
import type { Selection } from './selection.js';

export interface ReportInput {
  target: Target;
  startedAt: Date;
  endedAt: Date;
  seed: number;
  selection: Selection;
  interrupted: boolean;
  checks: CheckResult[];
}

export function buildRunReport(input: ReportInput): RunReport {
  const checks = [...input.checks].sort((a, b) => a.id.localeCompare(b.id));
  return {
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
    coverage: coverageFromResults(loadClauses(), checks),
  };
}

function suiteVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
