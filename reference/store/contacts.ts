// Contacts and identities of an organization: the primitives the contact endpoints, inbound messages
// (MESSAGING) and contact.shared build on. Identities are indexed by normalised value.
import { httpError } from '../server/errors.js';
import { newId } from './ids.js';
import type { ContactRecord, IdentityRecord, Org } from './types.js';

export interface IdentityInput {
  value: string;
  channelType: string | null;
  name?: string | null;
}

export const normalizeIdentity = (value: string): string => value.trim().toLowerCase();

export function identityKind(value: string): IdentityRecord['kind'] {
  if (/^\+[1-9][0-9]{1,14}$/.test(value)) return 'phone';
  if (/^[^\s@]+@[^\s@]+$/.test(value)) return 'email';
  return 'other';
}

/** Active identities with this value (any channel type). */
export function identitiesByValue(org: Org, value: string): IdentityRecord[] {
  const ids = org.identitiesByValue.get(normalizeIdentity(value));
  if (!ids) return [];
  const out: IdentityRecord[] = [];
  for (const id of ids) {
    const identity = org.identities.get(id);
    if (identity && !identity.deleted) out.push(identity);
  }
  return out;
}

/** The active contact owning an identity with this value, if any. */
export function findContactByIdentity(org: Org, value: string): ContactRecord | undefined {
  for (const identity of identitiesByValue(org, value)) {
    const contact = org.contacts.get(identity.contactId);
    if (contact && !contact.deleted && !contact.mergedInto) return contact;
  }
  return undefined;
}

/**
 * An active identity that `input` would duplicate: the same value on the same channel type, or either side
 * without one. `exceptId` leaves out the identity being changed.
 */
function duplicateIdentity(org: Org, input: IdentityInput, exceptId?: string): IdentityRecord | undefined {
  return identitiesByValue(org, input.value).find(
    (i) => i.id !== exceptId && (i.channelType === input.channelType || i.channelType === null || input.channelType === null),
  );
}

export function createContact(org: Org, name: string | null, identity: IdentityInput | null, tags: string[] = [], allowDuplicate = false): ContactRecord {
  if (identity && !allowDuplicate && duplicateIdentity(org, identity)) {
    throw httpError(409, 'conflict', 'A contact with this identity exists', { identifier: identity.value });
  }
  const now = org.now();
  const contact: ContactRecord = {
    id: newId('ct'),
    orgId: org.id,
    name,
    tags: uniqueTags(tags),
    identityIds: [],
    createdAt: now,
    updatedAt: now,
    deleted: false,
    mergedInto: null,
    lastInboundAt: null,
    lastOutboundAt: null,
    displayName: null,
    firstName: null,
    lastName: null,
    avatarUrl: null,
  };
  org.contacts.set(contact.id, contact);
  if (identity) attachIdentity(org, contact, identity, allowDuplicate);
  return contact;
}

export function attachIdentity(org: Org, contact: ContactRecord, input: IdentityInput, allowDuplicate = false): IdentityRecord {
  if (!allowDuplicate && duplicateIdentity(org, input)) throw httpError(409, 'conflict', 'This identity exists', { identifier: input.value });
  const identity: IdentityRecord = {
    id: newId('cid'),
    contactId: contact.id,
    value: input.value,
    kind: identityKind(input.value),
    channelType: input.channelType,
    name: input.name ?? null,
    createdAt: org.now(),
    deleted: false,
  };
  org.identities.set(identity.id, identity);
  const key = normalizeIdentity(input.value);
  let ids = org.identitiesByValue.get(key);
  if (!ids) org.identitiesByValue.set(key, (ids = new Set()));
  ids.add(identity.id);
  contact.identityIds.push(identity.id);
  contact.updatedAt = org.now();
  return identity;
}

/**
 * Changes an identity's value (and channel type, when `input` names one) in place. A duplicate by the rule
 * creation applies (duplicateIdentity) is refused with 409, so a change is allowed exactly when creating the
 * new pair would be.
 */
export function changeIdentity(org: Org, identity: IdentityRecord, input: IdentityInput): void {
  const channelType = input.channelType ?? identity.channelType;
  if (duplicateIdentity(org, { value: input.value, channelType }, identity.id)) {
    throw httpError(409, 'conflict', 'This identity exists', { identifier: input.value });
  }
  const before = normalizeIdentity(identity.value);
  const after = normalizeIdentity(input.value);
  if (after !== before) {
    org.identitiesByValue.get(before)?.delete(identity.id);
    let ids = org.identitiesByValue.get(after);
    if (!ids) org.identitiesByValue.set(after, (ids = new Set()));
    ids.add(identity.id);
  }
  identity.value = input.value;
  identity.kind = identityKind(input.value);
  identity.channelType = channelType;
}

/** The contact for an address, created (with that identity) when none exists. Used by inbound handling. */
export function ensureContact(org: Org, value: string, channelType: string | null): ContactRecord {
  return findContactByIdentity(org, value) ?? createContact(org, null, { value, channelType });
}

export function contactIdentities(org: Org, contact: ContactRecord): IdentityRecord[] {
  const out: IdentityRecord[] = [];
  for (const id of contact.identityIds) {
    const identity = org.identities.get(id);
    if (identity && !identity.deleted) out.push(identity);
  }
  return out;
}

/** Soft delete: the contact and its identities disappear from reads and indexes. */
export function softDeleteContact(org: Org, contact: ContactRecord): void {
  for (const identity of contactIdentities(org, contact)) {
    identity.deleted = true;
    org.identitiesByValue.get(normalizeIdentity(identity.value))?.delete(identity.id);
  }
  contact.deleted = true;
  contact.updatedAt = org.now();
}

/** Record the direction and time of the latest message with this contact (drives filter=inbound_last). */
export function touchContact(org: Org, contactId: string, direction: 'inbound' | 'outbound', at: number): void {
  const contact = org.contacts.get(contactId);
  if (!contact) return;
  if (direction === 'inbound') contact.lastInboundAt = at;
  else contact.lastOutboundAt = at;
}

/** contact.shared: find or create the contact by address and update its card fields. */
export function applySharedCard(
  org: Org,
  address: string,
  card: { display_name?: string | null; first_name?: string | null; last_name?: string | null; avatar_url?: string | null },
): ContactRecord {
  const contact = ensureContact(org, address, null);
  if (card.display_name !== undefined) contact.displayName = card.display_name;
  if (card.first_name !== undefined) contact.firstName = card.first_name;
  if (card.last_name !== undefined) contact.lastName = card.last_name;
  if (card.avatar_url !== undefined) contact.avatarUrl = card.avatar_url;
  const shown = card.display_name ?? [card.first_name, card.last_name].filter(Boolean).join(' ');
  if (shown) contact.name = shown;
  contact.updatedAt = org.now();
  return contact;
}

/** Tags without case-insensitive duplicates, first spelling kept. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const key = tag.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(tag);
    }
  }
  return out;
}
