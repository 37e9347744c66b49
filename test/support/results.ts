// Small run reports for the tests of the verdict, the certificate and the reporters: checks over a few
// clauses, with coverage computed as the runner computes it, so that checks and clauses always agree.
import type { Clause } from '../../spec/index.js';
import { coverageFromResults } from '../../results/coverage.js';
import type { CheckResult, Outcome, RunReport } from '../../results/model.js';

export const testClauses: Clause[] = [
  { id: 'contacts.merge.one', section: '4 Contacts', kind: 'behaviour', text: 'one', needs_control: false, feature: 'core' },
  { id: 'contacts.merge.two', section: '4 Contacts', kind: 'behaviour', text: 'two', needs_control: false, feature: 'core' },
  { id: 'v2.send.three', section: '4 v2', kind: 'behaviour', text: 'three', needs_control: false, feature: 'v2' },
  { id: 'contacts.hidden.four', section: '4 Contacts', kind: 'behaviour', text: 'four', needs_control: false, feature: 'core', untestable: 'not observable' },
];

export function check(id: string, outcome: Outcome, clauses: string[], extra: Partial<CheckResult> = {}): CheckResult {
  return { id, area: id.split('/')[0] ?? id, title: id, clauses, outcome, durationMs: 1, exchanges: [], ...extra };
}

/** A report of `checks` over testClauses (or `clauses`), complete unless a selection is given. */
export function reportOf(checks: CheckResult[], options: { claims?: string[]; selection?: RunReport['selection']; clauses?: Clause[]; expectations?: RunReport['expectations'] } = {}): RunReport {
  const selection = options.selection ?? { only: [], skip: [] };
  const report: RunReport = {
    suite: { name: 'mcs-conformance', version: '0.1.0' },
    apiVersion: '4.0.0-beta',
    specHashes: {},
    target: { baseUrl: 'http://127.0.0.1:1/', embedded: false },
    startedAt: '2026-11-26T04:00:00.000Z',
    endedAt: '2026-11-26T04:01:00.000Z',
    environment: { node: 'v20', platform: 'linux', arch: 'x64' },
    seed: 1,
    selection,
    complete: selection.only.length === 0 && selection.skip.length === 0,
    checks,
    coverage: coverageFromResults(options.clauses ?? testClauses, checks, options.claims),
  };
  if (options.claims !== undefined) report.claims = options.claims;
  if (options.expectations !== undefined) report.expectations = options.expectations;
  return report;
}

/** Every clause of testClauses passed. */
export function conformantChecks(): CheckResult[] {
  return [check('contacts/merge-one', 'passed', ['contacts.merge.one']), check('contacts/merge-two', 'passed', ['contacts.merge.two']), check('v2/send', 'passed', ['v2.send.three'])];
}
