// What the generators need from an OpenAPI document: its dialect, `$ref` resolution (both spec/json-schema's,
// shared with the judges), and the JSON request bodies of its operations (paths, plus the `webhooks` /
// `x-webhooks` deliveries, whose request bodies are the payloads a receiver gets).
import { loadOpenApi } from '../spec/index.js';
import { deref } from '../spec/json-schema/pointer.js';

export { isOpenApi30 } from '../spec/json-schema/dialect.js';
export { resolvePointer } from '../spec/json-schema/pointer.js';

export type OpenApiDocument = Record<string, unknown>;
export type SchemaObject = Record<string, unknown>;
/** A JSON Schema: an object, or `true` / `false`. */
export type Schema = SchemaObject | boolean;
export type ApiName = 'v4' | 'v2';

export interface JsonRequestBody {
  api: ApiName;
  operationId: string;
  method: string;
  /** Path template, or the webhook name for deliveries. */
  path: string;
  /** `paths` for API operations, `webhooks` for deliveries the service POSTs to a receiver. */
  section: 'paths' | 'webhooks';
  required: boolean;
  /** The schema as written (often a `$ref`); resolve it against the document. */
  schema: Schema;
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

export function specDocument(api: ApiName): OpenApiDocument {
  return loadOpenApi(api);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows `$ref` chains of non-schema objects (request bodies, path items): the spec's one dereference. */
export function derefObject(doc: OpenApiDocument, value: unknown): Record<string, unknown> {
  if (!isRecord(value)) throw new Error('expected an object');
  return deref(doc, value);
}

/** Every operation of the API whose request body has an `application/json` schema. */
export function jsonRequestBodies(api: ApiName): JsonRequestBody[] {
  const doc = specDocument(api);
  const bodies: JsonRequestBody[] = [];
  const sections: [JsonRequestBody['section'], unknown][] = [
    ['paths', doc['paths']],
    ['webhooks', doc['webhooks']],
    ['webhooks', doc['x-webhooks']],
  ];
  for (const [section, items] of sections) {
    if (!isRecord(items)) continue;
    for (const [path, rawItem] of Object.entries(items)) {
      const item = derefObject(doc, rawItem);
      for (const method of methods) {
        const op = item[method];
        if (!isRecord(op) || op['requestBody'] === undefined) continue;
        const body = derefObject(doc, op['requestBody']);
        const content = isRecord(body['content']) ? body['content'] : {};
        const media = content['application/json'];
        if (!isRecord(media) || media['schema'] === undefined) continue;
        const schema = media['schema'];
        if (!isRecord(schema) && typeof schema !== 'boolean') continue;
        bodies.push({
          api,
          operationId: typeof op['operationId'] === 'string' ? op['operationId'] : `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          section,
          required: body['required'] === true,
          schema,
        });
      }
    }
  }
  return bodies;
}

/** The JSON request body of one operation (by operationId); throws naming what is missing. */
export function requestBodyOf(api: ApiName, operationId: string): JsonRequestBody {
  const body = jsonRequestBodies(api).find((candidate) => candidate.operationId === operationId);
  if (!body) throw new Error(`${api} has no operation ${operationId} with an application/json request body`);
  return body;
}

export interface ParameterSchema {
  name: string;
  in: string;
  required: boolean;
  schema: Schema;
}

/** A parameter of an operation (path-level parameters included), by name; throws when absent. */
export function parameterOf(api: ApiName, operationId: string, name: string): ParameterSchema {
  const doc = specDocument(api);
  const paths = isRecord(doc['paths']) ? doc['paths'] : {};
  for (const rawItem of Object.values(paths)) {
    const item = derefObject(doc, rawItem);
    for (const method of methods) {
      const op = item[method];
      if (!isRecord(op) || op['operationId'] !== operationId) continue;
      const declared = [...asArray(item['parameters']), ...asArray(op['parameters'])].map((p) => derefObject(doc, p));
      // An operation-level parameter overrides a path-level one of the same name and location.
      const match = declared.reverse().find((p) => p['name'] === name);
      const schema = match?.['schema'];
      if (!match || (!isRecord(schema) && typeof schema !== 'boolean')) break;
      return { name, in: String(match['in']), required: match['required'] === true, schema };
    }
  }
  throw new Error(`${api} operation ${operationId} has no parameter ${name} with a schema`);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
