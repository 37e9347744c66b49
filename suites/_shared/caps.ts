// Organizations whose send caps a check runs into (section 7 429 rows; section 8 Limits). Their configured
// values are not shown, so the organization is either one of the check's own, made with the cap set low
// (createOrganization), or one the config describes with its cap stated. A configured one keeps its window
// across checks and runs: a check holds it alone within the run, and first moves its clock a day on
// (advanceClock for that organization), so that the window holds nothing of earlier sends. Two runs against
// one sandbox at once would share it (docs/control-adapter.md: runs must not overlap).
import { createHash } from 'node:crypto';
import type { CheckContext, Fixtures } from '../../harness/check/index.js';
import type { ChannelFixture } from '../../harness/fixtures/control-client.js';
import type { ChannelKind } from '../../harness/config/types.js';
import { unofferedReason } from '../../harness/fixtures/control-client.js';
import type { SendCap } from '../../harness/fixtures/other-organizations.js';
import { newLine } from './common.js';
import { holdAlone } from './spare-lines.js';
import { assign, assignOk, keyAdmin } from './api-keys.js';
import { shown } from './common.js';

export const day = 24 * 60 * 60 * 1000;

/** The organization needs of harness/fixtures/other-organizations.ts for each send cap. */
const needOf = {
  outbound_cap_per_organization: 'organization-with-an-organization-cap',
  outbound_cap_per_number: 'organization-with-a-per-number-cap',
  new_conversation_cap: 'organization-with-a-new-conversation-cap',
} as const satisfies Record<SendCap, string>;

export interface Capped {
  fx: Fixtures;
  /** The cap in force: as set, or as the config states it. */
  cap: number;
}

/** An organization whose `cap` the check may run into, its window empty. */
export async function cappedOrganization(t: CheckContext, cap: SendCap): Promise<Capped> {
  const fx = await t.otherOrganization(needOf[cap]);
  const value = fx.plan?.[cap];
  if (typeof value !== 'number') return t.notVerifiable(`needs the organization's ${cap} stated (plan.${cap})`);
  if (fx.source === 'config') await emptyWindow(t, fx, cap);
  return { fx, cap: value };
}

async function emptyWindow(t: CheckContext, fx: Fixtures, cap: SendCap): Promise<void> {
  // Known before waiting for the organization: without the clock the check cannot use it at all.
  if (fx.organizationId === undefined || !fx.controlOffers('advanceClock')) {
    t.notVerifiable(
      `the window of the organization with ${cap} stated may hold earlier checks' or runs' sends: ${unofferedReason('advanceClock')} for that organization (its organization_id in fixtures.other_organizations)`,
    );
  }
  // Named by a digest of its key: the key is a secret, and the name a folder.
  await holdAlone(t, createHash('sha256').update(fx.apiKey()).digest('hex').slice(0, 16), 'other_organizations');
  await fx.control().advanceClock(day + 60_000);
}

/**
 * A line of `kind` the organization's primary key owns: the configured one (owner primary), or one made for it
 * in an organization of the check's own. Whether a key may send from a line it does not own is not shown.
 */
export async function keysOwnLine(t: CheckContext, fx: Fixtures, kind: ChannelKind): Promise<ChannelFixture> {
  if (fx.source === 'control' && fx.controlOffers('createFixtureChannel')) return newLine(fx, kind, fx.apiKey());
  if (fx.source === 'control') return givenToThePrimaryKey(t, fx, kind);
  const owned = fx.channels.find((channel) => channel.kind === kind && channel.owner_api_key === fx.apiKey());
  return owned ?? t.notVerifiable(`needs a ${kind} line the organization's primary key owns (its channels in fixtures.other_organizations)`);
}

/** The line of `kind` the organization was made with (createOrganization), given to its primary key through the public API. */
async function givenToThePrimaryKey(t: CheckContext, fx: Fixtures, kind: ChannelKind): Promise<ChannelFixture> {
  const line = fx.channels.find((channel) => channel.kind === kind) ?? t.notVerifiable(`needs a ${kind} line in the organization made for the check: its standard lines (createOrganization), or createFixtureChannel`);
  if (line.owner_api_key === fx.apiKey()) return line;
  const given = await assign(keyAdmin(fx), fx.apiKey(), line.id);
  if (!(assignOk as readonly number[]).includes(given.status)) return t.notVerifiable(`could not give the ${kind} line ${line.id} to the organization's primary key: ${shown(given)}`);
  return { ...line, owner_api_key: fx.apiKey() };
}
