// Flattens a JSON Schema into "shapes": conjunctions of plain keywords with no $ref, allOf, anyOf, oneOf,
// if or not left at the top. A schema becomes the disjunction of its shapes (anyOf and oneOf branch, allOf
// merges, if/then/else splits into "if and then" or "else and not if"). What cannot be expressed as plain
// keywords (`not`, oneOf exclusivity, an unmet `if`, rarely used keywords) is kept as a check the generated
// value must pass. Property, item and additional-property schemas stay unflattened (lists meaning "all of
// these") and are flattened lazily when their values are generated.
import { isRecord, resolvePointer, type OpenApiDocument, type Schema, type SchemaObject } from './openapi.js';

export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';
export const jsonTypes: readonly JsonType[] = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'];

/** A constraint checked on the generated value: it must (or, with `negate`, must not) match `schema`. */
export interface Check {
  schema: Schema;
  negate: boolean;
}

export interface Shape {
  /** Allowed JSON types; undefined when the schema does not restrict the type. */
  types: JsonType[] | undefined;
  consts: unknown[];
  enum: unknown[] | undefined;
  minimum: number | undefined;
  maximum: number | undefined;
  exclusiveMinimum: number | undefined;
  exclusiveMaximum: number | undefined;
  multipleOf: number[];
  minLength: number | undefined;
  maxLength: number | undefined;
  patterns: string[];
  formats: string[];
  items: Schema[];
  minItems: number | undefined;
  maxItems: number | undefined;
  uniqueItems: boolean;
  properties: Map<string, Schema[]>;
  required: string[];
  /** The declared property names of each closed (additionalProperties: false) part; a key outside any of them is forbidden. */
  closedKeySets: string[][];
  /** additionalProperties schemas: every undeclared key's value must match them all. */
  additional: Schema[];
  minProperties: number | undefined;
  maxProperties: number | undefined;
  checks: Check[];
}

export interface FlattenContext {
  doc: OpenApiDocument;
  /** OpenAPI 3.0: `nullable` and boolean exclusive bounds. */
  is30: boolean;
}

const maxBranches = 64;
const maxDepth = 64;
// Keywords the shapes do not model; a schema using them is kept whole as a check.
const checkedOnlyKeywords = [
  'patternProperties', 'propertyNames', 'dependentRequired', 'dependentSchemas', 'dependencies', 'contains',
  'prefixItems', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems',
];

export function emptyShape(): Shape {
  return {
    types: undefined, consts: [], enum: undefined,
    minimum: undefined, maximum: undefined, exclusiveMinimum: undefined, exclusiveMaximum: undefined, multipleOf: [],
    minLength: undefined, maxLength: undefined, patterns: [], formats: [],
    items: [], minItems: undefined, maxItems: undefined, uniqueItems: false,
    properties: new Map(), required: [], closedKeySets: [], additional: [],
    minProperties: undefined, maxProperties: undefined, checks: [],
  };
}

/** The shapes of "all of these schemas" (an empty list is the always-true schema). */
export function flattenAll(ctx: FlattenContext, schemas: readonly Schema[]): Shape[] {
  return schemas.reduce<Shape[]>((acc, schema) => product(acc, flatten(ctx, schema)), [emptyShape()]);
}

/** The shapes of one schema; an empty list means the schema admits no value. */
export function flatten(ctx: FlattenContext, schema: Schema, depth = 0): Shape[] {
  if (schema === true) return [emptyShape()];
  if (schema === false) return [];
  if (depth > maxDepth) throw new Error('schema nests too deeply (a $ref cycle through allOf/anyOf/oneOf?)');
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const target = asSchema(resolvePointer(ctx.doc, ref), ref);
    // OpenAPI 3.0 says siblings of $ref are ignored, ajv applies them: honouring them yields values valid
    // under both readings.
    const { $ref: _ignored, ...siblings } = schema;
    return product(flatten(ctx, target, depth + 1), flatten(ctx, siblings, depth + 1));
  }
  let shapes: Shape[] = [ownShape(ctx, schema)];
  const sub = (s: unknown, where: string) => flatten(ctx, asSchema(s, where), depth + 1);
  if (Array.isArray(schema['allOf'])) {
    for (const part of schema['allOf']) shapes = product(shapes, sub(part, 'allOf'));
  }
  if (Array.isArray(schema['anyOf'])) {
    shapes = product(shapes, schema['anyOf'].flatMap((alt: unknown) => sub(alt, 'anyOf')));
  }
  if (Array.isArray(schema['oneOf'])) {
    const alternatives = schema['oneOf'].map((alt: unknown) => asSchema(alt, 'oneOf'));
    const exclusive = alternatives.flatMap((alt, index) => {
      const others: Check[] = alternatives.filter((_, j) => j !== index).map((other) => ({ schema: other, negate: true }));
      return flatten(ctx, alt, depth + 1).map((shape) => withChecks(shape, others));
    });
    shapes = product(shapes, exclusive);
  }
  if (schema['if'] !== undefined) {
    const condition = asSchema(schema['if'], 'if');
    const whenTrue = product(flatten(ctx, condition, depth + 1), sub(schema['then'] ?? true, 'then'));
    const whenFalse = sub(schema['else'] ?? true, 'else').map((shape) => withChecks(shape, [{ schema: condition, negate: true }]));
    shapes = product(shapes, [...whenTrue, ...whenFalse]);
  }
  if (schema['not'] !== undefined) {
    const negated = asSchema(schema['not'], 'not');
    shapes = shapes.map((shape) => withChecks(shape, [{ schema: negated, negate: true }]));
  }
  if (checkedOnlyKeywords.some((keyword) => schema[keyword] !== undefined) || Array.isArray(schema['items'])) {
    shapes = shapes.map((shape) => withChecks(shape, [{ schema, negate: false }]));
  }
  return shapes;
}

/** Every pairwise merge of the two disjunctions, dropping contradictions. */
export function product(left: readonly Shape[], right: readonly Shape[]): Shape[] {
  const out: Shape[] = [];
  for (const a of left) {
    for (const b of right) {
      const merged = mergeShapes(a, b);
      if (merged) out.push(merged);
      if (out.length >= maxBranches) return out;
    }
  }
  return out;
}

/** The conjunction of two shapes, or undefined when they contradict each other. */
export function mergeShapes(a: Shape, b: Shape): Shape | undefined {
  const types = meetTypes(a.types, b.types);
  if (types !== undefined && types.length === 0) return undefined;
  const enumValues = a.enum && b.enum ? a.enum.filter((v) => b.enum?.some((w) => jsonEqual(v, w))) : (a.enum ?? b.enum);
  const merged: Shape = {
    types,
    consts: [...a.consts, ...b.consts],
    enum: enumValues,
    minimum: maxDefined(a.minimum, b.minimum),
    maximum: minDefined(a.maximum, b.maximum),
    exclusiveMinimum: maxDefined(a.exclusiveMinimum, b.exclusiveMinimum),
    exclusiveMaximum: minDefined(a.exclusiveMaximum, b.exclusiveMaximum),
    multipleOf: [...a.multipleOf, ...b.multipleOf],
    minLength: maxDefined(a.minLength, b.minLength),
    maxLength: minDefined(a.maxLength, b.maxLength),
    patterns: [...a.patterns, ...b.patterns],
    formats: [...a.formats, ...b.formats],
    items: [...a.items, ...b.items],
    minItems: maxDefined(a.minItems, b.minItems),
    maxItems: minDefined(a.maxItems, b.maxItems),
    uniqueItems: a.uniqueItems || b.uniqueItems,
    properties: new Map(),
    required: [...new Set([...a.required, ...b.required])],
    closedKeySets: [...a.closedKeySets, ...b.closedKeySets],
    additional: [...a.additional, ...b.additional],
    minProperties: maxDefined(a.minProperties, b.minProperties),
    maxProperties: minDefined(a.maxProperties, b.maxProperties),
    checks: [...a.checks, ...b.checks],
  };
  // In allOf, each part's additionalProperties governs the keys that part does not declare.
  for (const name of new Set([...a.properties.keys(), ...b.properties.keys()])) {
    merged.properties.set(name, [...(a.properties.get(name) ?? a.additional), ...(b.properties.get(name) ?? b.additional)]);
  }
  for (const name of merged.properties.keys()) {
    if (isForbiddenKey(merged, name)) merged.properties.delete(name);
  }
  return isContradictory(merged) ? undefined : merged;
}

/** A key no closed part of the shape declares. */
export function isForbiddenKey(shape: Shape, name: string): boolean {
  return shape.closedKeySets.some((keys) => !keys.includes(name));
}

export function withChecks(shape: Shape, checks: readonly Check[]): Shape {
  return { ...shape, checks: [...shape.checks, ...checks] };
}

/** Whether a JSON value has one of the types (integers count as numbers). */
export function hasType(value: unknown, types: readonly JsonType[]): boolean {
  const actual = typeOfJson(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

export function typeOfJson(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object') return typeof value as JsonType;
  throw new Error(`not a JSON value: ${typeof value}`);
}

/** Equality of JSON values regardless of key order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return stableStringify(a) === stableStringify(b);
}

export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableStringify(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function ownShape(ctx: FlattenContext, schema: SchemaObject): Shape {
  const shape = emptyShape();
  const type = schema['type'];
  if (typeof type === 'string') shape.types = [type as JsonType];
  else if (Array.isArray(type)) shape.types = [...(type as JsonType[])];
  if (ctx.is30 && schema['nullable'] === true && shape.types && !shape.types.includes('null')) shape.types.push('null');
  if ('const' in schema) shape.consts.push(schema['const']);
  if (Array.isArray(schema['enum'])) shape.enum = [...schema['enum']];
  shape.minimum = numberOrUndefined(schema['minimum']);
  shape.maximum = numberOrUndefined(schema['maximum']);
  shape.exclusiveMinimum = numberOrUndefined(schema['exclusiveMinimum']);
  shape.exclusiveMaximum = numberOrUndefined(schema['exclusiveMaximum']);
  // OpenAPI 3.0 (draft-04 style): a boolean exclusive flag turns the plain bound exclusive.
  if (schema['exclusiveMinimum'] === true) [shape.exclusiveMinimum, shape.minimum] = [shape.minimum, undefined];
  if (schema['exclusiveMaximum'] === true) [shape.exclusiveMaximum, shape.maximum] = [shape.maximum, undefined];
  const multipleOf = numberOrUndefined(schema['multipleOf']);
  if (multipleOf !== undefined) shape.multipleOf.push(multipleOf);
  shape.minLength = numberOrUndefined(schema['minLength']);
  shape.maxLength = numberOrUndefined(schema['maxLength']);
  if (typeof schema['pattern'] === 'string') shape.patterns.push(schema['pattern']);
  if (typeof schema['format'] === 'string') shape.formats.push(schema['format']);
  if (isSchema(schema['items'])) shape.items.push(schema['items']);
  shape.minItems = numberOrUndefined(schema['minItems']);
  shape.maxItems = numberOrUndefined(schema['maxItems']);
  shape.uniqueItems = schema['uniqueItems'] === true;
  const properties = isRecord(schema['properties']) ? schema['properties'] : {};
  for (const [name, propertySchema] of Object.entries(properties)) {
    shape.properties.set(name, [asSchema(propertySchema, `properties.${name}`)]);
  }
  if (Array.isArray(schema['required'])) shape.required = schema['required'].filter((n): n is string => typeof n === 'string');
  const additional = schema['additionalProperties'];
  if (additional === false) shape.closedKeySets.push(Object.keys(properties));
  else if (isRecord(additional)) shape.additional.push(additional);
  shape.minProperties = numberOrUndefined(schema['minProperties']);
  shape.maxProperties = numberOrUndefined(schema['maxProperties']);
  return shape;
}

function isContradictory(shape: Shape): boolean {
  const [first, ...rest] = shape.consts;
  if (shape.consts.length > 0) {
    if (rest.some((c) => !jsonEqual(c, first))) return true;
    if (shape.types && !hasType(first, shape.types)) return true;
    if (shape.enum && !shape.enum.some((v) => jsonEqual(v, first))) return true;
  }
  if (shape.enum && shape.enum.length === 0) return true;
  if (shape.required.some((name) => isForbiddenKey(shape, name))) return true;
  const lessThan = (lo: number | undefined, hi: number | undefined) => lo !== undefined && hi !== undefined && lo > hi;
  return lessThan(shape.minLength, shape.maxLength) || lessThan(shape.minItems, shape.maxItems) || lessThan(shape.minProperties, shape.maxProperties);
}

function meetTypes(a: JsonType[] | undefined, b: JsonType[] | undefined): JsonType[] | undefined {
  if (!a) return b && [...b];
  if (!b) return [...a];
  const out = new Set<JsonType>();
  for (const t of a) {
    for (const u of b) {
      if (t === u) out.add(t);
      else if ((t === 'integer' && u === 'number') || (t === 'number' && u === 'integer')) out.add('integer');
    }
  }
  return [...out];
}

function isSchema(value: unknown): value is Schema {
  return isRecord(value) || typeof value === 'boolean';
}

function asSchema(value: unknown, where: string): Schema {
  if (!isSchema(value)) throw new Error(`expected a schema at ${where}`);
  return value;
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function maxDefined(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.max(a, b);
}

function minDefined(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}
