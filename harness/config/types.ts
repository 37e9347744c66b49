// The target of a run as the harness uses it: plain data, so that it can cross from the runner into the
// vitest workers (vitest `provide`/`inject`). Field names of the fixtures follow the config file.
import type { components } from '../../spec/types/control.js';

type PlanFacts = components['schemas']['PlanFacts'];

export const scopes = ['apikeys:read', 'apikeys:manage', 'numbers:read', 'numbers:manage'] as const;
export type Scope = (typeof scopes)[number];

/** The kinds of channel a run needs (the ChannelKind values of spec/control.openapi.yaml). */
export const channelKinds = [
  'native-shared',
  'native-dedicated',
  'native-dedicated-nocard',
  'native-inbound',
  'sms_provider',
  'whatsapp',
  'rcs',
  'amb',
] as const;
export type ChannelKind = (typeof channelKinds)[number];

export interface ConfiguredChannel {
  id: string;
  address?: string;
  alias?: string | null;
  owner?: 'primary' | 'secondary' | null;
}

/** Fixtures for a target without a control API, as written in the config file. */
export interface ConfigFixtures {
  /** The organization the fixtures belong to, as the control API (or adapter) names it. */
  organization_id?: string;
  api_keys?: { primary?: string; secondary?: string };
  app_tokens?: ConfiguredAppToken[];
  channels?: Partial<Record<ChannelKind, ConfiguredChannel>>;
  /** Numbered lines the checks may move between keys of their own (none owned by the configured keys). */
  spare_lines?: SpareLine[];
  /** Plan facts the vendor states (a subset of the control API's PlanFacts). */
  plan?: StatedPlan;
  /** Numbers for sale in the organization's inventory, full, that browse answers must never reveal. */
  stock?: { phone_number: string; kind: 'shared' | 'dedicated' | 'inbound' }[];
  /** Numbered lines the removal checks may remove for good (a run uses up to four). */
  removable_lines?: SpareLine[];
  /** Handles of friends sharing their location with the linked device account (one an E.164 phone). */
  location_friends?: string[];
  /** The sandbox's test recipients: every message to `failing` fails (with `failing_error_code`), `reading`'s device reads what it gets. */
  test_recipients?: { failing?: string; reading?: string; failing_error_code?: string };
  /** Further sandbox organizations, each by its API key and what holds of it (harness/fixtures/other-organizations.ts). */
  other_organizations?: OtherOrganization[];
}

/** Plan facts a vendor states (a subset of the control API's PlanFacts). */
export type StatedPlan = Partial<Pick<PlanFacts, 'number_purchase_enabled' | 'payment_method' | 'purchase_line_cap' | 'number_pools' | 'active_key_ceiling' | 'outbound_cap_per_organization' | 'outbound_cap_per_number' | 'new_conversation_cap'>>;

/** An app token the config gives, with the scopes it was granted. */
export interface ConfiguredAppToken {
  token: string;
  scopes: Scope[];
}

export interface SpareLine {
  id: string;
  address: string;
  alias?: string | null;
  /** native-dedicated-nocard when not given. */
  kind?: SpareLineKind;
}

export type SpareLineKind = 'native-dedicated-nocard' | 'native-inbound' | 'native-shared' | 'sms_provider';

/** An organization unlike the configured one, described by the vendor. */
export interface OtherOrganization {
  api_key: string;
  /** How the control API or adapter names it, for the operations the checks ask of it there (advanceClock). */
  organization_id?: string;
  plan?: StatedPlan;
  /** false when the organization holds no active number. */
  active_numbers?: boolean;
  app_tokens?: ConfiguredAppToken[];
  spare_lines?: SpareLine[];
  channels?: Partial<Record<ChannelKind, ConfiguredChannel>>;
  /** true when anything may be written there (the robustness checks' generated valid writes). */
  disposable?: boolean;
}

export interface TargetConfig {
  /** The base URL as the user gave it (reported). */
  baseUrl: string;
  /** Root of the v4 API: `{base_url}/v4`. */
  v4Url: string;
  v2Url?: string;
  controlUrl?: string;
  /** A control adapter module (docs/control-adapter.md), used instead of an HTTP control API. */
  controlAdapter?: string;
  /** Timeout of each phase (connect, headers, body) of every request. */
  timeoutMs: number;
  fixtures: ConfigFixtures;
  /** Where the suite's webhook receiver listens, `host:port` (default: loopback, a free port). */
  webhookListen?: string;
  /** The base URL at which the target reaches the receiver, when it runs elsewhere (a tunnel, a container). */
  webhookPublicUrl?: string;
  /** What the description leaves to the target, as the config names it (`target_settings`). */
  targetSettings?: { webhook_replay_path?: string; dry_run_field?: string; amb_invitation_field?: string };
}

export const defaultTimeoutMs = 10_000;
/** Bound of a whole certification run: the full suites take about a minute against a local target. */
export const defaultMaxDurationS = 900;
