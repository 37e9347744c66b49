// The result of a certification run: what the runner (cli/ and harness/) produces and every reporter
// (JUnit, JSON, HTML, certificate, coverage) consumes. The JSON report is this object serialized; its JSON
// Schema is reports/report.schema.json. Change both together.

/** What happened to one check. `not-verifiable`: the target lacks what the check needs (a control API, a
 * fixture); `skipped`: excluded by --only/--skip or not implemented in this suite version (reason says which);
 * `error`: the target could not be judged (transport failure, timeout, broken answer where a working API was
 * needed, malformed control answer, harness exception); `not-run`: the run stopped first (deadline, circuit
 * breaker: reason says which). */
export type Outcome = 'passed' | 'failed' | 'not-verifiable' | 'skipped' | 'error' | 'not-run';

/** One HTTP request and its response as the suite saw them, secrets already masked. */
export interface Exchange {
  request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    body?: string;
  };
  response?: {
    status: number;
    headers: Record<string, string>;
    body?: string;
  };
  /** A transport failure (timeout, refused connection) instead of a response. */
  error?: string;
  durationMs: number;
  /** A curl command that reproduces the request (secrets masked as in `headers`). */
  curl: string;
}

export interface Failure {
  /** One line: what broke. */
  message: string;
  expected?: string;
  actual?: string;
  /** A property failure: the seed and path that replay it exactly (`--seed S --replay-path P`). */
  replay?: { seed: number; path: string };
}

export interface CheckResult {
  /** Stable id: `<area>/<check name>`. */
  id: string;
  area: string;
  /** One-line description of the behaviour checked. */
  title: string;
  /** Ids of spec/clauses.yaml this check verifies. */
  clauses: string[];
  outcome: Outcome;
  durationMs: number;
  /** Why a check was not verifiable or skipped. */
  reason?: string;
  failure?: Failure;
  /** The exchanges of the check (all of them for a failure; may be trimmed for a pass). */
  exchanges: Exchange[];
}

export interface ClauseCoverage {
  id: string;
  section: string;
  kind: string;
  text: string;
  /** Ids of the checks that cite this clause. */
  checks: string[];
  /** Worst outcome among those checks; `uncovered` when no check cites it; `untestable` when the clause is
   * marked so in clauses.yaml (with its reason). */
  result: Outcome | 'uncovered' | 'untestable';
  reason?: string;
}

export interface Target {
  baseUrl: string;
  v2BaseUrl?: string;
  controlUrl?: string;
  /** Set when the target was a container image. */
  image?: string;
  /** True when the target is the embedded reference implementation. */
  embedded: boolean;
}

export interface RunReport {
  suite: { name: 'mcs-conformance'; version: string };
  /** The API version the run checked (info.version of spec/v4.openapi.yaml, e.g. 4.0.0-beta). Optional:
   * reports without it take it from the spec files when they are rendered. */
  apiVersion?: string;
  /** SHA-256 (hex) of each spec file and of clauses.yaml, keyed by file name. */
  specHashes: Record<string, string>;
  target: Target;
  startedAt: string;
  endedAt: string;
  environment: { node: string; platform: string; arch: string };
  /** The fast-check seed of the run (every property uses it). */
  seed: number;
  /** The selection of the run; a run is complete only without --only/--skip. */
  selection: { only: string[]; skip: string[] };
  complete: boolean;
  checks: CheckResult[];
  coverage: ClauseCoverage[];
  /** Logs of the container under test (certify --image), masked. */
  containerLogs?: string;
  /** Load results (mcs load) attached to the report, in the shape load/ writes. */
  load?: unknown[];
}

export interface Counts {
  passed: number;
  failed: number;
  notVerifiable: number;
  skipped: number;
  errors: number;
  notRun: number;
  total: number;
}

export function countOutcomes(checks: readonly Pick<CheckResult, 'outcome'>[]): Counts {
  const counts: Counts = { passed: 0, failed: 0, notVerifiable: 0, skipped: 0, errors: 0, notRun: 0, total: checks.length };
  for (const { outcome } of checks) {
    if (outcome === 'passed') counts.passed++;
    else if (outcome === 'failed') counts.failed++;
    else if (outcome === 'not-verifiable') counts.notVerifiable++;
    else if (outcome === 'error') counts.errors++;
    else if (outcome === 'not-run') counts.notRun++;
    else counts.skipped++;
  }
  return counts;
}

/** The run's verdict: a failure anywhere fails the run; nothing verifiable passed is not a pass either. */
export function verdict(checks: readonly Pick<CheckResult, 'outcome'>[]): 'pass' | 'fail' {
  const counts = countOutcomes(checks);
  return counts.failed === 0 && counts.errors === 0 && counts.passed > 0 ? 'pass' : 'fail';
}
