// Invalid paging and ordering parameters (section 4: `limit`, `cursor`, `offset` (integer >= 0), `sort` and
// `filter` with their named values): whatever a list makes of a value outside its schema (a negative or
// fractional limit, a word for an offset, a sort or filter that is not named, a cursor it never issued), it
// answers a documented status: a refusal with the error body of its layer, or a page. Which of the two is not
// shown (a server may clamp or ignore), so neither fails; a 5xx or an undocumented status fails. A value outside
// a constraint the description states (offset "integer >= 0", the named sort and filter values, a whole
// positive limit) that the target takes anyway is the outcome `warning`, naming the constraint: a reading a
// careful implementer avoids, never a silent pass (issue 30).
import fc from 'fast-check';
import { check, operationsOf, sampleRequest, type ApiResponse, type CheckContext, type Operation } from '../../harness/check/index.js';
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
        const ask = await asker(t, operation);
        await t.assertProperty(
          fc.asyncProperty(arbitrary, async ({ name, invalid }) => {
            const constraint = statedConstraint(operation, name);
            await ask(name, asQueryValue(invalid.value), constraint !== undefined && statedKinds.has(invalid.kind) ? constraint : undefined);
          }),
          { numRuns: runsPerOperation },
        );
      },
    );
  }
}

/**
 * Asks `operation` with one query parameter set to `value`: a documented answer, a refusal with the error body of
 * its layer, and, where `value` breaks a stated `constraint`, a warning when it is taken anyway.
 */
async function asker(t: CheckContext, operation: Operation): Promise<(name: string, value: string, constraint: string | undefined) => Promise<void>> {
  const fx = await t.fixtures();
  const values = await resolvedPathValues(fx, operation);
  const client = authorizedClient(fx, operation);
  const warned = new Set<string>();
  return async (name, value, constraint) => {
    const request = sampleRequest(operation, values, {});
    const response = await client.request(request.method, request.path, { ...request.options, query: { [name]: value } });
    noUndocumentedServerError(response, operation);
    t.expect.documentedStatusOnly(response);
    if (response.status >= 400) t.expect.errorShape(response, undefined, operation.api === 'v2' ? 'flat' : 'either');
    if (constraint !== undefined && !warned.has(name) && warnIfAccepted(t, response, name, value, constraint)) warned.add(name);
  };
}

/** Violations of what a parameter's schema states (its type, bounds and named values), not of its form on the wire. */
const statedKinds: ReadonlySet<string> = new Set(['out-of-range', 'wrong-type', 'enum-outsider']);

type ParameterSchema = { type?: unknown; minimum?: unknown; enum?: unknown };

function schemaOf(operation: Operation, name: string): ParameterSchema | undefined {
  const parameter = operation.parameters.find((p) => p.in === 'query' && p.name === name);
  const schema = parameter?.schema;
  return typeof schema === 'object' && schema !== null ? (schema as ParameterSchema) : undefined;
}

/** The constraint a paging parameter's schema states, in words: `integer >= 0`, `one of recent, oldest`; undefined for a free string. */
function statedConstraint(operation: Operation, name: string): string | undefined {
  const schema = schemaOf(operation, name);
  if (schema === undefined) return undefined;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  if (schema.type === 'integer') return typeof schema.minimum === 'number' ? `integer >= ${schema.minimum}` : 'integer';
  return undefined;
}

/** Values just outside what the schema of `name` states: below its minimum, fractional for an integer, unnamed for an enum. */
function justOutside(operation: Operation, name: string): string[] {
  const schema = schemaOf(operation, name);
  if (schema === undefined) return [];
  if (Array.isArray(schema.enum)) return ['mcs-unnamed-value'];
  if (schema.type !== 'integer') return [];
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  return [...(minimum === undefined ? [] : [String(minimum - 1)]), String((minimum ?? 0) + 1.5)];
}

/** A success answer to a value outside the stated constraint: the outcome `warning` (true when it warned). */
function warnIfAccepted(t: CheckContext, response: ApiResponse, name: string, value: string, constraint: string): boolean {
  if (response.status < 200 || response.status >= 300) return false;
  t.warn(`${response.api} ${response.method} ${response.path} accepted ${name} outside its stated constraint (${constraint}), e.g. ${name}=${value} answered ${response.status}`);
  return true;
}

// Caught as a warning: the variant lenient-paging (a negative offset taken as 0, a fractional limit rounded down).
for (const api of ['v4', 'v2'] as const) {
  for (const operation of operationsOf(api).filter((op) => op.method === 'GET')) {
    const names = pagingParameters(operation).filter((name) => justOutside(operation, name).length > 0);
    if (names.length === 0) continue;
    check(
      {
        area,
        name: `out-of-schema-paging-values-are-refused-or-warned.${api}.${operation.operationId}`,
        title: `${api} GET ${operation.path} refuses ${names.join(', ')} just outside their stated constraints with a documented error, or takes them with a warning`,
        clauses: ['errors.status.documented-only', ...(operation.operationId === 'listContacts' ? ['contacts.list.filter-values'] : [])],
        needs: api === 'v2' ? ['v2'] : [],
        judgesBrokenAnswers: true,
        concurrent: true,
      },
      async (t) => {
        const ask = await asker(t, operation);
        for (const name of names) {
          for (const value of justOutside(operation, name)) await ask(name, value, statedConstraint(operation, name) ?? 'its schema');
        }
      },
    );
  }
}
