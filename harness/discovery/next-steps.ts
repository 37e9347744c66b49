// What a vendor can add next, and what each addition unlocks, by the run's own needs logic
// (harness/check/needs.ts unmetNeed over the checks' declared needs): `mcs init` says it of every fixture it could
// not find, `mcs coverage --needs --config` of every step, and a certify run ends with the one or two that unlock
// the most. A step is a change of the set-up (a fixture given, control operations offered); what it unlocks is
// the clauses whose every citing check has its declared needs met with it and not without it.
import { channelKinds, type ConfigFixtures, type TargetConfig } from '../config/types.js';
import { unmetNeed, type Need, type Offer } from '../check/needs.js';
import { controlOperationIds } from '../fixtures/control-operations.js';
import type { RunReport } from '../../results/model.js';
import { declaredChecks, forecastVerifiable, type DeclaredNeeds } from './forecast.js';

export interface Step {
  /** What to add, as the config or the adapter names it. */
  name: string;
  /** What it is, in a few words. */
  what: string;
  apply(setUp: Offer): Offer;
}

const withFixtures = (setUp: Offer, change: (fixtures: ConfigFixtures) => ConfigFixtures): Offer => ({ ...setUp, target: { ...setUp.target, fixtures: change(setUp.target.fixtures) } });
const line = (n: number, kind?: 'sms_provider' | 'native-inbound' | 'native-shared') => ({ id: `ch_step${n}`, address: `+1555000${String(n).padStart(4, '0')}`, ...(kind === undefined ? {} : { kind }) });
/** The set-up with `operations` offered, through an adapter where no control API or adapter is there yet (it acts on the configured organization). */
const offering = (setUp: Offer, operations: readonly string[]): Offer => ({
  ...setUp,
  target: setUp.target.controlUrl === undefined && setUp.target.controlAdapter === undefined ? { ...setUp.target, controlAdapter: 'your-adapter.mjs' } : setUp.target,
  controlOperations: [...new Set([...(setUp.controlOperations ?? []), ...operations])],
});

const allScopes = ['apikeys:read', 'apikeys:manage', 'numbers:read', 'numbers:manage'] as const;
/** App tokens of the standard scope sets (all four, each alone, none), as createOrganization gives them. */
const standardTokens = [[...allScopes], ...allScopes.map((scope) => [scope]), []].map((scopes, n) => ({ token: `tok_step${n}`, scopes }));

export const steps: readonly Step[] = [
  { name: 'v2_base_url', what: 'the v2 API', apply: (s) => ({ ...s, target: { ...s.target, v2Url: s.target.v2Url ?? 'http://v2.example' } }) },
  { name: 'fixtures.api_keys.secondary', what: 'a second API key of the organization', apply: (s) => withFixtures(s, (f) => ({ ...f, api_keys: { ...f.api_keys, secondary: f.api_keys?.secondary ?? 'api_step' } })) },
  {
    name: 'fixtures.app_tokens',
    what: 'app tokens of the organization: one with all four scopes (checks make keys of their own), one per scope alone, one with none',
    apply: (s) => withFixtures(s, (f) => ({ ...f, app_tokens: [...(f.app_tokens ?? []), ...standardTokens] })),
  },
  {
    name: 'target_settings',
    what: 'what the description leaves to the target: the webhook replay path, the dry-run field, the invitation field',
    apply: (s) => ({ ...s, target: { ...s.target, targetSettings: { webhook_replay_path: '/replay', dry_run_field: 'dry_run', amb_invitation_field: 'invitation_id', ...s.target.targetSettings } } }),
  },
  {
    name: 'fixtures.channels',
    what: 'a line of each kind, the native dedicated one owned by the primary key',
    apply: (s) => withFixtures(s, (f) => ({ ...f, channels: Object.fromEntries(channelKinds.map((kind, n) => [kind, f.channels?.[kind] ?? { ...line(100 + n), owner: kind === 'native-dedicated' ? 'primary' : null }])) })),
  },
  {
    name: 'fixtures.plan (number_purchase_enabled: true, payment_method: valid)',
    what: "the organization may buy numbers with a card that pays (billable: a sandbox's)",
    apply: (s) => withFixtures(s, (f) => ({ ...f, plan: { ...f.plan, number_purchase_enabled: true, payment_method: 'valid' } })),
  },
  {
    name: 'fixtures.spare_lines',
    what: 'numbered lines no key owns, native and SMS, that checks lend to keys of their own',
    apply: (s) => withFixtures(s, (f) => ({ ...f, spare_lines: f.spare_lines ?? [line(1), line(2), line(3, 'sms_provider'), line(4, 'sms_provider'), line(5, 'sms_provider'), line(6, 'native-inbound'), line(7, 'native-shared')] })),
  },
  {
    name: 'fixtures.test_recipients',
    what: "the sandbox's test numbers: one every message to which fails (with the error_code its failures carry), one whose device reads what it gets",
    apply: (s) => withFixtures(s, (f) => ({ ...f, test_recipients: f.test_recipients ?? { failing: '+15005550001', reading: '+15005550002', failing_error_code: 'unreachable' } })),
  },
  { name: 'fixtures.stock', what: 'numbers for sale, by full number, that browse answers must never reveal', apply: (s) => withFixtures(s, (f) => ({ ...f, stock: f.stock ?? [{ phone_number: '+14155550100', kind: 'dedicated' }] })) },
  { name: 'fixtures.location_friends', what: 'friends sharing their location, one by an E.164 phone', apply: (s) => withFixtures(s, (f) => ({ ...f, location_friends: f.location_friends ?? ['+14155550199'] })) },
  { name: 'fixtures.removable_lines', what: 'lines the removal checks may remove for good', apply: (s) => withFixtures(s, (f) => ({ ...f, removable_lines: f.removable_lines ?? [line(9)] })) },
  { name: 'an adapter with createOrganization and setPlanFacts', what: 'organizations made by your adapter: every plan state the checks need (docs/control-adapter.md)', apply: (s) => offering(s, ['createOrganization', 'setPlanFacts']) },
  { name: 'simulateInboundMessage and advanceClock in your adapter', what: 'a customer writes in, and the clock moves', apply: (s) => offering(s, ['simulateInboundMessage', 'advanceClock']) },
  { name: 'the whole control API', what: 'every control operation (spec/control.openapi.yaml): every file gets an organization of its own', apply: (s) => ({ ...offering(s, controlOperationIds()), control: true }) },
];

export interface StepGain {
  step: Step;
  /** Clauses it unlocks. */
  clauses: string[];
}

/** What each step unlocks on top of `setUp`, by the declared needs alone; most first, none left out. */
export function stepGains(checks: readonly DeclaredNeeds[], setUp: Offer): StepGain[] {
  const now = forecastVerifiable(checks, setUp).verifiable;
  return steps
    .map((step) => ({ step, clauses: [...forecastVerifiable(checks, step.apply(setUp)).verifiable].filter((clause) => !now.has(clause)).sort() }))
    .sort((a, b) => b.clauses.length - a.clauses.length);
}

/**
 * The one or two steps that unlock the most after a run: a clause counts when every citing check passed, or was
 * not verifiable for the very need (its declared need unmet, by the same logic) that the step meets.
 */
export function nextSteps(report: Pick<RunReport, 'checks' | 'coverage'>, checks: readonly DeclaredNeeds[], setUp: Offer, count = 2): StepGain[] {
  const declared = new Map(checks.map((check) => [check.id, check.needs as Need[]]));
  const outcome = new Map(report.checks.map((check) => [check.id, check]));
  const blockedByDeclared = (id: string) => {
    const check = outcome.get(id);
    const needs = declared.get(id) ?? [];
    return check?.outcome === 'not-verifiable' && unmetNeed(needs, setUp) === check.reason;
  };
  const gains = steps.map((step) => {
    const after = step.apply(setUp);
    const clauses = report.coverage
      .filter((clause) => clause.result !== 'passed' && clause.result !== 'untestable')
      .filter((clause) =>
        clause.checks.every((id) => {
          const check = outcome.get(id);
          if (check === undefined || check.outcome === 'passed' || check.outcome === 'warning') return true;
          return blockedByDeclared(id) && unmetNeed(declared.get(id) ?? [], after) === undefined;
        }),
      )
      .map((clause) => clause.id);
    return { step, clauses };
  });
  return gains.filter((gain) => gain.clauses.length > 0).sort((a, b) => b.clauses.length - a.clauses.length).slice(0, count);
}

/** The lines a run's summary ends with. */
export function nextStepLines(gains: readonly StepGain[]): string[] {
  if (gains.length === 0) return [];
  return ['next steps (what unlocks the most):', ...gains.map(({ step, clauses }) => `  ${step.name}: ${step.what}; unlocks ${clauses.length} clause(s)`)];
}

/** The set-up of a run as the needs logic sees it. */
export function setUpOf(target: TargetConfig, run: { control: boolean; controlOperations?: readonly string[] | undefined; targetSettings?: Offer['targetSettings'] }): Offer {
  return { target, control: run.control, ...(run.controlOperations === undefined ? {} : { controlOperations: run.controlOperations }), ...(run.targetSettings === undefined ? {} : { targetSettings: run.targetSettings }) };
}

/** The next-steps lines of a finished run, from the suites' catalog (cached) and the run's set-up; none for a run without a gap. */
export async function runNextStepLines(report: Pick<RunReport, 'checks' | 'coverage'>, setUp: Offer): Promise<string[]> {
  if (report.coverage.every((clause) => clause.result === 'passed' || clause.result === 'untestable')) return [];
  const checks = await declaredChecks().catch(() => undefined);
  return checks === undefined ? [] : nextStepLines(nextSteps(report, checks, setUp));
}
