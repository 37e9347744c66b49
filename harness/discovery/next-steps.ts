// What a vendor can add next, and what each addition unlocks, by the run's own needs logic
// (harness/check/needs.ts unmetNeed over the checks' declared needs, forecast.ts): `mcs init` says it of every
// fixture it could not find, `mcs coverage --needs --config` of every step, `mcs doctor` and certify (before its
// first check) of each step that would unlock something, and a certify run ends with the one or two that unlock
// the most: one count for each step, wherever it is said. A step is a change of the set-up (a fixture given,
// control operations offered); what it unlocks is the in-scope clauses whose every citing check has its
// declared needs met with it and not without it.
import { channelKinds, type ConfigFixtures, type TargetConfig } from '../config/types.js';
import type { Offer } from '../check/needs.js';
import { controlOperationIds } from '../fixtures/control-operations.js';
import { declaredChecks, forecastScope, type DeclaredNeeds, type Forecast, type ForecastScope } from './forecast.js';

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

/** What each step unlocks on top of `setUp`, by the declared needs alone, within the run's scope; most first, none left out. */
export function stepGains(checks: readonly DeclaredNeeds[], setUp: Offer, scope: ForecastScope = {}): StepGain[] {
  const now = forecastScope(checks, setUp, scope).verifiable;
  return steps
    .map((step) => ({ step, clauses: [...forecastScope(checks, step.apply(setUp), scope).verifiable].filter((clause) => !now.has(clause)).sort() }))
    .sort((a, b) => b.clauses.length - a.clauses.length);
}

/** A step with its count, in the same words wherever it is said (init, doctor, certify before and after its run). */
export function stepLine({ step, clauses }: StepGain): string {
  return `${step.name}: ${step.what}; unlocks ${clauses.length} clause(s)`;
}

/** The lines a run's summary ends with: the one or two steps that unlock the most. */
export function nextStepLines(gains: readonly StepGain[], count = 2): string[] {
  const shown = gains.filter((gain) => gain.clauses.length > 0).slice(0, count);
  if (shown.length === 0) return [];
  return ['next steps (what unlocks the most):', ...shown.map((gain) => `  ${stepLine(gain)}`)];
}

/**
 * What a set-up will leave unverified, said before any check runs (certify, doctor): the count, then one line
 * for each step that would unlock some of it, with what it costs. None when the set-up can verify everything
 * in scope.
 */
export function costLines(forecast: Pick<Forecast, 'inScope' | 'verifiable'>, gains: readonly StepGain[]): string[] {
  const missing = forecast.inScope.size - forecast.verifiable.size;
  if (missing === 0) return [];
  return [
    `set-up: ${forecast.verifiable.size} of ${forecast.inScope.size} in-scope clause(s) can be verified by the checks' declared needs; ${missing} cannot, so the verdict can only be incomplete:`,
    ...gains.filter((gain) => gain.clauses.length > 0).map(({ step, clauses }) => `  without ${step.name}: ${clauses.length} clause(s) unverified; ${step.what}`),
  ];
}

/** The set-up of a run as the needs logic sees it. */
export function setUpOf(target: TargetConfig, run: { control: boolean; controlOperations?: readonly string[] | undefined; targetSettings?: Offer['targetSettings'] }): Offer {
  return { target, control: run.control, ...(run.controlOperations === undefined ? {} : { controlOperations: run.controlOperations }), ...(run.targetSettings === undefined ? {} : { targetSettings: run.targetSettings }) };
}

export interface SetUpPlan {
  forecast: Forecast;
  /** Every step, most unlocked first (those that unlock nothing too). */
  gains: StepGain[];
}

/** The forecast of a set-up and the gain of every step, from the suites' catalog (cached between runs). */
export async function planOf(setUp: Offer, scope: ForecastScope = {}, checks?: readonly DeclaredNeeds[]): Promise<SetUpPlan> {
  const declared = checks ?? (await declaredChecks());
  return { forecast: forecastScope(declared, setUp, scope), gains: stepGains(declared, setUp, scope) };
}
