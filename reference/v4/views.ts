// How store records appear in v4 responses. Field names beyond the description's are documented in README.md.
import { contactIdentities } from '../store/contacts.js';
import { tiersOf } from '../store/priorities.js';
import type { ApiKeyRecord, ChannelRecord, ContactRecord, IdentityRecord, Org, PriorityRecord, PurchaseRecord } from '../store/types.js';

export function channelView(channel: ChannelRecord): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: channel.id,
    type: channel.type,
    address: channel.address,
    status: channel.status,
    capabilities: { protocols: channel.protocols, content: channel.content },
    created_at: channel.createdAt,
    alias: channel.alias,
    line_type: channel.plan,
  };
  if (channel.profile) view.profile = channel.profile;
  return view;
}

export function capabilitiesView(channel: ChannelRecord): Record<string, unknown> {
  return {
    channel_id: channel.id,
    type: channel.type,
    capabilities: {
      protocols: channel.protocols,
      content: channel.content,
      actions: channel.actions,
      interactive: channel.interactive,
    },
  };
}

/** A key as listed: the public id, never the full key. */
export function apiKeyView(key: ApiKeyRecord): Record<string, unknown> {
  return {
    api_key: key.id,
    name: key.name,
    type: key.type,
    created_at: key.createdAt,
    valid_until: key.validUntil,
    blocked: key.blocked,
    deprecated: key.deprecated,
  };
}

export function identityView(identity: IdentityRecord): Record<string, unknown> {
  return {
    id: identity.id,
    contact_id: identity.contactId,
    type: identity.kind,
    identifier: identity.value,
    ...(identity.kind === 'phone' ? { phone: identity.value } : identity.kind === 'email' ? { email: identity.value } : {}),
    channel_type: identity.channelType,
    name: identity.name,
    created_at: identity.createdAt,
  };
}

export function contactView(org: Org, contact: ContactRecord): Record<string, unknown> {
  return {
    id: contact.id,
    name: contact.name,
    identities: contactIdentities(org, contact).map(identityView),
    tags: contact.tags,
    merged_into: contact.mergedInto,
    deprecated: contact.mergedInto !== null,
    display_name: contact.displayName,
    first_name: contact.firstName,
    last_name: contact.lastName,
    avatar_url: contact.avatarUrl,
    created_at: contact.createdAt,
    updated_at: contact.updatedAt,
  };
}

export function priorityView(org: Org, priority: PriorityRecord): Record<string, unknown> {
  return {
    id: priority.id,
    name: priority.name,
    is_default: priority.isDefault,
    channels: priority.channels.map((entry) => {
      const channel = org.channels.get(entry.channelId);
      return { channel_id: entry.channelId, priority: entry.priority, type: channel?.type ?? null, address: channel?.address ?? null };
    }),
    tiers: tiersOf(org, priority).map((t) => ({ priority: t.priority, pools: t.pools.map((p) => ({ type: p.type, channel_ids: p.channels.map((c) => c.id) })) })),
    created_at: priority.createdAt,
  };
}

/** Purchase as polled: an order still provisioning reports `pending` (section 2: "on polling pending"). */
export function purchasePollView(purchase: PurchaseRecord, pollingPending: boolean): Record<string, unknown> {
  const status = pollingPending && purchase.status === 'provisioning' ? 'pending' : purchase.status;
  return {
    purchase_id: purchase.id,
    status,
    action_url: purchase.actionUrl,
    plan: purchase.plan,
    quantity: purchase.quantity,
    allocations: purchase.allocations,
    created_at: purchase.createdAt,
  };
}

export function purchaseCreatedView(purchase: PurchaseRecord): Record<string, unknown> {
  return { purchase_id: purchase.id, status: purchase.status, action_url: purchase.actionUrl };
}
