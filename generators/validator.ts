// JSON Schema validation of generated values against a document's schemas, in the document's own
// dialect: OpenAPI 3.1 files with Ajv2020, OpenAPI 3.0 files with draft-07 Ajv (which knows `nullable`).
// The generators use it for the few constraints they cannot build (not, oneOf exclusivity, if without
// then) and to keep only truly invalid cases; the tests use it as the judge.
import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isOpenApi30, type OpenApiDocument, type Schema } from './openapi.js';

type AjvInstance = InstanceType<typeof Ajv2020>;
type AddFormats = (ajv: AjvInstance) => AjvInstance;
// Both packages are CommonJS with a `default` export; NodeNext types see the module object, tsx the value.
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;
const Ajv07 = ((AjvModule as unknown as { default?: typeof Ajv2020 }).default ?? AjvModule) as unknown as typeof Ajv2020;

interface DocumentValidators {
  ajv: AjvInstance;
  documentId: string;
  is30: boolean;
  compiled: WeakMap<object, ValidateFunction>;
  byPointer: Map<string, ValidateFunction>;
}

const perDocument = new WeakMap<OpenApiDocument, DocumentValidators>();
let documentCount = 0;

function validatorsOf(doc: OpenApiDocument): DocumentValidators {
  let entry = perDocument.get(doc);
  if (!entry) {
    // strict: false because OpenAPI schemas carry keywords JSON Schema does not know (example, x-*, xml);
    // discriminator: false because v2's discriminator only documents what oneOf already decides.
    const options = { strict: false, allErrors: true, validateSchema: false, logger: false, discriminator: false } as const;
    const ajv = isOpenApi30(doc) ? new Ajv07(options) : new Ajv2020(options);
    addFormats(ajv);
    // OpenAPI's numeric and binary formats say nothing a JSON value can break.
    for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(name, true);
    const documentId = `mcs-generators://document/${documentCount++}`;
    const is30 = isOpenApi30(doc);
    ajv.addSchema(dialectCopy(doc, is30, undefined) as object, documentId);
    entry = { ajv, documentId, is30, compiled: new WeakMap(), byPointer: new Map() };
    perDocument.set(doc, entry);
  }
  return entry;
}

/** A compiled validator for a schema of `doc` (an inline schema whose `$ref`s point into `doc`, or a `#/...` pointer). */
export function validatorFor(doc: OpenApiDocument, schemaOrRef: Schema | string): ValidateFunction {
  const entry = validatorsOf(doc);
  if (typeof schemaOrRef === 'string') {
    let validate = entry.byPointer.get(schemaOrRef);
    if (!validate) {
      validate = entry.ajv.compile({ $ref: `${entry.documentId}${schemaOrRef}` });
      entry.byPointer.set(schemaOrRef, validate);
    }
    return validate;
  }
  if (typeof schemaOrRef === 'boolean') return entry.ajv.compile(schemaOrRef);
  let validate = entry.compiled.get(schemaOrRef);
  if (!validate) {
    validate = entry.ajv.compile(dialectCopy(schemaOrRef, entry.is30, entry.documentId) as object);
    entry.compiled.set(schemaOrRef, validate);
  }
  return validate;
}

/** Whether `value` satisfies the schema. */
export function matchesSchema(doc: OpenApiDocument, schemaOrRef: Schema | string, value: unknown): boolean {
  return validatorFor(doc, schemaOrRef)(value) === true;
}

/** The ajv errors for `value` (empty when valid). */
export function schemaErrors(doc: OpenApiDocument, schemaOrRef: Schema | string, value: unknown): ErrorObject[] {
  const validate = validatorFor(doc, schemaOrRef);
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** One line per error, `instancePath keyword: message`, for failure reports. */
export function describeErrors(errors: readonly ErrorObject[]): string {
  return errors.map((e) => `${e.instancePath || '/'} ${e.keyword}: ${e.message ?? ''}`).join('; ');
}

// A copy of a schema (or the whole document) that draft-07 / 2020-12 ajv reads as OpenAPI means it:
// document-local refs (`#/...`) anchored at the registered document when `documentId` is given, and in
// 3.0 the draft-04 boolean `exclusiveMinimum`/`exclusiveMaximum` turned into numeric bounds.
function dialectCopy(value: unknown, is30: boolean, documentId: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => dialectCopy(item, is30, documentId));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const anchored = key === '$ref' && documentId !== undefined && typeof child === 'string' && child.startsWith('#');
    copy[key] = anchored ? `${documentId}${child}` : dialectCopy(child, is30, documentId);
  }
  if (is30) {
    for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
      if (typeof copy[flag] !== 'boolean') continue;
      if (copy[flag] === true && typeof copy[bound] === 'number') {
        copy[flag] = copy[bound];
        delete copy[bound];
      } else {
        delete copy[flag];
      }
    }
  }
  return copy;
}
