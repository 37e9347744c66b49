// Arbitraries of INVALID values derived from a schema: each case breaks exactly one stated rule at one
// place (a missing required field, a wrong type, an unknown key where the object is closed, an out-of-range
// value, an enum outsider, a malformed E.164 number or id) and says so in `violation`. A case is kept only
// when the schema really rejects it for that reason (ajv reports the stated keyword at the stated place),
// so a failure report can trust the label.
import fc from 'fast-check';
import type { ErrorObject } from 'ajv';
import { e164Pattern, malformedE164, malformedId, nonUsForwardTarget, usNumberPattern, type Malformed } from './domain.js';
import { isRecord, parameterOf, requestBodyOf, resolvePointer, specDocument, type ApiName, type OpenApiDocument, type Schema } from './openapi.js';
import { convertersFor } from './schema.js';
import { isForbiddenKey, jsonTypes, typeOfJson, type JsonType, type Shape } from './shape.js';
import { schemaErrors } from '../spec/json-schema/validator.js';

export type ViolationKind =
  | 'missing-required'
  | 'wrong-type'
  | 'unknown-key'
  | 'out-of-range'
  | 'enum-outsider'
  | 'malformed-e164'
  | 'malformed-id'
  | 'pattern-mismatch'
  | 'bad-format';

export const violationKinds: readonly ViolationKind[] = [
  'missing-required', 'wrong-type', 'unknown-key', 'out-of-range', 'enum-outsider', 'malformed-e164', 'malformed-id', 'pattern-mismatch', 'bad-format',
];

export interface InvalidCase {
  value: unknown;
  /** What was broken, in words, e.g. "missing required field `plan`". */
  violation: string;
  kind: ViolationKind;
  /** Where, as a JSON pointer into the value ('' is the value itself). */
  pointer: string;
  /** The JSON Schema keyword the value breaks there (ajv's `keyword`). */
  keyword: string;
}

export interface InvalidOptions {
  /** Only these kinds of violation (default: all that the schema allows). */
  kinds?: readonly ViolationKind[];
  /** How deep into nested objects and arrays to break things (0 = the value's own level). Default 3. */
  maxDepth?: number;
}

type Path = (string | number)[];
type Mutation = { value: unknown; violation: string };
/** A replacement value and what is wrong with it (a `Malformed` string, or an enum outsider of any type). */
type Broken = Malformed | Mutation;

/** One way to break the value at one place, valid for one branch (shape) of the schema there. */
interface Site {
  kind: ViolationKind;
  path: Path;
  keyword: string;
  /** The ajv error parameter that names the culprit (missingProperty, additionalProperty), when any. */
  param?: { name: string; value: string };
  /** A valid value for the place, from the branch the site was derived from. */
  local: fc.Arbitrary<unknown>;
  /** Breaks such a local value. */
  mutate: fc.Arbitrary<(local: unknown) => Mutation | undefined>;
  /** Identity for de-duplication across branches. */
  key: string;
}

const defaultMaxDepth = 3;
const probeRuns = 30;

/**
 * Invalid values for a schema of `doc` (or a `#/...` reference), each labelled with what it breaks.
 * Undefined when the schema offers nothing to break under the options (e.g. an open object with no
 * required field and `kinds: ['unknown-key']`).
 */
export function invalidArbitraryFor(doc: OpenApiDocument, schemaOrRef: Schema | string, options: InvalidOptions = {}): fc.Arbitrary<InvalidCase> | undefined {
  const schema = typeof schemaOrRef === 'string' ? (resolvePointer(doc, schemaOrRef) as Schema) : schemaOrRef;
  const kinds = new Set(options.kinds ?? violationKinds);
  const arbs = usableSites(doc, schema, options.maxDepth ?? defaultMaxDepth)
    .filter((site) => kinds.has(site.kind))
    .map((site) => siteArbitrary(doc, schema, site));
  if (arbs.length === 0) return undefined;
  return fc.oneof(...arbs);
}

/** Invalid JSON request bodies of an operation (or webhook delivery), by operationId. */
export function invalidRequestBodyArbitrary(api: ApiName, operationId: string, options: InvalidOptions = {}): fc.Arbitrary<InvalidCase> | undefined {
  return invalidArbitraryFor(specDocument(api), requestBodyOf(api, operationId).schema, options);
}

/** Invalid values of one parameter of an operation (path, query or header), e.g. a malformed `ct_` id. */
export function invalidParameterArbitrary(api: ApiName, operationId: string, name: string, options: InvalidOptions = {}): fc.Arbitrary<InvalidCase> | undefined {
  return invalidArbitraryFor(specDocument(api), parameterOf(api, operationId, name).schema, options);
}

/** The kinds of violation a schema can be given (what `invalidArbitraryFor` may produce). */
export function violationKindsOf(doc: OpenApiDocument, schemaOrRef: Schema | string, maxDepth = defaultMaxDepth): ViolationKind[] {
  const schema = typeof schemaOrRef === 'string' ? (resolvePointer(doc, schemaOrRef) as Schema) : schemaOrRef;
  return [...new Set(usableSites(doc, schema, maxDepth).map((site) => site.kind))];
}

/** Missing required field. */
export const missingRequiredField = (doc: OpenApiDocument, schema: Schema | string) => invalidArbitraryFor(doc, schema, { kinds: ['missing-required'] });
/** A value of a type the schema does not allow (at the top, a non-object body). */
export const wrongType = (doc: OpenApiDocument, schema: Schema | string) => invalidArbitraryFor(doc, schema, { kinds: ['wrong-type'] });
/** An undeclared key on an object that is closed (`additionalProperties: false`). */
export const unknownKey = (doc: OpenApiDocument, schema: Schema | string) => invalidArbitraryFor(doc, schema, { kinds: ['unknown-key'] });
/** A number, length, item count or key count outside its bounds. */
export const outOfRange = (doc: OpenApiDocument, schema: Schema | string) => invalidArbitraryFor(doc, schema, { kinds: ['out-of-range'] });
/** A value outside an enum (or different from a const). */
export const enumOutsider = (doc: OpenApiDocument, schema: Schema | string) => invalidArbitraryFor(doc, schema, { kinds: ['enum-outsider'] });
/** A malformed E.164 number or prefixed id where the schema has that pattern. */
export const malformedIdentifier = (doc: OpenApiDocument, schema: Schema | string) => invalidArbitraryFor(doc, schema, { kinds: ['malformed-e164', 'malformed-id'] });

// ---- sites ------------------------------------------------------------------------------------------

const usableCache = new WeakMap<OpenApiDocument, Map<Schema, Map<number, Site[]>>>();

// Sites whose mutations the schema actually rejects for the stated reason, found by a small probe with a
// fixed seed. A site can look breakable yet never be (another branch of an anyOf accepts the change).
function usableSites(doc: OpenApiDocument, schema: Schema, maxDepth: number): Site[] {
  let bySchema = usableCache.get(doc);
  if (!bySchema) usableCache.set(doc, (bySchema = new Map()));
  let byDepth = bySchema.get(schema);
  if (!byDepth) bySchema.set(schema, (byDepth = new Map()));
  const cached = byDepth.get(maxDepth);
  if (cached) return cached;
  const converter = convertersFor(doc);
  const root = converter.forAll([schema]);
  const sites = root ? collectSites(doc, converter.shapesOf([schema]), [], maxDepth) : [];
  const usable = sites.filter((site) => {
    const raw = rawCaseArbitrary(doc, schema, site);
    return fc.sample(raw, { numRuns: probeRuns, seed: 42 }).some((c) => c !== undefined);
  });
  byDepth.set(maxDepth, usable);
  return usable;
}

function collectSites(doc: OpenApiDocument, shapes: Shape[], path: Path, depthLeft: number): Site[] {
  const converter = convertersFor(doc);
  const sites = new Map<string, Site>();
  const add = (site: Site) => {
    if (!sites.has(site.key)) sites.set(site.key, site);
  };
  const where = describePath(path);
  wrongTypeSite(shapes, path, where, add);
  // With several alternatives, a field is required by one of them rather than by the schema as a whole.
  const alternative = shapes.length > 1 ? ' (required by an alternative of the schema)' : '';
  for (const shape of shapes) {
    const local = converter.forShape(shape);
    if (!local) continue;
    const base = { path, local };
    for (const name of shape.required) {
      add({
        ...base,
        kind: 'missing-required',
        keyword: 'required',
        param: { name: 'missingProperty', value: name },
        key: `required:${name}@${where}`,
        mutate: fc.constant((v: unknown) => (isRecord(v) && name in v ? { value: omit(v, name), violation: `missing required field \`${join(path, name)}\`${alternative}` } : undefined)),
      });
    }
    if (shape.closedKeySets.length > 0) {
      const unknown = fc.stringMatching(/^[a-z][a-z_]{2,12}$/).filter((k) => isForbiddenKey(shape, k) && !shape.properties.has(k));
      add({
        ...base,
        kind: 'unknown-key',
        keyword: 'additionalProperties',
        key: `additional@${where}`,
        mutate: unknown.map((k) => (v: unknown) => (isRecord(v) ? { value: { ...v, [k]: 'unexpected' }, violation: `unknown key \`${join(path, k)}\` on a closed object` } : undefined)),
      });
    }
    for (const site of rangeSites(doc, shape, path, where)) add({ ...base, ...site });
    for (const site of valueSites(shape, where)) add({ ...base, ...site });
    if (depthLeft > 0) {
      for (const [name, schemas] of shape.properties) {
        for (const child of collectSites(doc, converter.shapesOf(schemas), [...path, name], depthLeft - 1)) add(child);
      }
      if (shape.items.length > 0) {
        for (const child of collectSites(doc, converter.shapesOf(shape.items), [...path, 0], depthLeft - 1)) add(child);
      }
    }
  }
  return [...sites.values()];
}

type PartialSite = Omit<Site, 'path' | 'local'>;

function wrongTypeSite(shapes: Shape[], path: Path, where: string, add: (site: Site) => void): void {
  const allowed = new Set<JsonType>();
  for (const shape of shapes) {
    const types = shape.types ?? typesOfValues(shape);
    if (!types) return; // some branch takes any type: nothing is a wrong type here
    for (const t of types) allowed.add(t);
  }
  if (allowed.has('number')) allowed.add('integer');
  const wrong = jsonTypes.filter((t) => !allowed.has(t));
  if (wrong.length === 0 || shapes.length === 0) return;
  const samples = wrong.map((t) => sampleOfType[t]);
  add({
    kind: 'wrong-type',
    keyword: 'type',
    path,
    key: `type@${where}`,
    local: fc.constant(null),
    mutate: fc.constantFrom(...samples).map((sample) => () => ({
      value: sample,
      violation: `${where} is ${typeOfJson(sample)} ${JSON.stringify(sample)}, schema wants ${[...allowed].join(' or ')}`,
    })),
  });
}

function rangeSites(doc: OpenApiDocument, shape: Shape, path: Path, where: string): PartialSite[] {
  const sites: PartialSite[] = [];
  const integerOnly = shape.types !== undefined && shape.types.includes('integer') && !shape.types.includes('number');
  const set = (keyword: string, value: unknown, detail: string): PartialSite => ({
    kind: 'out-of-range',
    keyword,
    key: `${keyword}@${where}`,
    mutate: fc.constant(() => ({ value, violation: `${where} ${detail}` })),
  });
  const step = integerOnly ? 1 : 0.5;
  if (shape.minimum !== undefined) sites.push(set('minimum', shape.minimum - step, `= ${shape.minimum - step}, below minimum ${shape.minimum}`));
  if (shape.maximum !== undefined) sites.push(set('maximum', shape.maximum + step, `= ${shape.maximum + step}, above maximum ${shape.maximum}`));
  if (shape.exclusiveMinimum !== undefined) sites.push(set('exclusiveMinimum', shape.exclusiveMinimum, `= ${shape.exclusiveMinimum}, not above exclusive minimum`));
  if (shape.exclusiveMaximum !== undefined) sites.push(set('exclusiveMaximum', shape.exclusiveMaximum, `= ${shape.exclusiveMaximum}, not below exclusive maximum`));
  if (shape.minLength !== undefined && shape.minLength > 0) {
    const value = 'a'.repeat(shape.minLength - 1);
    sites.push(set('minLength', value, `has ${value.length} characters, fewer than minLength ${shape.minLength}`));
  }
  if (shape.maxLength !== undefined) {
    const value = 'a'.repeat(shape.maxLength + 1);
    sites.push(set('maxLength', value, `has ${value.length} characters, more than maxLength ${shape.maxLength}`));
  }
  const item = shape.items.length > 0 ? convertersFor(doc).forAll(shape.items) : fc.constant('item');
  if (item && shape.minItems !== undefined && shape.minItems > 0) {
    const count = shape.minItems - 1;
    sites.push(arraySite('minItems', item, count, `${where} has ${count} items, fewer than minItems ${shape.minItems}`, where));
  }
  if (item && shape.maxItems !== undefined) {
    const count = shape.maxItems + 1;
    sites.push(arraySite('maxItems', item, count, `${where} has ${count} items, more than maxItems ${shape.maxItems}`, where));
  }
  if (shape.minProperties !== undefined && shape.minProperties > 0 && shape.required.length === 0) {
    sites.push(set('minProperties', {}, `is an empty object, minProperties is ${shape.minProperties}`));
  }
  return sites;
}

function arraySite(keyword: string, item: fc.Arbitrary<unknown>, count: number, violation: string, where: string): PartialSite {
  return {
    kind: 'out-of-range',
    keyword,
    key: `${keyword}@${where}`,
    mutate: fc.array(item, { minLength: count, maxLength: count }).map((items) => () => ({ value: items, violation })),
  };
}

function valueSites(shape: Shape, where: string): PartialSite[] {
  const sites: PartialSite[] = [];
  const replace = (kind: ViolationKind, keyword: string, values: fc.Arbitrary<Broken>): PartialSite => ({
    kind,
    keyword,
    key: `${keyword}:${kind}@${where}`,
    mutate: values.map((m) => () => ({ value: m.value, violation: `${where}: ${m.violation}` })),
  });
  if (shape.enum && shape.enum.length > 0) sites.push(replace('enum-outsider', 'enum', enumOutsiders(shape.enum)));
  if (shape.consts.length > 0) sites.push(replace('enum-outsider', 'const', enumOutsiders(shape.consts)));
  const stringy = shape.types === undefined || shape.types.includes('string');
  if (stringy) {
    for (const pattern of shape.patterns) {
      const prefix = /^\^([a-z]+)_/.exec(pattern)?.[1];
      if (pattern === e164Pattern.source) sites.push(replace('malformed-e164', 'pattern', malformedE164()));
      else if (pattern === usNumberPattern.source) sites.push(replace('malformed-e164', 'pattern', fc.oneof(malformedE164(), nonUsForwardTarget())));
      else if (prefix !== undefined) sites.push(replace('malformed-id', 'pattern', malformedId(prefix)));
      else sites.push(replace('pattern-mismatch', 'pattern', patternOutsiders(pattern)));
    }
    for (const format of shape.formats) {
      const bad = badFormatValues[format];
      if (bad) sites.push(replace('bad-format', 'format', fc.constantFrom(...bad).map((value) => ({ value, violation: `${JSON.stringify(value)} is not a valid ${format}` }))));
    }
  }
  return sites;
}

function enumOutsiders(values: readonly unknown[]): fc.Arbitrary<Broken> {
  const listed = values.map((v) => JSON.stringify(v)).join(', ');
  const isOutside = (candidate: unknown) => !values.some((v) => JSON.stringify(v) === JSON.stringify(candidate));
  const near = values.flatMap((v): unknown[] =>
    typeof v === 'string' ? [v.toUpperCase(), `${v}_x`, v.slice(0, Math.max(1, v.length - 1)), ` ${v}`] : typeof v === 'number' ? [v + 1, v - 1] : [],
  );
  // Outsiders keep the enum's own types, so the case breaks the enum and not the type as well.
  const types = new Set(values.map(typeOfJson));
  const candidates = [...near, 'other', 'dedicated', 99, 2.5, true].filter((c) => isOutside(c) && types.has(typeOfJson(c)));
  if (candidates.length === 0) candidates.push('other');
  return fc.constantFrom(...candidates).map((value) => ({ value, violation: `${JSON.stringify(value)} is not one of ${listed}` }));
}

function patternOutsiders(pattern: string): fc.Arbitrary<Malformed> {
  const regex = new RegExp(pattern, 'u');
  return fc
    .oneof(fc.constantFrom('', ' ', 'x', '!!', '0'), fc.string({ maxLength: 12 }))
    .filter((s) => !regex.test(s))
    .map((value) => ({ value, violation: `${JSON.stringify(value)} does not match ${pattern}` }));
}

const badFormatValues: Record<string, string[]> = {
  email: ['not-an-email', 'a@', '@example.com', 'a b@example.com'],
  uri: ['not a url', '://missing-scheme', 'http//example.com'],
  'date-time': ['yesterday', '2024-13-01T00:00:00Z', '2024-01-01 25:00'],
  date: ['2024-13-45', 'today'],
  uuid: ['not-a-uuid', '1234'],
};

const sampleOfType: Record<JsonType, unknown> = {
  null: null,
  boolean: true,
  integer: 7,
  number: 1.5,
  string: 'not-the-right-type',
  array: [],
  object: {},
};

function typesOfValues(shape: Shape): JsonType[] | undefined {
  const values = shape.consts.length > 0 ? shape.consts : shape.enum;
  if (!values) return undefined;
  return [...new Set(values.map(typeOfJson))];
}

// ---- applying a site --------------------------------------------------------------------------------

function siteArbitrary(doc: OpenApiDocument, schema: Schema, site: Site): fc.Arbitrary<InvalidCase> {
  return rawCaseArbitrary(doc, schema, site).filter((c): c is InvalidCase => c !== undefined);
}

// A valid root, a valid local value from the site's branch placed at the site's path, then the mutation;
// undefined unless the schema rejects the result with the site's keyword at the site's place.
function rawCaseArbitrary(doc: OpenApiDocument, schema: Schema, site: Site): fc.Arbitrary<InvalidCase | undefined> {
  const root = convertersFor(doc).forAll([schema]) ?? fc.constant(undefined);
  return fc.tuple(root, site.local, site.mutate).map(([rootValue, local, mutate]) => {
    const mutation = mutate(local);
    if (!mutation) return undefined;
    const value = replaceAt(rootValue, site.path, mutation.value);
    if (value === undefined) return undefined;
    const pointer = toPointer(site.path);
    const errors = schemaErrors(doc, schema, value);
    if (!errors.some((e) => reportsSite(e, site, pointer))) return undefined;
    return { value, violation: mutation.violation, kind: site.kind, pointer, keyword: site.keyword };
  });
}

function reportsSite(error: ErrorObject, site: Site, pointer: string): boolean {
  if (error.keyword !== site.keyword || error.instancePath !== pointer) return false;
  if (!site.param) return true;
  return (error.params as Record<string, unknown>)[site.param.name] === site.param.value;
}

/** A copy of `root` with the value at `path` replaced; undefined when the path's parent is absent. */
export function replaceAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root);
  let parent: unknown = copy;
  for (const segment of path.slice(0, -1)) {
    parent = isRecord(parent) || Array.isArray(parent) ? (parent as Record<string | number, unknown>)[segment] : undefined;
    if (parent === undefined) return undefined;
  }
  const last = path[path.length - 1] as string | number;
  if (typeof last === 'number') {
    if (!Array.isArray(parent)) return undefined;
    parent[Math.min(last, parent.length)] = value;
  } else {
    if (!isRecord(parent)) return undefined;
    parent[last] = value;
  }
  return copy;
}

export function toPointer(path: Path): string {
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function describePath(path: Path): string {
  if (path.length === 0) return 'the value';
  return `\`${path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('')}\``;
}

function join(path: Path, name: string): string {
  return path.length === 0 ? name : `${describePath(path).slice(1, -1)}.${name}`;
}

function omit(value: Record<string, unknown>, name: string): Record<string, unknown> {
  const { [name]: _removed, ...rest } = value;
  return rest;
}
