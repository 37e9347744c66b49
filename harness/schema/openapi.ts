// The operations of an OpenAPI document as the harness needs them: method, path template, operationId,
// security, documented responses; `$ref`s to components other than schemas are followed here (schemas are
// left to ajv). Built once per document per process.
import { loadOpenApi, type OpenApiName as ApiName } from '../../spec/index.js';
import { deref } from '../../spec/json-schema/pointer.js';

export { deref } from '../../spec/json-schema/pointer.js';

export type Json = Record<string, unknown>;

export interface Operation {
  api: ApiName;
  operationId: string;
  method: string;
  /** The path template as written in the spec, e.g. `/contacts/{contactId}`. */
  path: string;
  tags: string[];
  /** Names of the security schemes that may authorize the operation; empty when unauthenticated. */
  security: { scheme: string; scopes: string[] }[];
  parameters: Json[];
  requestBody: Json | undefined;
  /** Documented responses by status key (`200`, `4XX`, `default`), references followed. */
  responses: Record<string, Json>;
  matcher: RegExp;
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
const cache = new Map<ApiName, Operation[]>();

export function operationsOf(api: ApiName): Operation[] {
  let operations = cache.get(api);
  if (!operations) {
    operations = readOperations(api, loadOpenApi(api));
    cache.set(api, operations);
  }
  return operations;
}

export function findOperationById(api: ApiName, operationId: string): Operation | undefined {
  return operationsOf(api).find((op) => op.operationId === operationId);
}

/** The operation a concrete request path (URL-encoded, below the API root) answers to; literal segments win over parameters. */
export function findOperation(api: ApiName, method: string, path: string): Operation | undefined {
  const bare = path.split('?')[0] ?? path;
  const candidates = operationsOf(api).filter((op) => op.method === method.toUpperCase() && op.matcher.test(bare));
  return candidates.sort((a, b) => paramCount(a.path) - paramCount(b.path))[0];
}

export function readOperations(api: ApiName, doc: Json): Operation[] {
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const rootSecurity = (doc.security as Json[] | undefined) ?? [];
  const operations: Operation[] = [];
  for (const [template, rawItem] of Object.entries(paths)) {
    const item = deref(doc, rawItem);
    const shared = ((item.parameters as Json[] | undefined) ?? []).map((p) => deref(doc, p));
    for (const method of methods) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const own = ((op.parameters as Json[] | undefined) ?? []).map((p) => deref(doc, p));
      const responses: Record<string, Json> = {};
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        responses[status] = deref(doc, response);
      }
      operations.push({
        api,
        operationId: typeof op.operationId === 'string' ? op.operationId : `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        path: template,
        tags: (op.tags as string[] | undefined) ?? [],
        security: readSecurity((op.security as Json[] | undefined) ?? rootSecurity),
        parameters: mergeParameters(shared, own),
        requestBody: op.requestBody ? deref(doc, op.requestBody as Json) : undefined,
        responses,
        matcher: templateMatcher(template),
      });
    }
  }
  return operations;
}

function readSecurity(requirements: Json[]): Operation['security'] {
  return requirements.flatMap((requirement) => Object.entries(requirement).map(([scheme, scopes]) => ({ scheme, scopes: (scopes as string[]) ?? [] })));
}

function mergeParameters(shared: Json[], own: Json[]): Json[] {
  const key = (p: Json) => `${String(p.in)}:${String(p.name)}`;
  const byKey = new Map(shared.map((p) => [key(p), p]));
  for (const p of own) byKey.set(key(p), p);
  return [...byKey.values()];
}

function templateMatcher(template: string): RegExp {
  const pattern = template
    .split('/')
    .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

function paramCount(template: string): number {
  return (template.match(/\{/g) ?? []).length;
}
