// A numbered line of the check's own (need `spare-line`): made by the control API where it offers
// createFixtureChannel, else one of the config's spare lines (fixtures.spare_lines), leased for the check alone.
// The lease is a folder per line in the run's shared folder (mkdir is atomic across the run's workers), given
// back when the check ends. A leased line is first set to no owner, since a run that was cut may have left one:
// a throwaway key of the check's own takes it and lets it go. Set-up the target refuses leaves the check not
// verifiable; the assignment checks judge those operations.
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { path, type ApiClient, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import { unofferedReason, type ChannelFixture } from '../../harness/fixtures/control-client.js';
import { channelTypeOf } from '../../harness/fixtures/fixtures.js';
import type { SpareLine, SpareLineKind } from '../../harness/config/types.js';
import { assign, assignOk, deleteOk, dropOwnKey, keyAdmin, numberedLine, ownKey, unassign } from './api-keys.js';
import { isRecord, shown } from './common.js';
import { pollPurchase, purchase, purchaseOf } from './numbers.js';
import { channelViewsInPassing } from './views.js';

/** How long a check waits for a spare line other checks hold. */
const leaseWaitMs = 30_000;

export interface LineWanted {
  /** The key that owns the line at the start (none by default). */
  owner?: string;
  /** The line must have an alias: the control API makes it with this one, a spare line must have its own. */
  alias?: string;
  /** A native dedicated line without a contact card (the default), or a line of another numbered kind. */
  kind?: SpareLineKind;
}

export async function lineOfItsOwn(t: CheckContext, fx: Fixtures, wanted: LineWanted = {}): Promise<ChannelFixture> {
  const line = await leasedOrMade(t, fx, wanted);
  // Every view of the line agrees with what was made (spec/fields/views.yaml Channel), for the first lines of a check.
  await channelViewsInPassing(t, fx, line);
  return line;
}

async function leasedOrMade(t: CheckContext, fx: Fixtures, wanted: LineWanted): Promise<ChannelFixture> {
  const kind = wanted.kind ?? 'native-dedicated-nocard';
  if (fx.controlOffers('createFixtureChannel')) return numberedLine(fx, wanted.owner ?? null, wanted.alias, kind);
  // The config's spare lines are the vendor's organization's; a fresh organization lends its own unowned lines.
  if (fx.source === 'control' && fx.spareLines.length === 0) return t.notVerifiable(unofferedReason('createFixtureChannel'));
  // A check that needs no alias takes the lines without one first, leaving those with one to the checks that do.
  const hasAlias = (line: { alias?: string | null }) => (line.alias ?? '') !== '';
  // An organization made for the check lends its own lines, one of each kind: a check that names no kind takes any native one.
  const kinds: readonly string[] = fx.source === 'control' && wanted.kind === undefined ? ['native-dedicated-nocard', 'native-inbound', 'native-shared'] : [kind];
  const spares = fx.spareLines
    .filter((line) => kinds.includes(line.kind ?? 'native-dedicated-nocard') && (wanted.alias === undefined || hasAlias(line)))
    .sort((a, b) => Number(hasAlias(a)) - Number(hasAlias(b)));
  if (spares.length === 0) return t.notVerifiable(`needs a spare ${kind} line${wanted.alias === undefined ? '' : ' with an alias'} (the config file's fixtures.spare_lines)`);
  const spare = await lease(t, spares, sparePool);
  const line = lineFixtureOf(spare);
  // A line the config calls by the wrong kind would make the check judge the target on a false premise.
  const described = await fx.v4().get(path`/channels/${line.id}`);
  const type = isRecord(described.body) && isRecord(described.body.data) ? described.body.data.type : undefined;
  if (described.status === 200 && typeof type === 'string' && type !== line.type) {
    return t.notVerifiable(`the spare line ${line.id} is of type ${type}, not ${line.type} as its kind in the config file's spare_lines (${kind}) says`);
  }
  const admin = keyAdmin(fx);
  const throwaway = await ownKey(t, fx);
  const taken = await assign(admin, throwaway, line.id);
  if (!(assignOk as readonly number[]).includes(taken.status)) return t.notVerifiable(`could not set the spare line ${line.id} to no owner: taking it answered ${shown(taken)}`);
  const released = await unassign(admin, throwaway, line.id);
  if (!(deleteOk as readonly number[]).includes(released.status)) return t.notVerifiable(`could not set the spare line ${line.id} to no owner: releasing it answered ${shown(released)}`);
  // Its slot under the organization's ceiling of active keys is wanted by the other checks.
  await dropOwnKey(fx, throwaway);
  if (wanted.owner === undefined) return line;
  const given = await assign(admin, wanted.owner, line.id);
  if (!(assignOk as readonly number[]).includes(given.status)) return t.notVerifiable(`could not give the spare line ${line.id} its first owner: ${shown(given)}`);
  return { ...line, owner_api_key: wanted.owner };
}

/** Some numbered line of `fx`'s organization, to name and not to change: a fresh one, or its first spare line. */
export async function aLineOf(t: CheckContext, fx: Fixtures): Promise<Pick<ChannelFixture, 'id' | 'address'>> {
  if (fx.controlOffers('createFixtureChannel')) return numberedLine(fx);
  return fx.spareLines[0] ?? t.notVerifiable("needs a numbered line of the other organization (its spare_lines in the config file's fixtures.other_organizations)");
}

/**
 * One of `lines` for this check alone: until it ends (`giveBack`), or for the rest of the run (a line the check
 * uses up). Its tidy-ups run last-registered first: this one last.
 */
async function lease<T extends { id: string }>(t: CheckContext, lines: readonly T[], pool: LinePool, giveBack = true): Promise<T> {
  // Worker threads of one run share a process: without the run's folder, one per process still serves them.
  const dir = join(t.run.bounds?.stateDir ?? join(tmpdir(), `mcs-spare-lines-${process.pid}`), pool.folder);
  await mkdir(dir, { recursive: true });
  const until = Date.now() + leaseWaitMs;
  for (;;) {
    for (const line of lines) {
      const held = join(dir, line.id);
      try {
        await mkdir(held);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      if (giveBack) t.afterwards(() => rm(held, { recursive: true, force: true }));
      return line;
    }
    if (!giveBack) return t.notVerifiable(`every one of the config file's fixtures.${pool.field} was used up by other checks of this run (give more)`);
    if (Date.now() > until) return t.notVerifiable(pool.busy ?? `every one of the config file's fixtures.${pool.field} was held by other checks for ${leaseWaitMs / 1000} s (give more)`);
    await sleep(200);
  }
}

/**
 * Holds a thing the config describes (`name`: not a secret, it names a folder) for this check alone until it
 * ends: the checks that share it take turns.
 */
export async function holdAlone(t: CheckContext, name: string, field: string): Promise<void> {
  await lease(t, [{ id: name }], { folder: 'held', field, busy: `the one of the config file's fixtures.${field} this check needs was held by other checks for ${leaseWaitMs / 1000} s` });
}

/** Where a kind of configured line is leased: the run's folder for it, and the config field that lists them. */
interface LinePool {
  folder: string;
  field: string;
  /** Why the check is not verifiable when every line stayed held (default: give more). */
  busy?: string;
}

const sparePool: LinePool = { folder: 'spare-lines', field: 'spare_lines' };
const removablePool: LinePool = { folder: 'removable-lines', field: 'removable_lines' };

/**
 * A numbered line the check may remove (need `removable-line`): made by the control API where it offers
 * createFixtureChannel, else one of the config's removable lines, taken for the rest of the run (removing it
 * uses it up), else one the check buys where the configured organization's stated plan lets it buy (so that a
 * config runs again with nothing used up). A line already gone (an earlier run removed it) leaves the check
 * not verifiable.
 */
export async function removableLine(t: CheckContext, fx: Fixtures): Promise<ChannelFixture> {
  if (fx.controlOffers('createFixtureChannel')) return fx.control().createChannel({ kind: 'native-dedicated' });
  if (fx.source === 'control') return t.notVerifiable(unofferedReason('createFixtureChannel'));
  const configured = fx.target.fixtures.removable_lines ?? [];
  if (configured.length === 0) return boughtLine(t, fx);
  const taken = await lease(t, configured, removablePool, false);
  const usedUp = `an earlier run removed it? (give fresh fixtures.removable_lines for each run)`;
  const removable = await readChannelStatus(fx.v4(), taken.id);
  if (!removable.readable) return t.notVerifiable(`the removable line ${taken.id} cannot be read (GET /channels/{channel}): ${usedUp}`);
  // A removed line may stay readable, cancelled (channel statuses are not shown): one whose status differs from
  // a configured line's in use is taken as removed.
  const inUse = fx.channels.find((channel) => channel.kind.startsWith('native-dedicated'));
  const ofInUse = inUse === undefined ? undefined : await readChannelStatus(fx.v4(), inUse.id);
  if (ofInUse?.readable === true && removable.status !== ofInUse.status) {
    return t.notVerifiable(`the removable line ${taken.id} reads status ${JSON.stringify(removable.status)}, not ${JSON.stringify(ofInUse.status)} as the line ${inUse?.id ?? ''} in use: ${usedUp}`);
  }
  return lineFixtureOf(taken);
}

/** A line the config file lists, as the checks use a channel: owned by nobody yet, native dedicated without a card unless its kind says otherwise. */
function lineFixtureOf(line: SpareLine): ChannelFixture {
  const kind = line.kind ?? 'native-dedicated-nocard';
  return { id: line.id, kind, type: channelTypeOf(kind), address: line.address, alias: line.alias ?? null, owner_api_key: null };
}

/** GET /channels/{channel}: whether the line could be read, and the `status` it reads (undefined when it names none). */
export async function readChannelStatus(client: ApiClient, channelId: string): Promise<{ readable: boolean; status?: unknown }> {
  const read = await client.get(path`/channels/${channelId}`);
  if (read.status !== 200) return { readable: false };
  return { readable: true, status: isRecord(read.body) && isRecord(read.body.data) ? read.body.data.status : undefined };
}

/** How long a bought line may take to be provisioned by the sandbox's payment provider. */
const provisioningWaitMs = 30_000;

/**
 * A dedicated line bought for the check in the configured organization, whose stated plan lets it buy: the
 * purchase's allocation names it (a ch_ id or an E.164 number in it: the allocation's shape is not shown), and
 * GET /channels/{channel} reads it. What the sandbox does not provision in time leaves the check not verifiable.
 */
async function boughtLine(t: CheckContext, fx: Fixtures): Promise<ChannelFixture> {
  if (fx.plan?.number_purchase_enabled !== true || fx.plan.payment_method !== 'valid') {
    return t.notVerifiable("needs a line it may remove: the control operation createFixtureChannel, the config file's fixtures.removable_lines, or fixtures.plan stating number_purchase_enabled: true and payment_method: valid (a line is bought)");
  }
  const client = fx.v4();
  const bought = await purchase(client, { plan: 'dedicated_com', quantity: 1 });
  if (bought.status !== 202) return t.notVerifiable(`buying a line to remove answered ${shown(bought)}`);
  const { purchase_id: id } = purchaseOf(bought);
  const until = Date.now() + provisioningWaitMs;
  for (;;) {
    const polled = await pollPurchase(client, id);
    const state = polled.status === 200 ? purchaseOf(polled) : undefined;
    if (state?.status === 'completed') {
      for (const named of namesIn(state.allocations)) {
        const read = await client.get(path`/channels/${named}`);
        const data = isRecord(read.body) && isRecord(read.body.data) ? read.body.data : undefined;
        if (read.status === 200 && typeof data?.id === 'string' && typeof data.address === 'string') {
          return { id: data.id, kind: 'native-dedicated', type: 'native', address: data.address, alias: null, owner_api_key: null };
        }
      }
      return t.notVerifiable(`the purchase ${id} completed, but no allocation names a line GET /channels/{channel} reads`);
    }
    if (state?.status === 'failed' || state?.status === 'action_required' || Date.now() > until) {
      return t.notVerifiable(`the line bought to remove was not provisioned (purchase ${id}: ${state?.status ?? shown(polled)})`);
    }
    await sleep(250);
  }
}

/** The ch_ ids and E.164 numbers in the allocations of a purchase. */
function namesIn(allocations: unknown): string[] {
  const names: string[] = [];
  for (const allocation of Array.isArray(allocations) ? allocations : []) {
    for (const value of isRecord(allocation) ? Object.values(allocation) : []) {
      if (typeof value === 'string' && (value.startsWith('ch_') || /^\+[1-9][0-9]{6,14}$/.test(value))) names.push(value);
    }
  }
  return names.sort((a, b) => Number(b.startsWith('ch_')) - Number(a.startsWith('ch_')));
}
