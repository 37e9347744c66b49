// The records of the in-memory store. Times are epoch ms of the organization's clock.
import type { components } from '../../spec/types/control.js';
import type { Scope } from '../server/types.js';

type ControlSchemas = components['schemas'];

export type ChannelType = 'native' | 'sms_provider' | 'whatsapp' | 'rcs' | 'amb';
/** Native line plans; null for non-native channels. */
export type LinePlan = 'shared' | 'dedicated' | 'inbound';
export type ChannelKind = ControlSchemas['ChannelKind'];

/** The plan facts of an organization, as the control API sets them (spec/control.openapi.yaml). */
export type PlanFacts = ControlSchemas['PlanFacts'];

export interface ApiKeyRecord {
  /** Public identifier, `api_` + letters and digits; the full key begins with it. */
  id: string;
  /** The full secret key (`<id>_<secret>`), shown once at creation. */
  secret: string;
  orgId: string;
  name: string;
  type: string | null;
  createdAt: number;
  validUntil: number; // -1 never expires
  blocked: boolean;
  deprecated: boolean;
}

export interface AppTokenRecord {
  id: string;
  token: string;
  orgId: string;
  scopes: Scope[];
}

export interface ContactCard {
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  sharing: { enabled: boolean; audience: 0 | 1; name_format: 0 | 1 };
}

export interface ChannelProfile {
  display_name: string | null;
  about: string | null;
  email: string | null;
  avatar: string | null;
}

export interface ChannelRecord {
  id: string;
  orgId: string;
  kind: ChannelKind;
  type: ChannelType;
  plan: LinePlan | null;
  /** The purchase plan id of a native line (`shared_com`, `dedicated_ent`, ...); null for other channels. */
  planId: string | null;
  address: string;
  alias: string | null;
  status: 'active' | 'removed';
  createdAt: number;
  /** Id of the owning API key, or null. */
  ownerKeyId: string | null;
  /** Numbered lines (E.164 address) can be owned by keys; whatsapp, rcs and amb cannot. */
  numbered: boolean;
  contactCard: ContactCard | null;
  settings: { auto_mark_read: boolean; auto_share_contact: boolean };
  profile: ChannelProfile | null;
  protocols: string[];
  content: string[];
  actions: string[];
  interactive: string[];
}

export interface IdentityRecord {
  id: string; // cid_
  contactId: string;
  /** phone (E.164) or email, as given. */
  value: string;
  kind: 'phone' | 'email' | 'other';
  channelType: string | null;
  name: string | null;
  createdAt: number;
  deleted: boolean;
}

export interface ContactRecord {
  id: string; // ct_
  orgId: string;
  name: string | null;
  tags: string[];
  identityIds: string[];
  createdAt: number;
  updatedAt: number;
  deleted: boolean;
  mergedInto: string | null;
  /** Last message times, kept by MESSAGING through contacts.touch(); drive `filter=inbound_last|outbound_last`. */
  lastInboundAt: number | null;
  lastOutboundAt: number | null;
  /** Card fields set by `contact.shared`. */
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
}

export interface PriorityEntry {
  channelId: string;
  priority: number;
}

export interface PriorityRecord {
  id: string; // pri_
  orgId: string;
  /** Owner: the API key id, or the app token id for app-token callers. */
  ownerId: string;
  name: string | null;
  isDefault: boolean;
  channels: PriorityEntry[];
  createdAt: number;
}

export type PurchaseStatus = 'provisioning' | 'action_required' | 'pending' | 'completed' | 'failed';

export interface PurchaseRecord {
  id: string; // pur_
  orgId: string;
  plan: string;
  quantity: number;
  areaCodes: string[];
  zipCodes: string[];
  status: PurchaseStatus;
  actionUrl: string | null;
  allocations: Array<{ channel_id: string; phone_number: string; area_code: string | null }>;
  idempotencyKey: string;
  createdAt: number;
}

export interface InventoryNumber {
  phoneNumber: string;
  kind: LinePlan;
  location: string | null;
}

export interface LocationContact {
  handle: string;
  name: string | null;
  latitude: number;
  longitude: number;
  updatedAt: number;
}

export interface CallForwardingRequest {
  id: string;
  channelId: string;
  forwardTo: string;
  createdAt: number;
}

/** The charge log read by the control API (one entry per effective purchase). */
export interface ChargeRecord {
  purchase_id: string;
  idempotency_key: string;
}

export interface Org {
  id: string; // org_
  name: string;
  plan: PlanFacts;
  /** Added to the process clock; moved by the control API's clock/advance. */
  clockOffsetMs: number;
  now(): number;
  apiKeys: Map<string, ApiKeyRecord>; // by id
  appTokens: Map<string, AppTokenRecord>; // by id
  channels: Map<string, ChannelRecord>; // by id
  channelsByAddress: Map<string, ChannelRecord>;
  channelsByAlias: Map<string, ChannelRecord>;
  /** Channel ids owned by each key id. */
  channelsByOwner: Map<string, Set<string>>;
  contacts: Map<string, ContactRecord>;
  identities: Map<string, IdentityRecord>;
  /** Active identity ids by normalised value (lower-case). */
  identitiesByValue: Map<string, Set<string>>;
  priorities: Map<string, PriorityRecord>;
  prioritiesByOwner: Map<string, string[]>;
  purchases: Map<string, PurchaseRecord>;
  charges: ChargeRecord[];
  inventory: InventoryNumber[];
  locationContacts: Map<string, LocationContact>;
  callForwarding: CallForwardingRequest[];
}
