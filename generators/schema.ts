// fast-check arbitraries of VALID values for the JSON Schemas of an OpenAPI document (3.1: `type` arrays,
// `const`; 3.0: `nullable`). A schema is flattened into shapes (shape.ts); each shape is generated
// structurally, and only what cannot be built (`not`, oneOf exclusivity, an unmet `if`) is filtered.
import fc from 'fast-check';
import { codePointLength, dateTime, e164, e164Pattern, email, prefixedId, textUnit, url } from './domain.js';
import { isOpenApi30, requestBodyOf, resolvePointer, specDocument, type ApiName, type OpenApiDocument, type Schema } from './openapi.js';
import { flattenAll, hasType, stableStringify, type FlattenContext, type JsonType, type Shape } from './shape.js';
import { matchesSchema } from '../spec/json-schema/validator.js';

export interface ConverterOptions {
  /**
   * Add undeclared keys to objects that allow them. Off by default: a request with keys the description
   * does not name may be refused by a conforming server where the description is silent.
   */
  extraProperties?: boolean;
}

type Arb = fc.Arbitrary<unknown>;

// Formats the converter generates; any other format is generated as a plain string of its type.
const formatArbitraries: Record<string, () => fc.Arbitrary<string>> = {
  email,
  'idn-email': email,
  uri: url,
  'uri-reference': url,
  iri: url,
  url,
  'date-time': dateTime,
  date: () => dateTime().map((d) => d.slice(0, 10)),
  time: () => dateTime().map((d) => d.slice(11)),
  uuid: () => fc.uuid(),
  hostname: () => fc.domain(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
};

const safeMin = Number.MIN_SAFE_INTEGER;
const safeMax = Number.MAX_SAFE_INTEGER;
// An array is generated with at most this many items beyond its minimum (keeps runs fast).
const extraItemsCap = 4;
// Values drawn to decide whether a filtered branch can be generated at all.
const probeRuns = 40;

/** Builds (and caches) the arbitraries of one document under one set of options. */
export class SchemaArbitraries {
  private readonly ctx: FlattenContext;
  private readonly cache = new Map<string, Arb | null>();
  private readonly inProgress = new Set<string>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 0;

  constructor(
    readonly doc: OpenApiDocument,
    private readonly options: ConverterOptions = {},
  ) {
    this.ctx = { doc, is30: isOpenApi30(doc) };
  }

  /** Values valid against the schema (or `#/...` reference); throws when the schema admits none. */
  arbitraryFor(schemaOrRef: Schema | string): Arb {
    const schema = typeof schemaOrRef === 'string' ? (resolvePointer(this.doc, schemaOrRef) as Schema) : schemaOrRef;
    const arb = this.forAll([schema]);
    if (!arb) throw new Error(`schema ${typeof schemaOrRef === 'string' ? schemaOrRef : JSON.stringify(schema).slice(0, 120)} admits no value the converter can build`);
    return arb;
  }

  /** The shapes (disjunction) of "all of these schemas"; invalid.ts reads them to decide what to break. */
  shapesOf(schemas: readonly Schema[]): Shape[] {
    return flattenAll(this.ctx, schemas);
  }

  /** Values valid against all the schemas, or undefined when they admit none. */
  forAll(schemas: readonly Schema[]): Arb | undefined {
    const key = schemas.map((s) => this.idOf(s)).join('&');
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    // A $ref cycle reached again while being built: an optional property is then omitted, which ends it.
    if (this.inProgress.has(key)) return undefined;
    this.inProgress.add(key);
    try {
      const branches = this.shapesOf(schemas)
        .map((shape) => this.fromShape(shape))
        .filter((arb): arb is Arb => arb !== undefined);
      const arb = branches.length === 0 ? undefined : branches.length === 1 ? branches[0] : fc.oneof(...branches);
      this.cache.set(key, arb ?? null);
      return arb;
    } finally {
      this.inProgress.delete(key);
    }
  }

  /** Values valid against one shape (one branch of a flattened schema), or undefined when it admits none. */
  forShape(shape: Shape): Arb | undefined {
    return this.fromShape(shape);
  }

  private idOf(schema: Schema): string {
    if (typeof schema === 'boolean') return String(schema);
    let id = this.ids.get(schema);
    if (id === undefined) {
      id = this.nextId++;
      this.ids.set(schema, id);
    }
    return String(id);
  }

  private fromShape(shape: Shape): Arb | undefined {
    const arb = this.unchecked(shape);
    if (!arb || shape.checks.length === 0) return arb;
    const passes = (value: unknown) => shape.checks.every((check) => matchesSchema(this.doc, check.schema, value) !== check.negate);
    // fast-check retries a filter forever, so a branch whose checks (nearly) never pass must not be
    // offered: e.g. a oneOf alternative that another alternative always covers. A fixed-seed probe decides.
    if (!fc.sample(arb, { numRuns: probeRuns, seed: 1 }).some(passes)) return undefined;
    return arb.filter(passes);
  }

  private unchecked(shape: Shape): Arb | undefined {
    const fits = (value: unknown) => !shape.types || hasType(value, shape.types);
    if (shape.consts.length > 0) return fits(shape.consts[0]) ? fc.constant(shape.consts[0]) : undefined;
    if (shape.enum) {
      const values = shape.enum.filter(fits);
      return values.length === 0 ? undefined : fc.constantFrom(...values);
    }
    const types = shape.types ?? inferTypes(shape);
    if (types === 'any') return anyJson();
    const arbs = types.map((type) => this.forType(type, shape)).filter((arb): arb is Arb => arb !== undefined);
    if (arbs.length <= 1) return arbs[0];
    return fc.oneof(...arbs);
  }

  private forType(type: JsonType, shape: Shape): Arb | undefined {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return integerArbitrary(shape);
      case 'number': {
        const integers = integerArbitrary(shape);
        const doubles = doubleArbitrary(shape);
        return integers && doubles ? fc.oneof(integers, doubles) : (integers ?? doubles);
      }
      case 'string':
        return stringArbitrary(shape);
      case 'array':
        return this.arrayArbitrary(shape);
      case 'object':
        return this.objectArbitrary(shape);
    }
  }

  private arrayArbitrary(shape: Shape): Arb | undefined {
    const minLength = shape.minItems ?? 0;
    const maxLength = Math.min(shape.maxItems ?? Infinity, minLength + extraItemsCap);
    const item = shape.items.length > 0 ? this.forAll(shape.items) : anyJson();
    if (!item) return minLength === 0 ? fc.constant([]) : undefined;
    if (shape.uniqueItems) return fc.uniqueArray(item, { minLength, maxLength, selector: stableStringify });
    return fc.array(item, { minLength, maxLength });
  }

  private objectArbitrary(shape: Shape): Arb | undefined {
    const model: Record<string, Arb> = {};
    for (const [name, schemas] of shape.properties) {
      const arb = this.forAll(schemas);
      if (arb) model[name] = arb;
      else if (shape.required.includes(name)) return undefined;
    }
    // Required keys the shape does not declare take their values from additionalProperties (or anything).
    for (const name of shape.required) {
      if (name in model) continue;
      const arb = shape.additional.length > 0 ? this.forAll(shape.additional) : anyJson();
      if (!arb) return undefined;
      model[name] = arb;
    }
    let arb: fc.Arbitrary<Record<string, unknown>> = fc.record(model, { requiredKeys: shape.required });
    if (this.options.extraProperties && shape.closedKeySets.length === 0) {
      const extraValue = shape.additional.length > 0 ? this.forAll(shape.additional) : anyJson();
      if (extraValue) {
        const extraKey = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/).filter((k) => !shape.properties.has(k) && !(k in model));
        arb = fc.tuple(fc.dictionary(extraKey, extraValue, { maxKeys: 2 }), arb).map(([extra, declared]) => ({ ...extra, ...declared }));
      }
    }
    const { minProperties, maxProperties } = shape;
    if (minProperties !== undefined || maxProperties !== undefined) {
      const reachable = Object.keys(model).length;
      if (minProperties !== undefined && minProperties > reachable && !this.options.extraProperties) return undefined;
      arb = arb.filter((o) => {
        const count = Object.keys(o).length;
        return count >= (minProperties ?? 0) && count <= (maxProperties ?? Infinity);
      });
    }
    return arb;
  }
}

function inferTypes(shape: Shape): JsonType[] | 'any' {
  const types: JsonType[] = [];
  const objectish = shape.properties.size > 0 || shape.required.length > 0 || shape.closedKeySets.length > 0 || shape.additional.length > 0 || shape.minProperties !== undefined;
  if (objectish) types.push('object');
  if (shape.items.length > 0 || shape.minItems !== undefined || shape.maxItems !== undefined) types.push('array');
  if (shape.patterns.length > 0 || shape.formats.length > 0 || shape.minLength !== undefined || shape.maxLength !== undefined) types.push('string');
  const numeric = [shape.minimum, shape.maximum, shape.exclusiveMinimum, shape.exclusiveMaximum].some((b) => b !== undefined) || shape.multipleOf.length > 0;
  if (numeric) types.push('number');
  return types.length > 0 ? types : 'any';
}

/** Small JSON values of every type, for schemas that do not restrict the value. */
export function anyJson(): Arb {
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.string({ unit: textUnit(), maxLength: 16 }),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,9}$/), tie('value'), { maxKeys: 3 }),
    ),
  })).value;
}

function integerArbitrary(shape: Shape): Arb | undefined {
  let min = Math.max(safeMin, Math.ceil(shape.minimum ?? safeMin));
  let max = Math.min(safeMax, Math.floor(shape.maximum ?? safeMax));
  if (shape.exclusiveMinimum !== undefined) min = Math.max(min, Math.floor(shape.exclusiveMinimum) + 1);
  if (shape.exclusiveMaximum !== undefined) max = Math.min(max, Math.ceil(shape.exclusiveMaximum) - 1);
  if (min > max) return undefined;
  const [step, ...otherSteps] = shape.multipleOf;
  if (step === undefined) return fc.integer({ min, max });
  if (!Number.isInteger(step)) return fc.integer({ min, max }).filter((n) => shape.multipleOf.every((m) => isMultiple(n, m)));
  const lo = Math.ceil(min / step);
  const hi = Math.floor(max / step);
  if (lo > hi) return undefined;
  const multiples = fc.integer({ min: lo, max: hi }).map((k) => k * step);
  return otherSteps.length === 0 ? multiples : multiples.filter((n) => otherSteps.every((m) => isMultiple(n, m)));
}

function doubleArbitrary(shape: Shape): Arb | undefined {
  const min = maxOf(shape.minimum, shape.exclusiveMinimum);
  const max = minOf(shape.maximum, shape.exclusiveMaximum);
  if (min !== undefined && max !== undefined && min > max) return undefined;
  const arb = fc
    .double({
      noNaN: true,
      noDefaultInfinity: true,
      ...(min !== undefined && { min, minExcluded: shape.exclusiveMinimum !== undefined && min === shape.exclusiveMinimum }),
      ...(max !== undefined && { max, maxExcluded: shape.exclusiveMaximum !== undefined && max === shape.exclusiveMaximum }),
    })
    // JSON has no negative zero: it would come back as 0.
    .map((x) => (Object.is(x, -0) ? 0 : x));
  return shape.multipleOf.length === 0 ? arb : arb.filter((x) => shape.multipleOf.every((m) => isMultiple(x, m)));
}

function stringArbitrary(shape: Shape): Arb | undefined {
  const minLength = shape.minLength ?? 0;
  const maxLength = shape.maxLength;
  if (maxLength !== undefined && minLength > maxLength) return undefined;
  const regexes = shape.patterns.map((p) => new RegExp(p, 'u'));
  const format = shape.formats.find((f) => f in formatArbitraries);
  const formatArb = format === undefined ? undefined : formatArbitraries[format];
  let base: fc.Arbitrary<string>;
  if (formatArb) base = formatArb();
  else if (shape.patterns[0] !== undefined) base = patternArbitrary(shape.patterns[0]);
  else base = fc.string({ unit: textUnit(), minLength, maxLength: maxLength ?? minLength + 24 });
  const needsFilter = formatArb !== undefined || regexes.length > 1 || (shape.patterns.length > 0 && (shape.minLength !== undefined || maxLength !== undefined));
  if (!needsFilter) return base;
  return base.filter((s) => {
    const length = codePointLength(s);
    return length >= minLength && (maxLength === undefined || length <= maxLength) && regexes.every((r) => r.test(s));
  });
}

/** Strings matching the pattern; the id-prefix and E.164 patterns of the spec get realistic values. */
export function patternArbitrary(pattern: string): fc.Arbitrary<string> {
  if (pattern === e164Pattern.source) return e164();
  const prefixOnly = /^\^([a-z]+)_$/.exec(pattern) ?? /^\^([a-z]+)_\[A-Za-z0-9\]\+\$$/.exec(pattern);
  if (prefixOnly?.[1] !== undefined) return prefixedId(prefixOnly[1]);
  return fc.stringMatching(new RegExp(pattern));
}

function isMultiple(value: number, step: number): boolean {
  const quotient = value / step;
  return Math.abs(quotient - Math.round(quotient)) < 1e-9;
}

function maxOf(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.max(a, b);
}

function minOf(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

const converters = new WeakMap<OpenApiDocument, Map<string, SchemaArbitraries>>();

/** The (cached) converter of a document for the given options. */
export function convertersFor(doc: OpenApiDocument, options: ConverterOptions = {}): SchemaArbitraries {
  let byOptions = converters.get(doc);
  if (!byOptions) {
    byOptions = new Map();
    converters.set(doc, byOptions);
  }
  const key = JSON.stringify({ extraProperties: options.extraProperties === true });
  let converter = byOptions.get(key);
  if (!converter) {
    converter = new SchemaArbitraries(doc, options);
    byOptions.set(key, converter);
  }
  return converter;
}

/** Values valid against a schema of `doc` (or a `#/components/...` reference into it). */
export function arbitraryFor(doc: OpenApiDocument, schemaOrRef: Schema | string, options: ConverterOptions = {}): fc.Arbitrary<unknown> {
  return convertersFor(doc, options).arbitraryFor(schemaOrRef);
}

/** Valid JSON request bodies of an operation (or of a webhook delivery, by its operationId). */
export function requestBodyArbitrary(api: ApiName, operationId: string, options: ConverterOptions = {}): fc.Arbitrary<unknown> {
  return arbitraryFor(specDocument(api), requestBodyOf(api, operationId).schema, options);
}
