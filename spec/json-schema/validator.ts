// The spec as JSON Schema, owned here once: every schema of an OpenAPI document (the spec's, or one a test
// writes) validated by one Ajv2020 instance, each 3.0 document converted to 2020-12 first (dialect.ts). The
// harness's judges (answers, deliveries) and the generators (valid and invalid values) compile through this
// module alone, so what one calls valid the other accepts. Validators are compiled on first use and kept.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadOpenApi, type OpenApiName } from '../index.js';
import { convert30To2020, isOpenApi30 } from './dialect.js';

type Json = Record<string, unknown>;
/** A JSON Schema: an object, or `true` / `false`. */
export type Schema = Json | boolean;

type AddFormats = (ajv: Ajv2020) => Ajv2020;
// ajv-formats is CommonJS with a `default` property; NodeNext sees the module object, tsx the function.
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

interface Registered {
  id: string;
  is30: boolean;
  bySchema: WeakMap<object, ValidateFunction>;
  byPointer: Map<string, ValidateFunction>;
}

let ajv: Ajv2020 | undefined;
const documents = new WeakMap<object, Registered>();
let registeredCount = 0;

/** The one Ajv of the process. */
function sharedAjv(): Ajv2020 {
  if (!ajv) {
    // strict: false because OpenAPI schemas carry keywords JSON Schema does not know (example, x-*,
    // discriminator, xml); validateSchema: false because the spec's own tests check the schemas; no
    // discriminator: v2's only documents what oneOf already decides.
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false, discriminator: false });
    addFormats(ajv);
    // OpenAPI's numeric and binary formats say nothing a JSON value can break.
    for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(name, true);
  }
  return ajv;
}

/** The document registered with the Ajv (converted to 2020-12 where it is 3.0), once. */
function registered(doc: Json): Registered {
  let entry = documents.get(doc);
  if (!entry) {
    const is30 = isOpenApi30(doc);
    const id = `mcs://openapi/${registeredCount++}`;
    sharedAjv().addSchema((is30 ? convert30To2020(doc) : doc) as object, id);
    entry = { id, is30, bySchema: new WeakMap(), byPointer: new Map() };
    documents.set(doc, entry);
  }
  return entry;
}

/** A validator of a schema of `doc`: an inline schema whose `$ref`s point into `doc`, or a `#/...` pointer. */
export function validatorFor(doc: Json, schemaOrPointer: Schema | string): ValidateFunction {
  const entry = registered(doc);
  if (typeof schemaOrPointer === 'string') {
    let validate = entry.byPointer.get(schemaOrPointer);
    if (!validate) {
      validate = sharedAjv().compile({ $ref: `${entry.id}${schemaOrPointer}` });
      entry.byPointer.set(schemaOrPointer, validate);
    }
    return validate;
  }
  if (typeof schemaOrPointer === 'boolean') return sharedAjv().compile(schemaOrPointer);
  let validate = entry.bySchema.get(schemaOrPointer);
  if (!validate) {
    const schema = entry.is30 ? convert30To2020(schemaOrPointer) : schemaOrPointer;
    validate = sharedAjv().compile(anchored(schema, entry.id) as object);
    entry.bySchema.set(schemaOrPointer, validate);
  }
  return validate;
}

/** A validator of a schema of the spec's own document for `api`. */
export function specValidatorFor(api: OpenApiName, schemaOrPointer: Schema | string): ValidateFunction {
  return validatorFor(loadOpenApi(api), schemaOrPointer);
}

/** Whether `value` satisfies the schema. */
export function matchesSchema(doc: Json, schemaOrPointer: Schema | string, value: unknown): boolean {
  return validatorFor(doc, schemaOrPointer)(value) === true;
}

/** The Ajv errors of `value` (empty when it satisfies the schema). */
export function schemaErrors(doc: Json, schemaOrPointer: Schema | string, value: unknown): ErrorObject[] {
  const validate = validatorFor(doc, schemaOrPointer);
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** One error in words a vendor can act on: where in the body, and what is wrong there. */
export function describeError(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'body' : `body${error.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.')}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${where} has unexpected field '${String(params.additionalProperty)}'`;
    case 'required':
      return `${where} lacks required field '${String(params.missingProperty)}'`;
    case 'enum':
      return `${where} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${where} must be ${JSON.stringify(params.allowedValue)}`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}

/** One line per error, `instancePath keyword: message`, for a test's failure report. */
export function describeErrors(errors: readonly ErrorObject[]): string {
  return errors.map((e) => `${e.instancePath || '/'} ${e.keyword}: ${e.message ?? ''}`).join('; ');
}

/** A copy of a schema whose document-local `$ref`s (`#/...`) name the registered document. */
function anchored(value: unknown, id: string): unknown {
  if (Array.isArray(value)) return value.map((item) => anchored(item, id));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Json = {};
  for (const [key, child] of Object.entries(value)) copy[key] = key === '$ref' && typeof child === 'string' && child.startsWith('#') ? `${id}${child}` : anchored(child, id);
  return copy;
}
