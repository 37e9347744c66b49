// Bad request bodies are refused with a 4xx and the error shape of the layer, never a 5xx and never
// accepted: malformed JSON, and JSON that is not an object ("400 ... non-object body", section 7).
import { check, hasJsonBody, operationsOf, sampleRequest, type Operation } from '../../harness/check/index.js';
import { authorizedClient, realPathValues, unresolvedParameters } from './request-values.js';

const nonObjectBodies: { label: string; text: string }[] = [
  { label: 'array', text: '[1,2,3]' },
  { label: 'string', text: '"text"' },
  { label: 'number', text: '42' },
  { label: 'null', text: 'null' },
];

function shapeClauses(operation: Operation): string[] {
  return operation.api === 'v2' ? ['errors.shape.flat', 'versioning.v2.flat-errors-and-webhooks'] : ['errors.shape.v4-standard', 'errors.shape.flat'];
}

for (const api of ['v4', 'v2'] as const) {
  for (const operation of operationsOf(api).filter(hasJsonBody)) {
    const needs = api === 'v2' ? (['v2'] as const) : [];
    const layer = api === 'v2' ? 'flat' : 'either';

    check(
      {
        area: 'errors',
        name: `malformed-json-is-refused.${api}.${operation.operationId}`,
        title: `${api} ${operation.method} ${operation.path} refuses malformed JSON with a 4xx error body, never a 5xx`,
        clauses: ['errors.422.validation', ...shapeClauses(operation)],
        needs: [...needs],
        responses: 'schema',
        concurrent: true,
      },
      async (t) => {
        const fx = await t.fixtures();
        const request = sampleRequest(operation, realPathValues(fx, operation), { body: '{"text": "unterminated', contentType: 'application/json' });
        const response = await authorizedClient(fx, operation).request(request.method, request.path, request.options);
        t.expect.noServerError(response);
        t.expect.errorShape(response, undefined, layer);
      },
    );

    check(
      {
        area: 'errors',
        name: `non-object-body-gets-400.${api}.${operation.operationId}`,
        title: `${api} ${operation.method} ${operation.path} answers 400 with an error body to a JSON body that is not an object`,
        clauses: ['errors.400.non-object-body', ...shapeClauses(operation)],
        needs: [...needs],
        responses: 'schema',
        concurrent: true,
      },
      async (t) => {
        const fx = await t.fixtures();
        const values = realPathValues(fx, operation);
        // With a path resource the fixtures cannot name, "unknown resource" (404) may rightly come first.
        const allowed = unresolvedParameters(operation, values).length > 0 ? [400, 404] : [400];
        for (const body of nonObjectBodies) {
          const request = sampleRequest(operation, values, { body: body.text, contentType: 'application/json' });
          const response = await authorizedClient(fx, operation).request(request.method, request.path, request.options);
          t.expect.noServerError(response);
          t.expect.errorShape(response, allowed, layer);
        }
      },
    );
  }
}
