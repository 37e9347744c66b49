// The process-wide store of one reference instance: organizations and the credential index.
// Everything else lives inside an organization (store/types.ts Org), so organizations are isolated.
import { newId, newSecret } from './ids.js';
import { defaultPlan } from './plan.js';
import type { ApiKeyRecord, AppTokenRecord, InventoryNumber, Org, PlanFacts } from './types.js';
import type { Scope } from '../server/types.js';

export type Credential = { kind: 'apiKey'; key: ApiKeyRecord; org: Org } | { kind: 'appToken'; token: AppTokenRecord; org: Org };

export interface StoreOptions {
  /** The numbers each new organization starts with in stock (variant startingStock); none by default. */
  startingStock?: () => InventoryNumber[];
}

export class Store {
  readonly orgs = new Map<string, Org>();
  private readonly credentials = new Map<string, Credential>();
  private readonly keysById = new Map<string, ApiKeyRecord>();

  constructor(private readonly options: StoreOptions = {}) {}

  createOrg(name: string, plan: Partial<PlanFacts> = {}): Org {
    const org: Org = {
      id: newId('org'),
      name,
      plan: { ...defaultPlan, ...plan },
      clockOffsetMs: 0,
      now: () => Date.now() + org.clockOffsetMs,
      apiKeys: new Map(),
      appTokens: new Map(),
      channels: new Map(),
      channelsByAddress: new Map(),
      channelsByAlias: new Map(),
      channelsByOwner: new Map(),
      contacts: new Map(),
      identities: new Map(),
      identitiesByValue: new Map(),
      priorities: new Map(),
      prioritiesByOwner: new Map(),
      purchases: new Map(),
      charges: [],
      inventory: this.options.startingStock?.() ?? [],
      locationContacts: new Map(),
      callForwarding: [],
    };
    this.orgs.set(org.id, org);
    return org;
  }

  org(id: string): Org | undefined {
    return this.orgs.get(id);
  }

  /** `prefix` is `api` (what the description says programmatic keys begin with) except under a fault. */
  createApiKey(org: Org, name: string, prefix = 'api'): ApiKeyRecord {
    const id = newId(prefix);
    const key: ApiKeyRecord = {
      id,
      secret: `${id}_${newSecret(32)}`,
      orgId: org.id,
      name,
      type: null,
      createdAt: org.now(),
      validUntil: -1,
      blocked: false,
      deprecated: false,
    };
    org.apiKeys.set(id, key);
    this.keysById.set(id, key);
    this.credentials.set(key.secret, { kind: 'apiKey', key, org });
    return key;
  }

  createAppToken(org: Org, scopes: Scope[]): AppTokenRecord {
    const id = newId('app');
    const token: AppTokenRecord = { id, token: `tok_${newSecret(40)}`, orgId: org.id, scopes: [...new Set(scopes)] };
    org.appTokens.set(id, token);
    this.credentials.set(token.token, { kind: 'appToken', token, org });
    return token;
  }

  /** The credential a bearer token names, whatever its state (auth decides what a deprecated key may do). */
  credential(bearer: string): Credential | undefined {
    return this.credentials.get(bearer);
  }

  /**
   * A key of `org` named in a path: its public id (`api_...`) or its full key.
   * The full key begins with the id followed by `_`, so the id is recovered from it.
   */
  findApiKey(org: Org, ref: string): ApiKeyRecord | undefined {
    const direct = org.apiKeys.get(ref);
    if (direct) return direct;
    const credential = this.credentials.get(ref);
    return credential?.kind === 'apiKey' && credential.org === org ? credential.key : undefined;
  }

  apiKeyById(id: string): ApiKeyRecord | undefined {
    return this.keysById.get(id);
  }
}
