// Missing or wrong credentials get the flat 401 {error, message, status} on every operation of v4 and
// v2 (description, section 5, items 1 and 5; section 7). The operations come from the spec, so a new
// operation is checked without a new line here.
import { check, operationsOf, sampleRequest } from '../../harness/check/index.js';

const wrongKey = 'api_mcsconformance_not_a_real_key_0000000000';
/** Credentials in a scheme other than Bearer are not credentials of this API. */
const basicCredentials = `Basic ${Buffer.from('mcs:conformance').toString('base64')}`;
const area = 'auth';

for (const api of ['v4', 'v2'] as const) {
  for (const operation of operationsOf(api)) {
    const needs = api === 'v2' ? (['v2'] as const) : [];
    const clauses = ['auth.bearer.required', 'auth.failure.flat-401', 'errors.401.flat-credentials', ...(api === 'v2' ? ['versioning.v2.flat-errors-and-webhooks'] : [])];

    check(
      {
        area,
        name: `missing-credentials-get-flat-401.${api}.${operation.operationId}`,
        title: `${api} ${operation.method} ${operation.path} without Authorization answers the flat 401`,
        clauses,
        needs: [...needs],
        concurrent: true,
      },
      async (t) => {
        const client = api === 'v4' ? t.v4 : t.v2;
        const request = sampleRequest(operation);
        const response = await client.request(request.method, request.path, request.options);
        t.expect.flatUnauthorized(response);
      },
    );

    check(
      {
        area,
        name: `wrong-credentials-get-flat-401.${api}.${operation.operationId}`,
        title: `${api} ${operation.method} ${operation.path} with an unknown bearer key answers the flat 401`,
        clauses,
        needs: [...needs],
        concurrent: true,
      },
      async (t) => {
        const client = (api === 'v4' ? t.v4 : t.v2).as(wrongKey);
        const request = sampleRequest(operation);
        const response = await client.request(request.method, request.path, request.options);
        t.expect.flatUnauthorized(response);
      },
    );

    check(
      {
        area,
        name: `non-bearer-credentials-get-flat-401.${api}.${operation.operationId}`,
        title: `${api} ${operation.method} ${operation.path} with Basic instead of Bearer credentials answers the flat 401`,
        clauses,
        needs: [...needs],
        concurrent: true,
      },
      async (t) => {
        const client = api === 'v4' ? t.v4 : t.v2;
        const request = sampleRequest(operation, {}, { headers: { authorization: basicCredentials } });
        const response = await client.request(request.method, request.path, request.options);
        t.expect.flatUnauthorized(response);
      },
    );
  }
}
