// The result of a certification run: what the runner (cli/ and harness/) produces and every reporter
// (JUnit, JSON, HTML, certificate, coverage) consumes. The JSON report is this object serialized; its JSON
// Schema is reports/report.schema.json. Change both together. The verdict over it is results/verdict.ts.

/**
 * What happened to one check.
 * - `passed`, `failed`: judged. `warning`: passed, but saw a reading a careful implementer would avoid
 *   (`warnings` says which); never changes the verdict.
 * - `error`: the target could not be judged (transport failure, timeout, 5xx or non-JSON where a working API
 *   was needed, a harness exception).
 * - `not-verifiable`: the target lacks what the check needs (a control API, a fixture).
 * - `not-run`: the run ended before the check did (deadline, circuit breaker, interruption; `reason` says).
 * - `not-claimed`: the check's feature is not among the target's claims.
 * - `expected-failure`: a failure matched by an entry of the expected-failures file (`expectation`).
 * - `skipped`: excluded by --only/--skip, or not implemented in this suite version (`reason` says which).
 */
export const outcomes = ['passed', 'warning', 'failed', 'expected-failure', 'error', 'not-verifiable', 'not-run', 'not-claimed', 'skipped'] as const;
export type Outcome = (typeof outcomes)[number];

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
  /**
   * Set when what broke is a clause the check does not cite: a step the check stands on (a `prerequisite`,
   * such as the creation of what it then judges) answered against its operation's own clause, or a write's
   * answer differed from its `read-back`. That clause counts as failed, and the check's own clauses as not
   * verifiable (results/coverage.ts).
   */
  brokenClause?: BrokenClause;
}

export interface BrokenClause {
  /** The id of spec/clauses.yaml that broke. */
  clause: string;
  /** The operationId of the step, write or answer that broke it, or the event type of the delivery. */
  operation: string;
  /** What broke it: a step the check stood on, a write's read-back, an answer or a delivery a judge found wrong. */
  as: 'prerequisite' | 'read-back' | 'answer' | 'delivery';
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
  /** Why a check was not verifiable, not run, not claimed or skipped. */
  reason?: string;
  failure?: Failure;
  /** What a `warning` saw (one line each). */
  warnings?: string[];
  /** The expected-failures entry an `expected-failure` matched. */
  expectation?: Pick<ExpectedFailure, 'id' | 'reason' | 'link'>;
  /** The exchanges of the check: its first requests and its last (harness/http/recorder.ts keeps a few; a pass keeps fewer). */
  exchanges: Exchange[];
  /** How many requests of the check, between the first ones kept and the last, `exchanges` does not hold. */
  exchangesDropped?: number;
  /** Index in `exchanges` of the request the failure judged, when the check knew it (else the reports
   * take the last exchange that is not to the control API). */
  failedExchange?: number;
}

export interface ClauseCoverage {
  id: string;
  section: string;
  kind: string;
  text: string;
  /** Ids of the checks that cite this clause. */
  checks: string[];
  /** Worst outcome among those checks; `uncovered` when no check cites it; `untestable` when the clause is
   * marked so in clauses.yaml (with its reason); `not-claimed` when its feature is not claimed. */
  result: Outcome | 'uncovered' | 'untestable';
  reason?: string;
  /** Its feature (clauses.yaml); absent in reports written before features existed (then `core`). */
  feature?: string;
}

/** One entry of an expected-failures file (docs/expected-failures.example.yaml). */
export interface ExpectedFailure {
  /** A check id, a check-id prefix (`contacts/merge`, a family) or a clause id. */
  id: string;
  /** Why the failure is expected (a bug number, a known gap). */
  reason: string;
  link?: string;
  /** YYYY-MM-DD: from the day after, the entry no longer applies and the failure counts again. */
  until?: string;
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
  /** The features the target claims (always with `core`); absent: every feature (reports before claims). */
  claims?: string[];
  /** The expected-failures file the run applied: its entries, and whether a stale one fails the run. */
  expectations?: { file: string; strict: boolean; entries: ExpectedFailure[] };
  checks: CheckResult[];
  coverage: ClauseCoverage[];
  /** Logs of the container under test (certify --image), masked. */
  containerLogs?: string;
  /** Load results (mcs load) attached to the report, in the shape load/ writes. */
  load?: unknown[];
}

export interface Counts {
  passed: number;
  warning: number;
  failed: number;
  expectedFailure: number;
  error: number;
  notVerifiable: number;
  notRun: number;
  notClaimed: number;
  /** Skipped, and any outcome this version does not know. */
  skipped: number;
  total: number;
}

const countKey: Record<Outcome, keyof Omit<Counts, 'total'>> = {
  passed: 'passed',
  warning: 'warning',
  failed: 'failed',
  'expected-failure': 'expectedFailure',
  error: 'error',
  'not-verifiable': 'notVerifiable',
  'not-run': 'notRun',
  'not-claimed': 'notClaimed',
  skipped: 'skipped',
};

export function countOutcomes(checks: readonly Pick<CheckResult, 'outcome'>[]): Counts {
  const counts: Counts = { passed: 0, warning: 0, failed: 0, expectedFailure: 0, error: 0, notVerifiable: 0, notRun: 0, notClaimed: 0, skipped: 0, total: checks.length };
  for (const { outcome } of checks) counts[countKey[outcome] ?? 'skipped']++;
  return counts;
}
