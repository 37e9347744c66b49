// The API-key endpoints accept only an app access token holding the scope: an API key there gets
// 403 oauth_token_required, and so a key cannot create keys (description, section 5 items 3-4).
import { check, operationsOf, pathParameterNames, sampleRequest, type Operation } from '../../harness/check/index.js';

/** Operations whose only security is the app token (the API-key endpoints). */
function appTokenOnly(operation: Operation): boolean {
  return operation.security.length > 0 && operation.security.every((s) => s.scheme === 'appToken');
}

for (const operation of operationsOf('v4').filter(appTokenOnly)) {
  const createsKeys = operation.method === 'POST' && operation.path === '/api-keys';
  check(
    {
      area: 'auth',
      name: `api-key-gets-oauth-token-required.${operation.operationId}`,
      title: `${operation.method} ${operation.path} called with an API key answers 403 oauth_token_required`,
      clauses: ['auth.apikeys.app-token-only', 'errors.403.oauth-token-required', ...(createsKeys ? ['auth.apikeys.key-cannot-create-keys'] : [])],
      needs: pathParameterNames(operation).includes('apiKey') ? ['secondary-key'] : [],
    },
    async (t) => {
      const fx = await t.fixtures();
      // The key's own identity is a real resource, so a 404 cannot stand in for the refusal.
      const values = { channel: fx.channels[0]?.id ?? 'ch_mcsplaceholder0', ...(pathParameterNames(operation).includes('apiKey') ? { apiKey: fx.apiKey('secondary') } : {}) };
      const request = sampleRequest(operation, values, createsKeys ? { json: { name: 'mcs-should-not-exist' } } : {});
      const response = await fx.v4(fx.apiKey('primary')).request(request.method, request.path, request.options);
      t.expect.errorShape(response, 403);
      t.expect.hasErrorCode(response, 'oauth_token_required');
    },
  );
}
