// Invalid paging and ordering parameters (section 4: `limit`, `cursor`, `offset` (integer >= 0), `sort` and
// `filter` with their named values): whatever a list makes of a value outside its schema (a negative or
// fractional limit, a word for an offset, a sort or filter that is not named, a cursor it never issued), it
// answers a documented status: a refusal with the error body of its layer, or a page. Which of the two is not
// shown (a server may clamp or ignore), so both pass; a 5xx or an undocumented status fails.
import fc from 'fast-check';
import { check, operationsOf, sampleRequest, type Operation } from '../../harness/check/index.js';
import { invalidParameterArbitrary, type InvalidCase } from '../../generators/invalid.js';
import { noUndocumentedServerError } from '../_shared/robustness-checks.js';
import { apiOf, resolvedPathValues, runsPerOperation } from '../_shared/robustness-requests.js';
import { authorizedClient } from '../errors/request-values.js';

const area = 'pagination';
const broken = ['limit', 'offset', 'cursor', 'sort', 'filter'];

/** The paging and ordering parameters of a GET operation's query. */
function pagingParameters(operation: Operation): string[] {
  return operation.parameters.filter((p) => p.in === 'query' && typeof p.name === 'string' && broken.includes(p.name)).map((p) => p.name as string);
}

/** A query value as a client would write it (objects and arrays as their JSON). */
function asQueryValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
}

/** Invalid values of one of the operation's paging parameters, named by parameter. */
function invalidQuery(operation: Operation, names: readonly string[]): fc.Arbitrary<{ name: string; invalid: InvalidCase }> | undefined {
  const arbitraries = names.flatMap((name) => {
    const invalid = invalidParameterArbitrary(apiOf(operation), operation.operationId, name);
    return invalid === undefined ? [] : [invalid.map((c) => ({ name, invalid: c }))];
  });
  return arbitraries.length === 0 ? undefined : fc.oneof(...arbitraries);
}

for (const api of ['v4', 'v2'] as const) {
  for (const operation of operationsOf(api).filter((op) => op.method === 'GET')) {
    const names = pagingParameters(operation);
    const arbitrary = names.length === 0 ? undefined : invalidQuery(operation, names);
    if (arbitrary === undefined) continue;
    check(
      {
        area,
        name: `invalid-paging-parameters-are-answered.${api}.${operation.operationId}`,
        title: `${api} GET ${operation.path} answers an invalid ${names.join(', ')} with a documented refusal or a page, never a 5xx`,
        clauses: ['errors.status.documented-only', ...(names.includes('limit') || names.includes('cursor') ? ['envelope.list.cursor-page'] : [])],
        needs: api === 'v2' ? ['v2'] : [],
        // It judges how the target answers bad input: a 5xx here is the failure it looks for, not a broken API.
        judgesBrokenAnswers: true,
        concurrent: true,
      },
      async (t) => {
        // Fault: server.500-on-malformed-paging.
        const fx = await t.fixtures();
        const values = await resolvedPathValues(fx, operation);
        const client = authorizedClient(fx, operation);
        await t.assertProperty(
          fc.asyncProperty(arbitrary, async ({ name, invalid }) => {
            const request = sampleRequest(operation, values, {});
            const response = await client.request(request.method, request.path, { ...request.options, query: { [name]: asQueryValue(invalid.value) } });
            noUndocumentedServerError(response, operation);
            t.expect.documentedStatusOnly(response);
            if (response.status >= 400) t.expect.errorShape(response, undefined, api === 'v2' ? 'flat' : 'either');
          }),
          { numRuns: runsPerOperation },
        );
      },
    );
  }
}
