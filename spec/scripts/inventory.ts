// What an OpenAPI document declares, flattened: its operations (paths and webhooks) and whether it
// covers a described endpoint. Shared by the stats script and the spec tests.
import type { DescribedEndpoint } from './description.js';

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Operation {
  /** `paths` or `webhooks` */
  source: 'paths' | 'webhooks';
  method: string;
  /** The path template, or the webhook's name. */
  path: string;
  operationId: string | undefined;
  tags: string[];
  operation: Record<string, unknown>;
}

export function operations(doc: Record<string, unknown>, source: 'paths' | 'webhooks' = 'paths'): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(asRecord(doc[source]))) {
    for (const method of httpMethods) {
      const operation = asRecord(asRecord(item)[method]);
      if (Object.keys(operation).length === 0) continue;
      const tags = Array.isArray(operation['tags']) ? operation['tags'].filter((tag) => typeof tag === 'string') : [];
      const operationId = typeof operation['operationId'] === 'string' ? operation['operationId'] : undefined;
      found.push({ source, method: method.toUpperCase(), path, operationId, tags, operation });
    }
  }
  return found;
}

/**
 * METHOD and path with parameter names blanked and a leading version prefix dropped: the description
 * names parameters freely ({channel}, {chatId}) and the base URL may or may not carry /v4 or /v2.
 */
export function endpointKey(method: string, path: string): string {
  const normalized = path.replace(/^\/v[24](?=\/)/, '').replace(/\{[^}]*\}/g, '{}').replace(/(.)\/$/, '$1');
  return `${method.toUpperCase()} ${normalized}`;
}

export function missingEndpoints(described: DescribedEndpoint[], doc: Record<string, unknown>): DescribedEndpoint[] {
  const declared = new Set(operations(doc).map((op) => endpointKey(op.method, op.path)));
  return described.filter((endpoint) => !declared.has(endpointKey(endpoint.method, endpoint.path)));
}

/** Every string held by a `const` or `enum` anywhere below `node`: where event names and codes are pinned. */
export function pinnedStrings(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) pinnedStrings(item, found);
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'const' && typeof value === 'string') found.add(value);
      if (key === 'enum' && Array.isArray(value)) for (const item of value) if (typeof item === 'string') found.add(item);
      pinnedStrings(value, found);
    }
  }
  return found;
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * `status code` pairs the operations document through `x-error-codes` on their responses (the convention
 * the v4 file's info states), following local `#/components/responses/...` references.
 */
export function documentedErrorCodes(doc: Record<string, unknown>): Set<string> {
  const pairs = new Set<string>();
  for (const op of operations(doc)) {
    for (const [status, response] of Object.entries(asRecord(op.operation['responses']))) {
      const codes = resolveLocalRef(doc, response)['x-error-codes'];
      if (Array.isArray(codes)) for (const code of codes) pairs.add(`${status} ${String(code)}`);
    }
  }
  return pairs;
}

function resolveLocalRef(doc: Record<string, unknown>, node: unknown): Record<string, unknown> {
  const ref = asRecord(node)['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return asRecord(node);
  const target = ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((current, part) => asRecord(current)[part], doc);
  return resolveLocalRef(doc, target);
}
