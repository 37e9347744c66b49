// Fault switches of the reference's shared request handling (reference/server/app.ts), for the robustness
// checks: generic failures of an implementation's body handling rather than of one endpoint.
import type { FaultDecl } from '../faults.js';
import type { Version } from './types.js';
import { isJsonObject } from './validate.js';

export const faults: FaultDecl[] = [
  {
    name: 'server.500-on-wrong-type',
    description: 'a body field of a JSON type its schema does not allow crashes the handler: 500 instead of a 4xx refusal',
    clauses: ['errors.422.validation'],
  },
  {
    name: 'server.accepts-invalid-body',
    description: 'body validation is skipped: a 400/422 refusal of a JSON object body is answered 200 with the body echoed',
    clauses: ['errors.422.validation'],
  },
  {
    name: 'server.500-on-astral-text',
    description: 'a character beyond the Basic Multilingual Plane (an emoji) in the body or a query parameter crashes the request handling: 500',
    clauses: ['errors.status.documented-only'],
  },
  {
    name: 'server.500-on-malformed-json',
    description: 'a body that is not valid JSON crashes the request handling: 500 instead of a 4xx refusal',
    clauses: ['errors.422.validation'],
  },
  {
    name: 'server.non-object-body-422',
    description: 'a JSON body that is not an object (an array, a string, a number, null) is refused with 422 validation_error instead of 400',
    clauses: ['errors.400.non-object-body'],
  },
  {
    name: 'server.404-as-400',
    description: 'a request for an unknown resource is answered 400 bad_request instead of 404 not_found',
    clauses: ['errors.404.not-found'],
  },
  {
    name: 'server.500-on-read-operations',
    description: 'every GET of an authenticated v4 or v2 operation crashes with 500 (valid input then gets an undocumented status)',
    clauses: ['errors.status.documented-only'],
  },
  {
    name: 'server.500-on-write-operations',
    description: 'every POST, PUT, PATCH and DELETE of an authenticated v4 or v2 operation crashes with 500',
    clauses: ['errors.status.documented-only'],
  },
  {
    name: 'server.400-for-422',
    description: 'validation refusals are answered 400 instead of 422, a status several operations do not document',
    clauses: ['errors.status.documented-only', 'errors.422.validation'],
  },
  {
    name: 'server.500-on-malformed-paging',
    description: 'a limit or offset that is not a whole number (negative, a word, a fraction) crashes a list: 500 instead of a refusal or a page',
    clauses: ['errors.status.documented-only'],
  },
  {
    name: 'server.v4-errors-without-details',
    description: 'v4 standard error bodies leave out error.details (the shape gives details: object)',
    clauses: ['errors.shape.v4-standard'],
  },
];

/** A `limit` or `offset` in the query that is not a whole number (a negative one, a word, a fraction). */
export function hasMalformedPaging(query: string): boolean {
  const params = new URLSearchParams(query);
  return ['limit', 'offset'].some((name) => params.has(name) && !/^\d+$/.test(params.get(name) ?? ''));
}

/** Characters outside the Basic Multilingual Plane (what a 3-byte "utf8" store cannot hold) in the body or the query. */
export function hasAstralText(raw: Buffer, query: string): boolean {
  const astral = /[\u{10000}-\u{10FFFF}]/u;
  return astral.test(raw.toString('utf8')) || [...new URLSearchParams(query).values()].some((value) => astral.test(value));
}

type Validate = ((body: unknown) => boolean) & { errors?: Array<{ keyword: string; instancePath: string }> | null };
interface BodySchemas {
  templates: Array<{ method: string; template: string; matcher: RegExp; validate: Validate }>;
}
const schemasByVersion = new Map<Version, Promise<BodySchemas>>();

/**
 * Whether the JSON body has a field (below the top level) of a type its request schema in spec/ does not
 * allow. Loaded on first use, so a reference without the fault never compiles a schema.
 */
export async function hasWrongTypedField(version: Version, method: string, path: string, body: unknown): Promise<boolean> {
  if (version === 'control' || !isJsonObject(body)) return false;
  let schemas = schemasByVersion.get(version);
  if (!schemas) {
    schemas = loadBodySchemas(version);
    schemasByVersion.set(version, schemas);
  }
  const below = path.slice(`/${version}`.length);
  const entry = (await schemas).templates.find((t) => t.method === method.toLowerCase() && t.matcher.test(below));
  if (!entry || entry.validate(body)) return false;
  return (entry.validate.errors ?? []).some((e) => e.keyword === 'type' && e.instancePath !== '');
}

async function loadBodySchemas(version: 'v4' | 'v2'): Promise<BodySchemas> {
  const [{ default: Ajv2020 }, { loadOpenApi }, { jsonPointer, pathTemplates }] = await Promise.all([
    import('ajv/dist/2020.js'),
    import('../../spec/index.js'),
    import('../spec-paths.js'),
  ]);
  const doc = loadOpenApi(version) as { paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>> };
  const ajv = new Ajv2020.default({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(doc, version);
  const templates: BodySchemas['templates'] = [];
  const paths = doc.paths ?? {};
  for (const { template, matcher } of pathTemplates(paths)) {
    for (const [method, operation] of Object.entries(paths[template] ?? {})) {
      if (operation?.requestBody?.content?.['application/json']?.schema === undefined) continue;
      const validate = ajv.getSchema(`${version}#/${jsonPointer('paths', template, method, 'requestBody', 'content', 'application/json', 'schema')}`);
      if (validate) templates.push({ method, template, matcher, validate: validate as unknown as Validate });
    }
  }
  return { templates };
}
