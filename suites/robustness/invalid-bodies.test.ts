// Request bodies GENERATED INVALID from the spec's schemas (generators/invalid.ts: each case breaks one
// stated rule, labelled) are refused with a 4xx and the error body of the layer, never accepted and never a
// 5xx (description section 7: "422 (validation): invalid body"; "400 ... non-object body").
// Only violations the description makes an error: an unknown key only where it says unknown keys are
// rejected (channel profile: "unknown keys rejected"; channel settings: 422 `invalid_settings` "unknown key");
// a missing field only where it calls the field required; a malformed number only where it states the format.
// Wrong types, enum outsiders, out-of-range values, malformed ids and URLs follow the types, value lists,
// bounds and formats of the description's tables (as spec/ reads them).
// A non-object body (a wrong type of the body itself) is errors/non-object-body-gets-400's. A field sent as
// null is left out too: the description does not say whether null is refused or read as "absent" (the
// channel profile even reads null as "clear the field").
// Left out: DELETE /channels/{channel} (removeChannel): a body the target wrongly accepted would cancel the
// fixture line.
import fc from 'fast-check';
import { check, hasJsonBody, operationsOf, type CheckContext, type Operation } from '../../harness/check/index.js';
import { invalidRequestBodyArbitrary, violationKinds, type InvalidCase, type ViolationKind } from '../../generators/invalid.js';
import { refusesInvalidInput } from '../_shared/robustness-checks.js';
import { authorizedClientNeeds } from '../errors/request-values.js';
import { apiOf, generatedInputOperations, realResources, requestArbitrary, runsPerOperation, send } from '../_shared/robustness-requests.js';

/** Operations whose description rejects unknown keys in the body. */
const closedBodies = new Set(['v4 updateChannelProfile', 'v4 updateChannelSettings']);
/**
 * Fields the description calls required (spec/AMBIGUITIES.md: a schema's `required` list says what a
 * conforming client sends, not what a server insists on); a missing field is asserted refused only here.
 */
const statedRequired: Record<string, string[]> = {
  'v4 requestCallForwarding': ['forward_to'],
  'v4 purchaseNativeNumbers': ['plan'],
  'v4 updateContact': ['name'],
  'v4 mergeContact': ['source_contact_id'],
};
/** Where the description states the number format: "a US E.164 number (plus, 1, digit 2-9, nine more digits)". */
const statedE164 = new Set(['v4 requestCallForwarding']);
/**
 * Rules the spec states where the description does not: v4 POST /webhooks takes "`url` (string)" with no URL
 * format named, and the priority bodies' "fields include `name`" give it no type. Cases breaking only such a
 * rule are not asserted refused.
 */
const unstatedRules: Record<string, Array<{ pointer: string; kind: ViolationKind }>> = {
  'v4 createWebhook': [{ pointer: '/url', kind: 'bad-format' }],
  'v4 createPriority': [{ pointer: '/name', kind: 'wrong-type' }],
  'v4 updatePriority': [{ pointer: '/name', kind: 'wrong-type' }],
};

function kindsFor(key: string): ViolationKind[] {
  const stated: Partial<Record<ViolationKind, boolean>> = {
    'unknown-key': closedBodies.has(key),
    'missing-required': statedRequired[key] !== undefined,
    'malformed-e164': statedE164.has(key),
  };
  return violationKinds.filter((kind) => stated[kind] ?? true);
}

/** Whether the description makes the case an error (kindsFor chose its kind; this narrows within a kind). */
function descriptionRejects(key: string, c: InvalidCase): boolean {
  // A wrong type of the body itself is a non-object body (see above). Other cases at the root (a missing
  // top-level field, an unknown top-level key, an empty object) point there too and are kept.
  if (c.pointer === '' && c.kind === 'wrong-type') return false;
  if (c.kind === 'wrong-type' && valueAt(c.value, c.pointer) === null) return false;
  if ((unstatedRules[key] ?? []).some((rule) => rule.pointer === c.pointer && rule.kind === c.kind)) return false;
  if (c.kind === 'missing-required') {
    const field = /^missing required field `([^`]+)`$/.exec(c.violation)?.[1];
    return field !== undefined && (statedRequired[key] ?? []).includes(field);
  }
  return true;
}

function invalidCases(operation: Operation): fc.Arbitrary<InvalidCase> | undefined {
  const key = `${operation.api} ${operation.operationId}`;
  const cases = invalidRequestBodyArbitrary(apiOf(operation), operation.operationId, { kinds: kindsFor(key) });
  return cases?.filter((c) => descriptionRejects(key, c));
}

function valueAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return node;
}

/** The body of "a body generated invalid is refused with a 4xx error body, never accepted, never a 5xx". */
function invalidBodyIsRefused(operation: Operation, cases: fc.Arbitrary<InvalidCase>): (t: CheckContext) => Promise<void> {
  return async (t) => {
    const fx = await t.fixtures();
    const resources = await realResources(fx);
    await t.assertProperty(
      fc.asyncProperty(requestArbitrary(fx, resources, operation, cases), async ({ body: invalid, ...request }) => {
        const response = await send(fx, operation, { ...request, body: invalid.value });
        refusesInvalidInput(response, operation, invalid.violation);
      }),
      { numRuns: runsPerOperation },
    );
  };
}

function invalidBodyOperations(api: 'v4' | 'v2'): Array<{ operation: Operation; cases: fc.Arbitrary<InvalidCase> }> {
  return generatedInputOperations(operationsOf(api))
    .filter(hasJsonBody)
    .flatMap((operation) => {
      const cases = invalidCases(operation);
      return cases ? [{ operation, cases }] : [];
    });
}

// Faults: server.accepts-invalid-body (an invalid body answered 2xx), server.500-on-wrong-type (a field of
// the wrong JSON type crashes into a 500), server.400-for-422 (a refusal with a status the operation does not document).
// The metadata is spelled out for v4 and v2 apart so that `mcs coverage` reads the clauses of each.
for (const { operation, cases } of invalidBodyOperations('v4')) {
  check(
    {
      area: 'robustness',
      name: `invalid-body-is-refused.v4.${operation.operationId}`,
      title: `v4 ${operation.method} ${operation.path} refuses bodies generated invalid from the spec with a 4xx error body, never a 2xx or 5xx`,
      clauses: ['errors.422.validation', 'errors.status.documented-only', 'errors.shape.v4-standard', 'errors.shape.flat'],
      needs: authorizedClientNeeds(operation),
      // The check judges statuses and error bodies itself; success bodies are other areas' to validate.
      responses: 'off',
      concurrent: true,
    },
    invalidBodyIsRefused(operation, cases),
  );
}

for (const { operation, cases } of invalidBodyOperations('v2')) {
  check(
    {
      area: 'robustness',
      name: `invalid-body-is-refused.v2.${operation.operationId}`,
      title: `v2 ${operation.method} ${operation.path} refuses bodies generated invalid from the spec with a 4xx flat error body, never a 2xx or 5xx`,
      clauses: ['errors.422.validation', 'errors.status.documented-only', 'errors.shape.flat'],
      needs: ['v2'],
      responses: 'off',
      concurrent: true,
    },
    invalidBodyIsRefused(operation, cases),
  );
}
