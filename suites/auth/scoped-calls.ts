// What the scope checks need to call each operation a scope guards (section 5 item 4): app tokens holding an
// exact set of scopes, and for each guarded operation a call on real resources of the check's own, so that a
// success can only mean the scope let it through and a refusal cannot be "unknown resource" in disguise.
import { NotVerifiable, type ApiClient, type ApiResponse, type CheckContext, type Fixtures, type Need, type Scope } from '../../harness/check/index.js';
import { secrets } from '../../harness/http/mask.js';
import { assignOk, createOk, deleteOk, keyAdmin, keyChannelPath, keyChannelsPath, keyPath, newKeyName, ownKey, roomyFixtures } from '../_shared/api-keys.js';
import { availablePath, ensurePurchaseFeature } from '../_shared/numbers.js';
import { lineOfItsOwn } from '../_shared/spare-lines.js';

function sameScopes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((scope) => b.includes(scope));
}

function described(scopes: readonly Scope[]): string {
  return scopes.length === 0 ? 'no scope' : scopes.join(', ');
}

/**
 * An app token holding exactly `scopes`: one the fixtures have (config file or control API), else one the
 * control API makes (createAppToken); not verifiable without either, naming the token wanted.
 */
export async function tokenHolding(fx: Fixtures, scopes: readonly Scope[]): Promise<string> {
  const configured = fx.appTokens.find((token) => sameScopes(token.scopes, scopes));
  if (configured !== undefined) return configured.token;
  if (!fx.controlOffers('createAppToken')) {
    throw new NotVerifiable(`needs an app token holding exactly ${described(scopes)} (the config file's fixtures.app_tokens, or the control API's createAppToken)`);
  }
  const made = await fx.control().createAppToken([...scopes]);
  secrets.add(made.token);
  return made.token;
}

export interface ScopedCall {
  /** What the call stands on beyond the v4 API (harness/check/needs.ts). */
  needs: Need[];
  /** The organization it acts in (default: the file's). */
  organization?(t: CheckContext): Promise<Fixtures>;
  /** Makes what the call acts on (with the organization's own credentials) and calls the operation with `client`. */
  call(t: CheckContext, fx: Fixtures, client: ApiClient): Promise<ApiResponse>;
  /** The statuses of a call the scope let through. */
  ok: readonly number[];
}

/** The organization of the numbers calls: browsing and buying need the purchase feature on. */
async function browsing(t: CheckContext): Promise<Fixtures> {
  const fx = await t.fixtures();
  if (!(await ensurePurchaseFeature(t, fx))) t.notVerifiable("needs the number purchase feature on (the config file's fixtures.plan.number_purchase_enabled)");
  return fx;
}

/**
 * Where another check already calls the operation with a token holding exactly its scope (the fewest-scopes
 * token of the fixtures): a second call would use up what it stands on (a removable line, a billable purchase).
 */
export interface CalledElsewhere {
  elsewhere: string;
}

/** A call for each operation of spec/v4.openapi.yaml that an app-token scope guards, by operationId. */
export const scopedCalls: Readonly<Record<string, ScopedCall | CalledElsewhere>> = {
  listApiKeys: { needs: [], call: (_t, _fx, client) => client.get('/api-keys'), ok: [200] },
  getApiKey: { needs: ['secondary-key'], call: (_t, fx, client) => client.get(keyPath(fx.apiKey('secondary'))), ok: [200] },
  listApiKeyChannels: { needs: ['secondary-key'], call: (_t, fx, client) => client.get(keyChannelsPath(fx.apiKey('secondary'))), ok: [200] },
  createApiKey: {
    needs: [],
    organization: (t) => roomyFixtures(t),
    async call(t, fx, client) {
      const response = await client.post('/api-keys', { json: { name: newKeyName() } });
      const body = response.body as { data?: { api_key?: unknown } } | undefined;
      const made = body?.data?.api_key;
      if (typeof made === 'string') {
        secrets.add(made);
        t.afterwards(() => keyAdmin(fx).delete(keyPath(made)));
      }
      return response;
    },
    ok: createOk,
  },
  deprecateApiKey: { needs: ['fresh-key'], call: async (t, fx, client) => client.delete(keyPath(await ownKey(t, fx))), ok: deleteOk },
  assignApiKeyChannel: {
    needs: ['fresh-key', 'spare-line'],
    async call(t, fx, client) {
      const key = await ownKey(t, fx);
      const line = await lineOfItsOwn(t, fx);
      return client.put(keyChannelPath(key, line.id));
    },
    ok: assignOk,
  },
  unassignApiKeyChannel: {
    needs: ['fresh-key', 'spare-line'],
    async call(t, fx, client) {
      const key = await ownKey(t, fx);
      const line = await lineOfItsOwn(t, fx, { owner: key });
      return client.delete(keyChannelPath(key, line.id));
    },
    ok: deleteOk,
  },
  listAvailableNativeNumbers: { needs: ['browsing-organization'], organization: browsing, call: (_t, _fx, client) => client.get(availablePath), ok: [200] },
  purchaseNativeNumbers: { elsewhere: 'numbers/numbers-manage-token-can-buy' },
  getNativeNumberPurchase: { elsewhere: 'numbers/numbers-read-token-cannot-buy' },
  removeChannel: { elsewhere: 'numbers/removal-needs-numbers-manage' },
};
