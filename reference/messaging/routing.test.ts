import { describe, expect, it } from 'vitest';
import { HttpError } from '../server/errors.js';
import { addChannel } from '../store/channels.js';
import { Store } from '../store/store.js';
import type { ChannelKind, ChannelRecord, Org } from '../store/types.js';
import { openDirectChat } from './chats.js';
import { keepPick, refusal, routeSend } from './routing.js';
import { messagingState, optInKey } from './state.js';

const noFaults = { fault: () => false };
const withFault = (name: string) => ({ fault: (n: string) => n === name });

function setup() {
  const store = new Store();
  const org = store.createOrg('routing');
  const key = store.createApiKey(org, 'primary');
  const add = (kind: ChannelKind, owned = false): ChannelRecord => addChannel(org, { kind, ownerKeyId: owned ? key.id : null });
  const priority = (entries: Array<[ChannelRecord, number]>) => {
    const id = `pri_${org.priorities.size + 1}`;
    org.priorities.set(id, { id, orgId: org.id, ownerId: key.id, name: null, isDefault: true, channels: entries.map(([c, p]) => ({ channelId: c.id, priority: p })), createdAt: 0 });
    org.prioritiesByOwner.set(key.id, [id]);
  };
  return { org, keyId: key.id, add, priority };
}

/** Two dedicated native lines in one same-tier pool of the key's default priority. */
function twoLinePool() {
  const pool = setup();
  const a = pool.add('native-dedicated');
  const b = pool.add('native-dedicated');
  pool.priority([[a, 1], [b, 1]]);
  return { ...pool, a, b };
}

function refusedWith(fn: () => unknown): { status: number; code: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
}

const customerWroteFirst = (org: Org, channel: ChannelRecord, customer: string) => {
  openDirectChat(org, channel, customer).hasInbound = true;
};

/** The line a routed send to `peers` takes, remembered as a send that was made. */
function sent(app: { fault(name: string): boolean }, org: Org, keyId: string, peers: string[]): string {
  const route = routeSend(app, org, keyId, peers);
  if (route.pick) keepPick(org, route.pick);
  return route.channel.id;
}

describe('routeSend', () => {
  it('walks tiers in ascending order of priority', () => {
    const { org, keyId, add, priority } = setup();
    const native = add('native-dedicated');
    const sms = add('sms_provider');
    priority([[native, 2], [sms, 1]]);
    expect(sent(noFaults, org, keyId, ['+14155550100'])).toBe(sms.id);
    expect(sent(withFault('messaging.routing.descending-tiers'), org, keyId, ['+14155550100'])).toBe(native.id);
  });

  it('keeps a recipient on the pool member it got first, and spreads new recipients over the pool', () => {
    const { org, keyId, a, b } = twoLinePool();
    const first = sent(noFaults, org, keyId, ['+14155550100']);
    const second = sent(noFaults, org, keyId, ['+14155550101']);
    expect(new Set([first, second])).toEqual(new Set([a.id, b.id]));
    for (let i = 0; i < 3; i++) expect(sent(noFaults, org, keyId, ['+14155550100'])).toBe(first);
  });

  it('without a priority uses only the native numbers the key owns', () => {
    const { org, keyId, add } = setup();
    add('native-dedicated');
    add('sms_provider', true);
    expect(refusedWith(() => routeSend(noFaults, org, keyId, ['+14155550100']))).toEqual({ status: 422, code: 'no_available_channel' });
    const owned = add('native-shared', true);
    expect(sent(noFaults, org, keyId, ['+14155550100'])).toBe(owned.id);
  });

  it('falls back from amb to RCS then SMS, in priority order, for a customer who has not written on amb', () => {
    const { org, keyId, add, priority } = setup();
    const amb = add('amb');
    const rcs = add('rcs');
    const sms = add('sms_provider');
    priority([[amb, 1], [rcs, 2], [sms, 3]]);
    expect(sent(noFaults, org, keyId, ['+14155550100'])).toBe(rcs.id);
    customerWroteFirst(org, amb, 'customer-opaque-1');
    expect(sent(noFaults, org, keyId, ['customer-opaque-1'])).toBe(amb.id);
  });

  it('refuses with the reason when the only route is an amb line the customer never wrote to', () => {
    const { org, keyId, add, priority } = setup();
    priority([[add('amb'), 1]]);
    expect(refusedWith(() => routeSend(noFaults, org, keyId, ['customer-x']))).toEqual({ status: 403, code: 'customer_initiated_only' });
  });

  it('skips an inbound-only line until the recipient has written to it', () => {
    const { org, keyId, add, priority } = setup();
    const inbound = add('native-inbound');
    priority([[inbound, 1]]);
    expect(refusedWith(() => routeSend(noFaults, org, keyId, ['+14155550100']))).toEqual({ status: 403, code: 'inbound_only_no_prior_inbound' });
    customerWroteFirst(org, inbound, '+14155550100');
    expect(sent(noFaults, org, keyId, ['+14155550100'])).toBe(inbound.id);
  });

  it('changes nothing until the send is made: a refused send or a dry run leaves the pool as it was', () => {
    const { org, keyId, a, b } = twoLinePool();
    const unsent = routeSend(noFaults, org, keyId, ['+14155550100']);
    expect(unsent.channel.id).toBe(a.id);
    // Not kept: the next recipient gets the same turn, and the first is not tied to its line.
    expect(sent(noFaults, org, keyId, ['+14155550101'])).toBe(a.id);
    expect(sent(noFaults, org, keyId, ['+14155550100'])).toBe(b.id);
  });

  it('answers a recipient from the pool line it already has a conversation on', () => {
    const { org, keyId, a, b } = twoLinePool();
    customerWroteFirst(org, b, '+14155550100');
    expect(sent(noFaults, org, keyId, ['+14155550100'])).toBe(b.id);
    // The turn did not move: the next new recipient still gets the first line.
    expect(sent(noFaults, org, keyId, ['+14155550101'])).toBe(a.id);
    expect(sent(noFaults, org, keyId, ['+14155550102'])).toBe(b.id);
    // Without stickiness (a fault) the conversation is ignored too, and the turn decides.
    expect(sent(withFault('messaging.routing.not-sticky'), org, keyId, ['+14155550100'])).toBe(a.id);
  });

  it('keeps business-chat customer ids apart when they differ only in case (they are opaque)', () => {
    const { org, keyId, add, priority } = setup();
    const amb = add('amb');
    priority([[amb, 1]]);
    customerWroteFirst(org, amb, 'urn:mbid:AbC');
    expect(sent(noFaults, org, keyId, ['urn:mbid:AbC'])).toBe(amb.id);
    expect(refusedWith(() => routeSend(noFaults, org, keyId, ['urn:mbid:abc']))).toEqual({ status: 403, code: 'customer_initiated_only' });
  });
});

describe('refusal of a business-first amb message', () => {
  it('lets an approved invitation go to a customer who opted in on that line, and nothing else', () => {
    const { org, add } = setup();
    const amb = add('amb');
    const other = add('amb');
    messagingState(org).ambOptIns.add(optInKey(amb.id, 'customer-1'));
    expect(refusal(noFaults, org, amb, ['customer-1'], undefined, true)).toBeNull();
    expect(refusal(noFaults, org, amb, ['customer-1'])?.code).toBe('customer_initiated_only');
    expect(refusal(noFaults, org, amb, ['customer-2'], undefined, true)?.code).toBe('customer_initiated_only');
    expect(refusal(noFaults, org, other, ['customer-1'], undefined, true)?.code).toBe('customer_initiated_only');
    expect(refusal(noFaults, org, add('rcs'), ['+14155550100'], undefined, true)?.status).toBe(422);
  });
});
