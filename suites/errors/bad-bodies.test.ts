// Bad request bodies are refused with a 4xx and the error shape of the layer, never a 5xx and never
// accepted: malformed JSON, and JSON that is not an object ("400 ... non-object body", section 7).
import { check, errorCodeOf, hasJsonBody, operationsOf, sampleRequest, type CheckContext, type Operation } from '../../harness/check/index.js';
import type { ErrorLayer } from '../../harness/checks/error-body.js';
import { warnIfFlatV4Error } from '../_shared/error-shapes.js';
import { realResources, resolvedPathValues, unsuitableResource } from '../_shared/robustness-requests.js';
import { appliesTo, authorizedClient, authorizedClientNeeds, unresolvedParameters } from './request-values.js';

const nonObjectBodies: { label: string; text: string }[] = [
  { label: 'array', text: '[1,2,3]' },
  { label: 'string', text: '"text"' },
  { label: 'number', text: '42' },
  { label: 'null', text: 'null' },
];

/** The body of "malformed JSON is refused with a 4xx error body of the layer, never a 5xx". */
function malformedJsonIsRefused(operation: Operation, layer: ErrorLayer): (t: CheckContext) => Promise<void> {
  return async (t) => {
    const fx = await t.fixtures();
    const request = sampleRequest(operation, await resolvedPathValues(fx, operation), { body: '{"text": "unterminated', contentType: 'application/json' });
    const response = await authorizedClient(fx, operation).request(request.method, request.path, request.options);
    t.expect.noServerError(response);
    t.expect.errorShape(response, undefined, layer);
    warnIfFlatV4Error(t, response);
  };
}

/**
 * The body of "a JSON body that is not an object gets 400 with an error body of the layer". It is sent to a resource
 * the operation applies to (a native line for settings and contact cards: robustness-requests.ts finds one through
 * v4 alone); where none is known the check is not verifiable, and a refusal of the resource itself that the
 * description documents with its code (403 settings_unsupported_for_channel_type) says nothing of the body.
 */
function nonObjectBodyGets400(operation: Operation, layer: ErrorLayer): (t: CheckContext) => Promise<void> {
  return async (t) => {
    const fx = await t.fixtures();
    const resources = await realResources(fx, operation);
    const unsuitable = unsuitableResource(operation, resources);
    if (unsuitable !== undefined) t.notVerifiable(`${operation.method} ${operation.path} applies to some resources only: ${unsuitable}`);
    const values = await resolvedPathValues(fx, operation);
    // With a path resource the fixtures cannot name, "unknown resource" (404) may rightly come first.
    const unresolved = unresolvedParameters(operation, values);
    const allowed = unresolved.length > 0 ? [400, 404] : [400];
    const refusal = operation.api === 'v4' ? appliesTo[operation.operationId]?.refusal : undefined;
    for (const body of nonObjectBodies) {
      const request = sampleRequest(operation, values, { body: body.text, contentType: 'application/json' });
      const response = await authorizedClient(fx, operation).request(request.method, request.path, request.options);
      t.expect.noServerError(response);
      if (refusal !== undefined && response.status === refusal.status && errorCodeOf(response.body) === refusal.code) {
        t.notVerifiable(`the target refused the resource before reading the body (${response.status} ${refusal.code}, documented in section 7): which it judges first is not stated`);
      }
      // A placeholder the fixtures could not replace may name a resource the key may not use: refused first.
      if (unresolved.length > 0 && response.status >= 401 && response.status !== 404 && response.status < 500) {
        t.notVerifiable(`the fixtures name no ${unresolved.join(', ')} (configure the channels and their owners); the placeholder was refused with ${response.status} before the body`);
      }
      t.expect.errorShape(response, allowed, layer);
      warnIfFlatV4Error(t, response);
    }
  };
}

// The metadata of each check is spelled out (v4 and v2 apart) so that `mcs coverage` reads the clauses.
// Faults: priorities.create.non-object-body-accepted, contacts.merge.non-object-body-422 (non-object bodies, v4:
// the path names real resources, so the body is read); server.500-on-malformed-json
// (malformed JSON, v4 and v2).
for (const operation of operationsOf('v4').filter(hasJsonBody)) {
  check(
    {
      area: 'errors',
      name: `malformed-json-is-refused.v4.${operation.operationId}`,
      title: `v4 ${operation.method} ${operation.path} refuses malformed JSON with a 4xx error body, never a 5xx`,
      clauses: ['errors.422.validation', 'errors.shape.v4-standard', 'errors.shape.flat'],
      needs: authorizedClientNeeds(operation),
      responses: 'schema',
      concurrent: true,
    },
    malformedJsonIsRefused(operation, 'either'),
  );
  // Fault: server.non-object-body-422.
  check(
    {
      area: 'errors',
      name: `non-object-body-gets-400.v4.${operation.operationId}`,
      title: `v4 ${operation.method} ${operation.path} answers 400 with an error body to a JSON body that is not an object`,
      clauses: ['errors.400.non-object-body', 'errors.shape.v4-standard', 'errors.shape.flat'],
      needs: authorizedClientNeeds(operation),
      responses: 'schema',
      concurrent: true,
    },
    nonObjectBodyGets400(operation, 'either'),
  );
}

for (const operation of operationsOf('v2').filter(hasJsonBody)) {
  check(
    {
      area: 'errors',
      name: `malformed-json-is-refused.v2.${operation.operationId}`,
      title: `v2 ${operation.method} ${operation.path} refuses malformed JSON with a 4xx flat error body, never a 5xx`,
      clauses: ['errors.422.validation', 'errors.shape.flat'],
      needs: ['v2'],
      responses: 'schema',
      concurrent: true,
    },
    // Fault: v2.errors.standard-shape.
    malformedJsonIsRefused(operation, 'flat'),
  );
  // Fault: server.non-object-body-422.
  check(
    {
      area: 'errors',
      name: `non-object-body-gets-400.v2.${operation.operationId}`,
      title: `v2 ${operation.method} ${operation.path} answers 400 with a flat error body to a JSON body that is not an object`,
      clauses: ['errors.400.non-object-body', 'errors.shape.flat'],
      needs: ['v2'],
      responses: 'schema',
      concurrent: true,
    },
    // Fault: v2.errors.standard-shape.
    nonObjectBodyGets400(operation, 'flat'),
  );
}
