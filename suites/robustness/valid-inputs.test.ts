// Requests GENERATED VALID from the spec's schemas (bodies, query parameters, path values, Idempotency-Key)
// get no undocumented 5xx and only the statuses the spec documents, on every v4 and v2 operation that takes
// a JSON body or query parameters (description section 7: the success codes and the error table; 501 and
// 503 only where the endpoint lists them). Side effects stay in this file's own organization, or in one the
// config says anything may be written to.
// Left out: DELETE operations (removeChannel, deletePriority, deleteContact, deprecateApiKey, ...), whose
// valid calls would remove the fixtures the checks stand on. Webhook subscriptions get a loopback URL.
import fc from 'fast-check';
import { check, hasJsonBody, operationsOf, type CheckContext, type Fixtures, type Operation } from '../../harness/check/index.js';
import { requestBodyArbitrary } from '../../generators/schema.js';
import { answersWithinDocumentedStatuses } from '../_shared/robustness-checks.js';
import { apiOf, generatedInputOperations, realResources, requestArbitrary, runsPerOperation, send } from '../_shared/robustness-requests.js';


function validBodies(operation: Operation): fc.Arbitrary<unknown> {
  return hasJsonBody(operation) ? requestBodyArbitrary(apiOf(operation), operation.operationId) : fc.constant(undefined);
}

/**
 * Where a valid write may land: the file's organization where it is one of the check's own (control API), else
 * an organization the config says anything may be written to. The vendor's configured organization is shared
 * by every check, and valid writes (settings, profiles, keys) change what they stand on.
 */
function writableOrganization(t: CheckContext): Promise<Fixtures> {
  return t.hasControl ? t.fixtures() : t.otherOrganization('disposable-organization');
}

/** The body of "valid generated requests get only documented statuses, never an undocumented 5xx". */
function validInputGetsDocumentedStatus(operation: Operation): (t: CheckContext) => Promise<void> {
  return async (t) => {
    const fx = operation.method === 'GET' ? await t.fixtures() : await writableOrganization(t);
    const resources = await realResources(fx);
    const requests = requestArbitrary(fx, resources, operation, validBodies(operation));
    await t.assertProperty(
      fc.asyncProperty(requests, async (request) => {
        answersWithinDocumentedStatuses(await send(fx, operation, request), operation);
      }),
      { numRuns: runsPerOperation },
    );
  };
}

// Fault: server.500-on-astral-text (valid text with an emoji, in a body or a query parameter, answered 500).
for (const api of ['v4', 'v2'] as const) {
  for (const operation of generatedInputOperations(operationsOf(api))) {
    // Faults: server.500-on-read-operations, server.500-on-write-operations.
    check(
      {
        area: 'robustness',
        name: `valid-input-gets-documented-status.${api}.${operation.operationId}`,
        title: `${api} ${operation.method} ${operation.path} answers requests generated valid from the spec with documented statuses only, never an undocumented 5xx`,
        clauses: ['errors.status.documented-only', 'errors.success.status-codes'],
        // A valid write changes the organization: only one of the check's own, or one the config gives for it
        // (not the configured one others share).
        needs: [...(api === 'v2' ? (['v2'] as const) : []), ...(operation.method === 'GET' ? [] : (['disposable-organization'] as const))],
        // Statuses are this check's to judge; the bodies of each operation are validated by its own area.
        responses: 'off',
        concurrent: true,
      },
      validInputGetsDocumentedStatus(operation),
    );
  }
}
