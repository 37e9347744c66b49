// Scope enforcement (description, section 5 item 4): an app token without the scope an endpoint needs is
// refused, and one with it is not refused for scope reasons. The description names no status for a
// missing scope; 403 is what the numbers endpoints list for it, and 401 is accepted too (lenient where the
// description is silent) - never a success.
import { check, operationsOf, sampleRequest, scopes, tokenNeed, type Operation, type Scope } from '../../harness/check/index.js';
import { ensurePurchaseFeature, purchase, purchaseOf } from '../_shared/numbers.js';
import { createKey, deleteOk, keyAdminNeed, keyPath, keyStateOf, newKeyName, roomyFixtures } from '../_shared/api-keys.js';
import { realPathValues, unresolvedParameters } from '../errors/request-values.js';

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

// The positive side, on read-only endpoints (no state changes): the scope is enough.
const readChecks: { operationId: string; scope: Scope; needsPurchaseFeature: boolean }[] = [
  { operationId: 'listApiKeys', scope: 'apikeys:read', needsPurchaseFeature: false },
  { operationId: 'listAvailableNativeNumbers', scope: 'numbers:read', needsPurchaseFeature: true },
];

for (const { operationId, scope, needsPurchaseFeature } of readChecks) {
  const operation = operationsOf('v4').find((op) => op.operationId === operationId);
  if (!operation) continue;
  // Fault: auth.read-scope-needs-manage.
  check(
    {
      area: 'auth',
      name: `token-with-scope-is-accepted.${operationId}`,
      title: `${operation.method} ${operation.path} answers 200 to an app token holding only ${scope}`,
      clauses: [clauseOf[scope]],
      needs: [tokenNeed({ with: [scope] }), ...(needsPurchaseFeature ? (['browsing-organization'] as const) : [])],
    },
    async (t) => {
      const fx = await t.fixtures();
      if (needsPurchaseFeature && !(await ensurePurchaseFeature(t, fx))) {
        t.notVerifiable('needs an organization with the number purchase feature enabled (control API, or plan facts saying so)');
      }
      const token = fx.appToken({ with: [scope] });
      const response = await fx.v4(token).request(operation.method, operation.path);
      t.expect.hasStatus(response, 200);
    },
  );
}

// The two API-key scopes are told apart (section 5 item 4: apikeys:read lists and reads keys and a key's
// channels, apikeys:manage creates, deprecates, assigns and unassigns): a token holding the other API-key
// scope, not the needed one, is refused, and a refused manage call changes nothing. The check above uses a
// scope of the other family, which a server accepting any apikeys:* scope would still refuse.
const otherKeyScope: Partial<Record<Scope, Scope>> = { 'apikeys:read': 'apikeys:manage', 'apikeys:manage': 'apikeys:read' };

for (const operation of operationsOf('v4')) {
  const scope = scopeOf(operation);
  const other = scope === undefined ? undefined : otherKeyScope[scope];
  if (scope === undefined || other === undefined) continue;
  const body = validBodies[operation.operationId];
  // Fault: apikeys.any-area-scope.
  check(
    {
      area: 'auth',
      name: `token-with-other-apikeys-scope-is-refused.${operation.operationId}`,
      title: `${operation.method} ${operation.path} refuses an app token holding ${other} but not ${scope}, and changes nothing`,
      clauses: [clauseOf[scope]],
      needs: [tokenNeed({ with: [other], without: [scope] }), 'secondary-key', keyAdminNeed],
    },
    async (t) => {
      const fx = await t.fixtures();
      const token = fx.appToken({ with: [other], without: [scope] });
      const values = realPathValues(fx, operation);
      const key = fx.apiKey('secondary');
      const channel = fx.channels.find((c) => c.id === values.channel);
      if (channel === undefined) return t.notVerifiable('needs a channel of the organization to name in the path and watch');
      const name = newKeyName();
      const json = operation.operationId === 'createApiKey' ? { name } : body;
      const before = await keyStateOf(fx, key, channel, name);
      const request = sampleRequest(operation, values, json === undefined ? {} : { json });
      const response = await fx.v4(token).request(request.method, request.path, request.options);
      t.expect.errorShape(response, [403, 401]);
      t.expect.that(await keyStateOf(fx, key, channel, name), 'keys listed with the name asked for, the path key authenticating and owning the path channel').toEqual(before);
    },
  );
}

// The positive side for the manage scope: apikeys:manage alone creates a key (the key is deprecated again).
// Fault: apikeys.manage-needs-read.
check(
  {
    area: 'auth',
    name: 'token-with-scope-is-accepted.createApiKey',
    title: 'POST /api-keys answers 200 or 201 to an app token holding only apikeys:manage',
    clauses: [clauseOf['apikeys:manage']],
    needs: [tokenNeed({ with: ['apikeys:manage'], without: ['apikeys:read'] })],
  },
  async (t) => {
    const fx = await roomyFixtures(t);
    const manager = fx.v4(fx.appToken({ with: ['apikeys:manage'], without: ['apikeys:read'] }));
    const { apiKey } = await createKey(t, manager);
    t.expect.hasStatus(await manager.delete(keyPath(apiKey)), ...deleteOk);
  },
);
