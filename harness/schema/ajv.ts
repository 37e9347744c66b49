// The one Ajv instance of the process, with the components of each API registered once. Compiled
// validators are cached by the caller (validator.ts), so every check in a worker shares them.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadOpenApi } from '../../spec/index.js';
import type { ApiName } from '../http/api-client.js';
import { convert30To2020 } from './dialect.js';
import type { Json } from './openapi.js';

type AddFormats = (ajv: Ajv2020) => Ajv2020;
// ajv-formats is CommonJS with a `default` property; NodeNext sees the module object, tsx the function.
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

let instance: Ajv2020 | undefined;
const registered = new Set<ApiName>();

export function sharedAjv(): Ajv2020 {
  if (!instance) {
    // strict: false because OpenAPI schemas carry keywords JSON Schema does not know (example, x-*,
    // discriminator, xml); validateSchema: false because the spec's own tests check the schemas.
    instance = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false });
    addFormats(instance);
    // OpenAPI's numeric and binary formats say nothing a JSON body can break.
    for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) instance.addFormat(name, true);
  }
  return instance;
}

/** Makes `#/components/schemas/...` of the API resolvable and returns its reference prefix. */
export function ensureComponents(api: ApiName): void {
  if (registered.has(api)) return;
  const doc = loadOpenApi(api);
  const components = (doc.components as Json | undefined)?.schemas ?? {};
  sharedAjv().addSchema({ $id: componentsId(api), $defs: toJsonSchema(api, isOpenApi30(doc), components) });
  registered.add(api);
}

/** A schema of the API's document made ready for ajv: 3.0 dialect converted, local refs made absolute. */
export function toJsonSchema(api: ApiName, is30: boolean, schema: unknown): Json {
  const converted = is30 ? convert30To2020(schema) : structuredClone(schema);
  return rewriteRefs(converted, componentsId(api)) as Json;
}

export function isOpenApi30(doc: Json): boolean {
  return typeof doc.openapi === 'string' && doc.openapi.startsWith('3.0');
}

function componentsId(api: ApiName): string {
  return `mcs://${api}/components`;
}

function rewriteRefs(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, base));
  if (typeof value !== 'object' || value === null) return value;
  const node = value as Json;
  for (const [key, child] of Object.entries(node)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
      node[key] = `${base}#/$defs/${child.slice('#/components/schemas/'.length)}`;
    } else {
      node[key] = rewriteRefs(child, base);
    }
  }
  return node;
}
