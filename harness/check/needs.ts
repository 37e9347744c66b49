// What a check needs of the target beyond the public v4 API: the v2 API, control operations (operationIds of
// spec/control.openapi.yaml) and fixtures (from the control API, or described by the config file). A check whose
// need is unmet is not verifiable, and its reason names what is missing. `mcs coverage --needs` lists them all.
import type { ChannelKind, Scope, TargetConfig } from '../config/types.js';
import type { TargetSettings } from '../fixtures/control-client.js';
import { targetSetting, targetSettingEnv } from '../target-settings.js';
import { unofferedReason } from '../fixtures/control-client.js';
import { offeredByRun } from '../fixtures/control-access.js';
import { isOrganizationScoped, type ControlOperation } from '../fixtures/control-operations.js';
import { configuredOrganization, isOrganizationNeed, organizationReason, type OrganizationNeed } from '../fixtures/other-organizations.js';

/**
 * Fixtures a check may need: a second key, a key of the check's own (`fresh-key`: made by the control API, or
 * through POST /api-keys with a configured app token holding apikeys:manage), a numbered line of the check's
 * own (`spare-line`: made by the control API, or one of the config's spare lines, leased), an organization that can buy
 * numbers (`buying-organization`: a fresh one, or the configured one whose stated plan says so), and that
 * already holds its shared line (`held-shared-line`: a fresh one buys one and drivePurchase confirms it, or the
 * configured one has a native-shared line in the config), one that can
 * browse the inventory (`browsing-organization`: the control API stocks it, or the configured one's stated plan
 * has the feature on and its own stock is browsed), numbers in stock whose full number is known (`known-stock`:
 * seeded by the control API, or the config's stock), friends sharing their location (`location-friends`: seeded
 * by the control API, or the config's location_friends), a line the check may remove (`removable-line`: made by
 * the control API, or one of the config's removable_lines, used up), a line the primary key owns (of a kind), a channel of a
 * kind, any channel; an organization unlike the configured one (harness/fixtures/other-organizations.ts).
 */
const namedFixtureNeeds = ['secondary-key', 'fresh-key', 'spare-line', 'buying-organization', 'held-shared-line', 'browsing-organization', 'known-stock', 'location-friends', 'removable-line', 'owned-line', 'any-channel'] as const;
export type FixtureNeed = (typeof namedFixtureNeeds)[number] | 'delivery-of-its-own' | 'read-status' | 'failed-status' | `channel:${ChannelKind}` | `owned:${ChannelKind}` | OrganizationNeed;

/** The control operation that makes a fixture fresh, where the config may describe one instead. */
const madeBy: Partial<Record<FixtureNeed, ControlOperation>> = {
  'fresh-key': 'createFixtureApiKey',
  'spare-line': 'createFixtureChannel',
  'known-stock': 'seedInventory',
  'location-friends': 'seedLocationContact',
  'removable-line': 'createFixtureChannel',
};

/**
 * `control` (an organization of the check's own: createOrganization, plus the set-up calls) is the old
 * all-or-nothing form, kept for checks not yet precise.
 */
export type Need = 'v2' | 'control' | ControlOperation | FixtureNeed | TokenNeed | SettingNeed;

/**
 * An app token holding some scopes and lacking others (`token:+apikeys:read-apikeys:manage`): a fresh
 * organization's standard tokens meet any, a configured one must be given (fixtures.app_tokens).
 */
export type TokenNeed = `token:${string}`;
/** A setting the description leaves to the target (harness/target-settings.ts): `setting:webhook_replay_path`. */
export type SettingNeed = `setting:${keyof typeof targetSettingEnv}`;

/** The need of an app token with `with` and without `without` (as Fixtures.appToken asks it at run time). */
export function tokenNeed(wanted: { with?: readonly Scope[]; without?: readonly Scope[] }): TokenNeed {
  return `token:${(wanted.with ?? []).map((s) => `+${s}`).join('')}${(wanted.without ?? []).map((s) => `-${s}`).join('')}`;
}

function isTokenNeed(need: Need): need is TokenNeed {
  return need.startsWith('token:');
}

function isSettingNeed(need: Need): need is SettingNeed {
  return need.startsWith('setting:');
}

function tokenWanted(need: TokenNeed): { with: Scope[]; without: Scope[] } {
  const parts = [...need.slice('token:'.length).matchAll(/([+-])([a-z]+:[a-z]+)/g)];
  return { with: parts.filter((p) => p[1] === '+').map((p) => p[2] as Scope), without: parts.filter((p) => p[1] === '-').map((p) => p[2] as Scope) };
}

export interface Offer {
  target: TargetConfig;
  /** What the control API announced (and the config's target_settings), for the `setting:` needs. */
  targetSettings?: TargetSettings;
  /** createOrganization offered: every file gets an organization with the standard fixtures. */
  control: boolean;
  controlOperations?: readonly string[];
}

export function isFixtureNeed(need: string): need is FixtureNeed {
  return (namedFixtureNeeds as readonly string[]).includes(need) || need.startsWith('channel:') || need.startsWith('owned:') || isOrganizationNeed(need);
}

/** The first unmet need, as the reason the check is not verifiable; undefined when all are met. */
export function unmetNeed(needs: readonly Need[], offer: Offer): string | undefined {
  for (const need of needs) {
    const reason = reasonUnmet(need, offer);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

function reasonUnmet(need: Need, given: Offer): string | undefined {
  const offer = { ...given, controlOperations: offeredByRun(given) };
  if (need === 'v2') return offer.target.v2Url === undefined ? 'needs the v2 API (no v2 base URL given)' : undefined;
  if (isTokenNeed(need)) return offer.control ? undefined : unmetToken(tokenWanted(need), offer.target);
  if (isSettingNeed(need)) {
    const name = need.slice('setting:'.length) as keyof typeof targetSettingEnv;
    const known = targetSetting(name, { ...offer.target.targetSettings, ...offer.targetSettings }) !== undefined;
    return known ? undefined : `needs the target setting ${name}, which the description does not give (${targetSettingEnv[name]}, the config file's target_settings.${name}, or the control API's announcement)`;
  }
  const creates = offer.control || (offer.controlOperations ?? []).includes('createOrganization');
  // A webhook delivery the check can tell is its own: a customer's message it made, or any event of an
  // organization of its own (createOrganization: nothing else happens there).
  // Messages read by their recipient: driven (driveMessageStatus), or read by the sandbox's reading test
  // recipient in an organization of the check's own (createOrganization), where every read is the check's.
  if (need === 'read-status') {
    if (reasonUnmet('driveMessageStatus', given) === undefined) return undefined;
    return offer.target.fixtures.test_recipients?.reading !== undefined && creates
      ? undefined
      : `${unofferedReason('driveMessageStatus')}, or the sandbox's reading test recipient (the config file's fixtures.test_recipients.reading) with createOrganization`;
  }
  // A message that fails: driven (driveMessageStatus), or sent to the sandbox's failing test recipient.
  if (need === 'failed-status') {
    if (reasonUnmet('driveMessageStatus', given) === undefined) return undefined;
    return offer.target.fixtures.test_recipients?.failing !== undefined ? undefined : `${unofferedReason('driveMessageStatus')}, or the sandbox's failing test recipient (the config file's fixtures.test_recipients.failing)`;
  }
  if (need === 'delivery-of-its-own') {
    const inbound = reasonUnmet('simulateInboundMessage', given);
    return inbound === undefined || creates ? undefined : `needs a webhook delivery it can tell is its own: the control operation simulateInboundMessage, or createOrganization (an organization of its own, where a public merge's contact.merged is)`;
  }
  if (need === 'control') return creates ? undefined : offer.controlOperations === undefined ? 'needs the control API (the target has none)' : unofferedReason('createOrganization');
  // An organization unlike the configured one is made where the control API or adapter makes organizations,
  // though the files stand on the configured one (harness/discovery/run.ts).
  if (isOrganizationNeed(need) && creates) return undefined;
  const maker = isFixtureNeed(need) ? madeBy[need] : undefined;
  if (maker !== undefined && reasonUnmet(maker, given) === undefined) return undefined;
  // A fresh organization of the file's has none of what the config describes of the vendor's: only its
  // control operation makes one there (a key of its own it makes with the fresh organization's app token).
  if (maker !== undefined && offer.control && need !== 'fresh-key') return reasonUnmet(maker, given);
  // The fresh organization's shared line is bought, and its provisioning confirmed by the payment provider.
  if (need === 'held-shared-line' && offer.control) return reasonUnmet('drivePurchase', given);
  if (isFixtureNeed(need)) return offer.control ? undefined : unmetFixture(need, offer.target);
  if (offer.controlOperations === undefined) return `needs the control operation ${need} (the target has no control API nor adapter)`;
  if (!offer.controlOperations.includes(need)) return unofferedReason(need);
  const hasOrganization = offer.control || offer.target.fixtures.organization_id !== undefined || offer.target.controlAdapter !== undefined;
  if (isOrganizationScoped(need) && !hasOrganization) return `needs the organization id for the control operation ${need} (the config file's fixtures.organization_id)`;
  return undefined;
}

function unmetFixture(need: FixtureNeed, target: TargetConfig): string | undefined {
  const fixtures = target.fixtures;
  const channels = Object.values(fixtures.channels ?? {});
  if (need === 'fresh-key') {
    const manages = (fixtures.app_tokens ?? []).some((token) => token.scopes.includes('apikeys:manage'));
    return manages ? undefined : "needs a key of the check's own: the control operation createFixtureApiKey, or an app token with apikeys:manage in the config file's fixtures.app_tokens";
  }
  if (need === 'spare-line') {
    return (fixtures.spare_lines ?? []).length > 0 ? undefined : "needs a numbered line of the check's own: the control operation createFixtureChannel, or the config file's fixtures.spare_lines";
  }
  if (isOrganizationNeed(need)) return configuredOrganization(fixtures, need) === undefined ? organizationReason(need) : undefined;
  if (need === 'buying-organization') return canBuy(fixtures.plan) ? undefined : buyingReason;
  if (need === 'browsing-organization') {
    return fixtures.plan?.number_purchase_enabled === true ? undefined : "needs an organization that can browse numbers: the control operations seedInventory and setPlanFacts, or the config file's fixtures.plan with number_purchase_enabled: true";
  }
  if (need === 'known-stock') return (fixtures.stock ?? []).length > 0 ? undefined : "needs numbers in stock whose full number is known: the control operation seedInventory, or the config file's fixtures.stock";
  if (need === 'removable-line') {
    return (fixtures.removable_lines ?? []).length > 0 || canBuy(fixtures.plan) ? undefined : "needs a line it may remove: the control operation createFixtureChannel, the config file's fixtures.removable_lines, or its fixtures.plan stating number_purchase_enabled: true and payment_method: valid (a line is bought)";
  }
  if (need === 'held-shared-line') {
    const held = fixtures.channels?.['native-shared'] !== undefined || (fixtures.spare_lines ?? []).some((line) => line.kind === 'native-shared');
    return held ? undefined : "needs an organization holding its shared line: the control operations createOrganization and drivePurchase, or a native-shared line in the config file's fixtures.channels or spare_lines";
  }
  if (need === 'location-friends') {
    return (fixtures.location_friends ?? []).some(isPhoneHandle) ? undefined : "needs friends sharing their location, one by an E.164 phone: the control operation seedLocationContact, or the config file's fixtures.location_friends";
  }
  if (need === 'secondary-key') return fixtures.api_keys?.secondary === undefined ? 'needs the secondary API key (the config file\'s fixtures.api_keys.secondary)' : undefined;
  if (need === 'any-channel') return channels.length === 0 ? 'needs a channel of the organization (the config file\'s fixtures.channels)' : undefined;
  if (need === 'owned-line') {
    const owned = channels.some((channel) => channel.owner === 'primary' && channel.address !== undefined && channel.address !== '');
    return owned ? undefined : 'needs a numbered line the primary key owns (a channel with owner: primary and its address in the config file\'s fixtures.channels)';
  }
  if (need.startsWith('owned:')) {
    const kind = need.slice('owned:'.length) as ChannelKind;
    const channel = fixtures.channels?.[kind];
    const owned = channel?.owner === 'primary' && channel.address !== undefined && channel.address !== '';
    return owned ? undefined : `needs a ${kind} line the primary key owns (the config file's fixtures.channels.${kind} with owner: primary and its address)`;
  }
  const kind = need.slice('channel:'.length) as ChannelKind;
  return fixtures.channels?.[kind] === undefined ? `needs a channel of kind ${kind} (the config file's fixtures.channels.${kind})` : undefined;
}

/** The reason Fixtures.appToken gives when no configured token fits (the same words, so a run and a forecast agree). */
function unmetToken(wanted: { with: Scope[]; without: Scope[] }, target: TargetConfig): string | undefined {
  const fits = (target.fixtures.app_tokens ?? []).some(({ scopes }) => wanted.with.every((s) => scopes.includes(s)) && wanted.without.every((s) => !scopes.includes(s)));
  if (fits) return undefined;
  const parts = [...(wanted.with.length > 0 ? [`with ${wanted.with.join(', ')}`] : []), ...(wanted.without.length > 0 ? [`without ${wanted.without.join(', ')}`] : [])];
  return `needs an app token${parts.length > 0 ? ` ${parts.join(' and ')}` : ''} (none configured)`;
}

/** Whether a location handle is an E.164 phone number (the form whose `+` travels as %2B). */
export function isPhoneHandle(handle: string): boolean {
  return /^\+[1-9][0-9]{1,14}$/.test(handle);
}

/** Whether stated plan facts let the organization buy numbers without an action: the feature on, a valid card. */
function canBuy(plan: { number_purchase_enabled?: boolean; payment_method?: string } | undefined): boolean {
  return plan?.number_purchase_enabled === true && plan.payment_method === 'valid';
}

const buyingReason =
  "needs an organization that can buy numbers: the control operation createOrganization, or the config file's fixtures.plan with number_purchase_enabled: true and payment_method: valid";
