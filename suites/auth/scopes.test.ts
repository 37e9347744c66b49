// Scope enforcement (description, section 5 item 4): an app token without the scope an endpoint needs is
// refused, and one with it is not refused for scope reasons. The description names no status for a
// missing scope; 403 is what the numbers endpoints list for it, and 401 is accepted too (lenient where the
// description is silent) - never a success.
import { check, operationsOf, sampleRequest, scopes, tokenNeed, type Operation, type Scope } from '../../harness/check/index.js';
import { ensurePurchaseFeature, purchase, purchaseOf } from '../_shared/numbers.js';
import { keyAdminNeed, keyStateOf, newKeyName } from '../_shared/api-keys.js';
import { realPathValues, unresolvedParameters } from '../errors/request-values.js';
import { scopedCalls, tokenHolding, type ScopedCall } from './scoped-calls.js';

const clauseOf: Record<Scope, string> = {
  'apikeys:read': 'auth.scope.apikeys-read',
  'apikeys:manage': 'auth.scope.apikeys-manage',
  'numbers:read': 'auth.scope.numbers-read',
  'numbers:manage': 'auth.scope.numbers-manage',
};

function scopeOf(operation: Operation): Scope | undefined {
  const scope = operation.security.find((s) => s.scheme === 'appToken')?.scopes[0];
  return scopes.find((s) => s === scope);
}

/** A scope of the other family: the token holds something, just not what this endpoint needs. */
function unrelatedScope(scope: Scope): Scope {
  return scope.startsWith('apikeys') ? 'numbers:read' : 'apikeys:read';
}

/**
 * Well-formed bodies for the operations whose body has required fields, so that a server that validates the
 * body before it checks the scope (an order the description does not fix) still answers the scope refusal.
 */
const validBodies: Record<string, unknown> = {
  createApiKey: { name: 'mcs-scope-check' },
  purchaseNativeNumbers: { plan: 'dedicated_com', quantity: 1 },
  removeChannel: { reasons: ['mcs scope check'] },
};

for (const operation of operationsOf('v4')) {
  const scope = scopeOf(operation);
  if (scope === undefined) continue;
  const body = validBodies[operation.operationId];
  // Faults: auth.scope-refusal-400, auth.ignore-scopes.
  check(
    {
      area: 'auth',
      name: `token-without-scope-is-refused.${operation.operationId}`,
      title: `${operation.method} ${operation.path} refuses an app token lacking ${scope}`,
      clauses: [clauseOf[scope]],
      needs: [tokenNeed({ with: [unrelatedScope(scope)], without: [scope] })],
    },
    async (t) => {
      const fx = await t.fixtures();
      // With the feature on, a 403 can only be the scope's refusal (browsing and buying need the feature too).
      if (scope.startsWith('numbers')) await ensurePurchaseFeature(t, fx);
      const token = fx.appToken({ with: [unrelatedScope(scope)], without: [scope] });
      const values = realPathValues(fx, operation);
      // A real purchase to name, so that "unknown purchase" (404) cannot stand in for the scope's refusal.
      if (operation.path.includes('{purchaseId}')) {
        const bought = await purchase(fx.v4(fx.appToken({ with: ['numbers:manage'] })), { plan: 'dedicated_com', quantity: 1 });
        if (bought.status === 202) values.purchaseId = purchaseOf(bought).purchase_id;
      }
      const request = sampleRequest(operation, values, body === undefined ? {} : { json: body });
      const response = await fx.v4(token).request(request.method, request.path, request.options);
      // A path resource the fixtures cannot name (a purchase id) may rightly be "unknown" (404) first.
      const unresolved = unresolvedParameters(operation, values).length > 0;
      t.expect.errorShape(response, unresolved ? [403, 401, 404] : [403, 401]);
    },
  );
}

// Every scope, both ways (issue 30), for every operation the spec guards with a scope: an app token holding
// exactly that scope is let through (the operation's success status, never 401 or 403), and one holding every
// other scope is refused and changes nothing. A server that takes a scope of the same area (apikeys:manage for
// apikeys:read) or any manage scope for a read is caught here. Tokens come from the fixtures or the control
// API's createAppToken; without the one wanted the check is not verifiable, naming it.
for (const operation of operationsOf('v4')) {
  const scope = scopeOf(operation);
  if (scope === undefined) continue;
  const call = scopedCalls[operation.operationId];
  // A guarded operation this file cannot call is a gap of the suite: the file fails to load, loudly.
  if (call === undefined) throw new Error(`suites/auth/scoped-calls.ts has no call for ${operation.operationId}, which ${scope} guards`);
  // Faults: auth.read-scope-needs-manage, apikeys.manage-needs-read, numbers.purchase.needs-read-scope.
  if (!('elsewhere' in call)) acceptedWithItsScope(operation, scope, call);

  const others = scopes.filter((s) => s !== scope);
  const body = validBodies[operation.operationId];
  // Faults: apikeys.any-area-scope, auth.numbers-manage-suffices-to-browse.
  check(
    {
      area: 'auth',
      name: `token-with-every-other-scope-is-refused.${operation.operationId}`,
      title: `${operation.method} ${operation.path} refuses an app token holding every scope but ${scope} (${others.join(', ')}), and changes nothing`,
      clauses: [clauseOf[scope]],
      needs: [tokenNeed({ with: others, without: [scope] }), ...(operation.path.startsWith('/api-keys') ? (['secondary-key', keyAdminNeed] as const) : [])],
    },
    async (t) => {
      const fx = await t.fixtures();
      // With the feature on, a 403 can only be the scope's refusal (browsing and buying need the feature too).
      if (scope.startsWith('numbers')) await ensurePurchaseFeature(t, fx);
      const token = await tokenHolding(fx, others);
      const values = realPathValues(fx, operation);
      if (operation.path.includes('{purchaseId}')) {
        const bought = await purchase(fx.v4(fx.appToken({ with: ['numbers:manage'] })), { plan: 'dedicated_com', quantity: 1 });
        if (bought.status === 202) values.purchaseId = purchaseOf(bought).purchase_id;
      }
      // What an API-key operation would change: the key the path names, the channel it names, a key of the name asked for.
      const watched = operation.path.startsWith('/api-keys') ? fx.channels.find((c) => c.id === values.channel) : undefined;
      if (operation.path.startsWith('/api-keys') && watched === undefined) return t.notVerifiable('needs a channel of the organization to name in the path and watch');
      const name = newKeyName();
      const json = operation.operationId === 'createApiKey' ? { name } : body;
      const before = watched === undefined ? undefined : await keyStateOf(fx, fx.apiKey('secondary'), watched, name);
      const request = sampleRequest(operation, values, json === undefined ? {} : { json });
      const response = await fx.v4(token).request(request.method, request.path, request.options);
      const unresolved = unresolvedParameters(operation, values).length > 0;
      t.expect.errorShape(response, unresolved ? [403, 401, 404] : [403, 401]);
      if (watched !== undefined) {
        t.expect.that(await keyStateOf(fx, fx.apiKey('secondary'), watched, name), 'keys listed with the name asked for, the path key authenticating and owning the path channel').toEqual(before);
      }
    },
  );
}

/** The check that `operation` lets a token holding only `scope` through. */
function acceptedWithItsScope(operation: Operation, scope: Scope, call: ScopedCall): void {
  check(
    {
      area: 'auth',
      name: `token-with-scope-is-accepted.${operation.operationId}`,
      title: `${operation.method} ${operation.path} lets an app token holding only ${scope} through (${call.ok.join(' or ')})`,
      clauses: [clauseOf[scope]],
      needs: [tokenNeed({ with: [scope], without: scopes.filter((s) => s !== scope) }), ...call.needs],
    },
    async (t) => {
      const fx = call.organization === undefined ? await t.fixtures() : await call.organization(t);
      const client = fx.v4(await tokenHolding(fx, [scope]));
      t.expect.hasStatus(await call.call(t, fx, client), ...call.ok);
    },
  );
}
