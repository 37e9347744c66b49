// Channel records of an organization and their indexes (id, address, alias, owner).
import { httpError } from '../server/errors.js';
import { kindFacts, hasPhoneAddress } from './channel-kinds.js';
import { newId, newSecret } from './ids.js';
import type { ChannelKind, ChannelRecord, Org } from './types.js';

export interface NewChannel {
  kind: ChannelKind;
  address?: string;
  alias?: string | null;
  ownerKeyId?: string | null;
  /** The purchase plan id; fixture lines default to the `_com` / `_basic` plan of their line type. */
  planId?: string;
}

const defaultPlanIds: Record<string, string> = { shared: 'shared_com', dedicated: 'dedicated_com', inbound: 'inbound_basic' };

let numberCounter = 0;

/** A fresh US number, unique within the process: +1 (area 2xx-9xx) 555 xxxx. */
export function freshNumber(areaCode = '415'): string {
  numberCounter += 1;
  const line = (numberCounter % 10_000).toString().padStart(4, '0');
  const exchange = (200 + Math.floor(numberCounter / 10_000) % 800).toString();
  return `+1${areaCode}${exchange}${line}`;
}

export function addChannel(org: Org, spec: NewChannel): ChannelRecord {
  const facts = kindFacts[spec.kind];
  let address = spec.address ?? (hasPhoneAddress(spec.kind) ? freshNumber() : `${spec.kind}_${newSecret(16)}`);
  while (spec.address === undefined && org.channelsByAddress.has(address)) address = freshNumber();
  if (org.channelsByAddress.has(address)) throw httpError(409, 'conflict', `A channel with address ${address} exists`);
  if (spec.alias && org.channelsByAlias.has(spec.alias)) throw httpError(409, 'conflict', `A channel with alias ${spec.alias} exists`);
  const channel: ChannelRecord = {
    id: newId('ch'),
    orgId: org.id,
    kind: spec.kind,
    type: facts.type,
    plan: facts.plan,
    planId: facts.plan === null ? null : (spec.planId ?? defaultPlanIds[facts.plan] ?? null),
    address,
    alias: spec.alias ?? null,
    status: 'active',
    createdAt: org.now(),
    ownerKeyId: null,
    numbered: facts.numbered,
    contactCard: facts.hasContactCard
      ? { first_name: 'Reference', last_name: 'Line', avatar: null, sharing: { enabled: true, audience: 0, name_format: 0 } }
      : null,
    settings: { auto_mark_read: false, auto_share_contact: false },
    profile: null,
    protocols: facts.protocols,
    content: facts.content,
    actions: facts.actions,
    interactive: facts.interactive,
  };
  org.channels.set(channel.id, channel);
  org.channelsByAddress.set(address, channel);
  if (channel.alias) org.channelsByAlias.set(channel.alias, channel);
  if (spec.ownerKeyId) setOwner(org, channel, spec.ownerKeyId);
  return channel;
}

/** Remove a channel from every index (the line is cancelled). */
export function removeChannel(org: Org, channel: ChannelRecord): void {
  setOwner(org, channel, null);
  channel.status = 'removed';
  org.channels.delete(channel.id);
  org.channelsByAddress.delete(channel.address);
  if (channel.alias) org.channelsByAlias.delete(channel.alias);
}

/**
 * Resolve a channel selector: an exact `ch_` id, an E.164 number, or an alias.
 * Malformed selectors (whitespace, a `+` that is not E.164, bare digits) -> 400; unknown -> undefined.
 * Endpoints whose table lists no 400 pass `malformedStatus: 404`: a malformed selector names no channel.
 */
export function findChannel(org: Org, selector: string, malformedStatus: 400 | 404 = 400): ChannelRecord | undefined {
  if (selector.startsWith('ch_')) return org.channels.get(selector);
  if (isMalformedSelector(selector)) {
    if (malformedStatus === 404) return undefined;
    throw httpError(400, 'invalid_channel', 'The channel selector must be an E.164 number, an alias or a ch_ id', { channel: selector });
  }
  return org.channelsByAddress.get(selector) ?? org.channelsByAlias.get(selector);
}

export function isMalformedSelector(selector: string): boolean {
  return selector === '' || /\s/.test(selector) || (selector.startsWith('+') && !/^\+[1-9][0-9]{1,14}$/.test(selector)) || /^[0-9]+$/.test(selector);
}

/** Like findChannel, but 404 when unknown. */
export function requireChannel(org: Org, selector: string, malformedStatus: 400 | 404 = 400): ChannelRecord {
  const channel = findChannel(org, selector, malformedStatus);
  if (!channel) throw httpError(404, 'not_found', 'Channel not found', { channel: selector });
  return channel;
}

/** Make `keyId` the sole owner of `channel` (null releases it). */
export function setOwner(org: Org, channel: ChannelRecord, keyId: string | null): void {
  if (channel.ownerKeyId) org.channelsByOwner.get(channel.ownerKeyId)?.delete(channel.id);
  channel.ownerKeyId = keyId;
  if (keyId) {
    let owned = org.channelsByOwner.get(keyId);
    if (!owned) org.channelsByOwner.set(keyId, (owned = new Set()));
    owned.add(channel.id);
  }
}

/** Channels owned by a key, in creation order of ownership. */
export function ownedChannels(org: Org, keyId: string): ChannelRecord[] {
  const ids = org.channelsByOwner.get(keyId);
  if (!ids) return [];
  const out: ChannelRecord[] = [];
  for (const id of ids) {
    const channel = org.channels.get(id);
    if (channel) out.push(channel);
  }
  return out;
}

/** Release every channel a key owns (deprecation). */
export function releaseAll(org: Org, keyId: string): void {
  for (const channel of ownedChannels(org, keyId)) setOwner(org, channel, null);
}
