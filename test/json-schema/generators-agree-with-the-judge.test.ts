// The generators and the judge read the spec as JSON Schema through one module (spec/json-schema): every
// answer body the generators call valid for a documented response the judge's validator accepts
// (harness/schema/validator.ts, which judges every answer a check records), and every one they call invalid
// it refuses. Over every documented JSON response of the v4 and v2 specs, and the deliveries' payloads.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidArbitraryFor } from '../../generators/invalid.js';
import { specDocument, type ApiName } from '../../generators/openapi.js';
import { arbitraryFor } from '../../generators/schema.js';
import { webhookPayloadProblems, describedEventTypes } from '../../harness/checks/webhook-payload.js';
import { operationsOf, type Json, type Operation } from '../../harness/schema/openapi.js';
import { checkResponse, documentedStatusKey } from '../../harness/schema/validator.js';

const runs = 15;
const apis: ApiName[] = ['v4', 'v2'];

/** Every value the generators call valid for `schema` gets no problem from the judge, every invalid one some. */
function expectJudgedAlike(doc: Json, schema: Json, problemsOf: (value: unknown) => string[]): void {
  fc.assert(
    fc.property(arbitraryFor(doc, schema), (value) => {
      expect(problemsOf(value), JSON.stringify(value)).toEqual([]);
    }),
    { numRuns: runs, seed: 41 },
  );
  const invalid = invalidArbitraryFor(doc, schema);
  if (invalid === undefined) return;
  fc.assert(
    fc.property(invalid, (broken) => {
      expect(problemsOf(broken.value), `${broken.violation}: ${JSON.stringify(broken.value)}`).not.toEqual([]);
    }),
    { numRuns: runs, seed: 41 },
  );
}

/** A status the operation documents with the response `key` (`200`, `4XX`, `default`), if any reaches it. */
function statusOf(operation: Operation, key: string): number | undefined {
  const candidates = /^\d{3}$/.test(key) ? [Number(key)] : /^\dXX$/i.test(key) ? [Number(key[0]) * 100 + 99] : [599, 418, 299];
  return candidates.find((status) => documentedStatusKey(operation, status) === key);
}

/** Every documented response of `api` with a JSON body schema: the operation, its status and the schema. */
function jsonResponses(api: ApiName): { name: string; operation: Operation; status: number; schema: Json }[] {
  return operationsOf(api).flatMap((operation) =>
    Object.entries(operation.responses).flatMap(([key, response]) => {
      const schema = ((response.content as Record<string, Json> | undefined)?.['application/json'] as Json | undefined)?.schema;
      const status = statusOf(operation, key);
      return typeof schema === 'object' && schema !== null && status !== undefined ? [{ name: `${operation.operationId} ${key}`, operation, status, schema: schema as Json }] : [];
    }),
  );
}

describe.each(apis)('what the generators make of the %s answers, the judge reads alike', (api) => {
  const responses = jsonResponses(api);
  const doc = specDocument(api);
  const errorsOf = (operation: Operation, status: number, body: unknown) => checkResponse({ api, operationId: operation.operationId, status, body, isJson: true }).errors;

  it('has answers to judge', () => {
    expect(responses.length).toBeGreaterThan(api === 'v4' ? 40 : 10);
  });

  it.each(responses.map((r) => [r.name, r] as const))('%s: every valid body is accepted, every invalid one refused', (_name, { operation, status, schema }) => {
    expectJudgedAlike(doc, schema, (body) => errorsOf(operation, status, body));
  });
});

describe.each(apis)('what the generators make of the %s deliveries, the judge reads alike', (api) => {
  const doc = specDocument(api);
  const section = (api === 'v4' ? doc.webhooks : doc['x-webhooks']) as Record<string, Json>;
  const payloads = describedEventTypes(api).map((type) => {
    const post = section[type]?.post as Json;
    const body = (post.requestBody as Json).$ref === undefined ? (post.requestBody as Json) : undefined;
    const schema = ((body?.content as Record<string, Json> | undefined)?.['application/json'] as Json | undefined)?.schema;
    return [type, schema] as const;
  });

  it.each(payloads.filter(([, schema]) => typeof schema === 'object').map(([type, schema]) => [type, schema as Json] as const))('%s: every valid payload is accepted, every invalid one refused', (type, schema) => {
    expectJudgedAlike(doc, schema, (body) => webhookPayloadProblems(api, type, body));
  });
});
