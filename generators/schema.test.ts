// The converter is proven two ways: on every request body (and every component schema) of the real specs,
// and on small schemas that each exercise one tricky keyword. The judge is the spec's one JSON Schema
// validator (spec/json-schema), the one the harness judges answers with.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonRequestBodies, specDocument, type ApiName, type OpenApiDocument, type Schema } from './openapi.js';
import { arbitraryFor, requestBodyArbitrary } from './schema.js';
import { describeErrors, schemaErrors } from '../spec/json-schema/validator.js';

const numRuns = 50;

function expectAllValid(doc: OpenApiDocument, schema: Schema | string, arb: fc.Arbitrary<unknown>, runs = numRuns): void {
  fc.assert(
    fc.property(arb, (value) => {
      const errors = schemaErrors(doc, schema, value);
      if (errors.length > 0) throw new Error(`${JSON.stringify(value)} is invalid: ${describeErrors(errors)}`);
    }),
    { numRuns: runs },
  );
}

const apis: ApiName[] = ['v2', 'v4'];

describe.each(apis)('every JSON request body of %s', (api) => {
  const bodies = jsonRequestBodies(api);

  it('has request bodies to check', () => {
    expect(bodies.length).toBeGreaterThan(3);
  });

  it.each(bodies.map((b) => [b.operationId, b] as const))('%s: generated bodies validate', (operationId, body) => {
    expectAllValid(specDocument(api), body.schema, requestBodyArbitrary(api, operationId));
  });
});

describe.each(apis)('every component schema of %s', (api) => {
  const doc = specDocument(api);
  const names = Object.keys(((doc['components'] as Record<string, unknown>)['schemas'] ?? {}) as Record<string, unknown>);

  it.each(names)('%s: generated values validate', (name) => {
    const ref = `#/components/schemas/${name}`;
    expectAllValid(doc, ref, arbitraryFor(doc, ref), 20);
  });
});

// ---- focused unit tests on small documents -----------------------------------------------------------

function doc31(schemas: Record<string, unknown>): OpenApiDocument {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas } };
}

function doc30(schemas: Record<string, unknown>): OpenApiDocument {
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, components: { schemas } };
}

function samples(doc: OpenApiDocument, schema: Schema | string, runs = 300): unknown[] {
  return fc.sample(arbitraryFor(doc, schema), { numRuns: runs, seed: 7 });
}

function checkedSamples(doc: OpenApiDocument, schema: Schema | string, runs = 300): unknown[] {
  const values = samples(doc, schema, runs);
  for (const value of values) expect(schemaErrors(doc, schema, value), JSON.stringify(value)).toEqual([]);
  return values;
}

describe('type', () => {
  it('3.1 type arrays yield every listed type', () => {
    const doc = doc31({});
    const values = checkedSamples(doc, { type: ['string', 'null', 'integer'] });
    expect(new Set(values.map((v) => (v === null ? 'null' : typeof v)))).toEqual(new Set(['string', 'null', 'number']));
  });

  it('3.0 nullable adds null to the type', () => {
    const doc = doc30({});
    const values = checkedSamples(doc, { type: 'string', nullable: true });
    expect(values).toContain(null);
    expect(values.some((v) => typeof v === 'string')).toBe(true);
  });

  it('3.0 nullable with an enum lacking null never yields null (OpenAPI 3.0.3 clarification)', () => {
    const values = checkedSamples(doc30({}), { type: 'string', nullable: true, enum: ['a', 'b'] });
    expect(new Set(values)).toEqual(new Set(['a', 'b']));
  });

  it('integers stay integers and numbers may have fractions', () => {
    const doc = doc31({});
    expect(checkedSamples(doc, { type: 'integer' }).every((v) => Number.isInteger(v))).toBe(true);
    expect(checkedSamples(doc, { type: 'number' }).some((v) => !Number.isInteger(v))).toBe(true);
  });

  it('boolean schemas: true admits anything, false nothing', () => {
    const doc = doc31({});
    checkedSamples(doc, true, 100);
    expect(() => arbitraryFor(doc, false)).toThrow(/admits no value/);
  });
});

describe('const and enum', () => {
  it('const yields exactly the constant', () => {
    expect(new Set(checkedSamples(doc31({}), { const: 'message.received' }))).toEqual(new Set(['message.received']));
  });

  it('enum yields only listed values, all of them eventually', () => {
    expect(new Set(checkedSamples(doc31({}), { type: 'integer', enum: [0, 1] }))).toEqual(new Set([0, 1]));
  });

  it('contradicting const and enum is unsatisfiable', () => {
    expect(() => arbitraryFor(doc31({}), { allOf: [{ const: 'a' }, { enum: ['b'] }] })).toThrow(/admits no value/);
  });
});

describe('numbers, strings and arrays', () => {
  it('minimum/maximum and exclusive bounds hold and are reached', () => {
    const doc = doc31({});
    const values = checkedSamples(doc, { type: 'integer', minimum: 1, maximum: 5 }) as number[];
    expect(Math.min(...values)).toBe(1);
    expect(Math.max(...values)).toBe(5);
    const exclusive = checkedSamples(doc, { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 3 }) as number[];
    expect(new Set(exclusive)).toEqual(new Set([1, 2]));
  });

  it('3.0 boolean exclusiveMinimum makes minimum exclusive', () => {
    const values = checkedSamples(doc30({}), { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 2 }) as number[];
    expect(new Set(values)).toEqual(new Set([1, 2]));
  });

  it('multipleOf holds', () => {
    checkedSamples(doc31({}), { type: 'integer', multipleOf: 5, minimum: -100, maximum: 100 });
  });

  it('minLength/maxLength count code points', () => {
    const values = checkedSamples(doc31({}), { type: 'string', minLength: 2, maxLength: 3 }) as string[];
    expect(values.every((v) => [...v].length >= 2 && [...v].length <= 3)).toBe(true);
  });

  it('patterns are matched (E.164, id prefixes, arbitrary regexes)', () => {
    const doc = doc31({});
    expect((checkedSamples(doc, { type: 'string', pattern: '^\\+[1-9][0-9]{1,14}$' }) as string[]).every((v) => v.startsWith('+'))).toBe(true);
    expect((checkedSamples(doc, { type: 'string', pattern: '^ct_' }) as string[]).every((v) => /^ct_[A-Za-z0-9]+$/.test(v))).toBe(true);
    checkedSamples(doc, { type: 'string', pattern: '^[A-Z]{2}-[0-9]{3}$' });
  });

  it('two patterns at once (allOf) both hold', () => {
    checkedSamples(doc31({}), { allOf: [{ type: 'string', pattern: '^ab' }, { type: 'string', pattern: 'c$' }] }, 100);
  });

  it('formats email, uri, date-time, uuid validate', () => {
    const doc = doc31({});
    for (const format of ['email', 'uri', 'date-time', 'uuid', 'date']) checkedSamples(doc, { type: 'string', format }, 100);
  });

  it('minItems/maxItems and uniqueItems hold', () => {
    const values = checkedSamples(doc31({}), { type: 'array', minItems: 2, maxItems: 5, uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 9 } }) as number[][];
    expect(values.some((v) => v.length === 2)).toBe(true);
    expect(values.some((v) => v.length === 5)).toBe(true);
  });
});

describe('objects', () => {
  const doc = doc31({
    Closed: { type: 'object', additionalProperties: false, required: ['a'], properties: { a: { type: 'string' }, b: { type: 'boolean' } } },
  });

  it('required keys are always present, optional ones sometimes', () => {
    const values = checkedSamples(doc, '#/components/schemas/Closed') as Record<string, unknown>[];
    expect(values.every((v) => 'a' in v)).toBe(true);
    expect(values.some((v) => 'b' in v)).toBe(true);
    expect(values.some((v) => !('b' in v))).toBe(true);
  });

  it('additionalProperties: false never gets extra keys, even when extras are asked for', () => {
    const values = fc.sample(arbitraryFor(doc, '#/components/schemas/Closed', { extraProperties: true }), { numRuns: 200, seed: 1 }) as Record<string, unknown>[];
    expect(values.every((v) => Object.keys(v).every((k) => k === 'a' || k === 'b'))).toBe(true);
  });

  it('open objects get extra keys only when asked, and they match additionalProperties', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'integer' } };
    const plain = samples(doc, schema, 200) as Record<string, unknown>[];
    expect(plain.every((v) => Object.keys(v).every((k) => k === 'a'))).toBe(true);
    const extra = fc.sample(arbitraryFor(doc, schema, { extraProperties: true }), { numRuns: 200, seed: 1 }) as Record<string, unknown>[];
    expect(extra.some((v) => Object.keys(v).some((k) => k !== 'a'))).toBe(true);
    for (const value of extra) expect(schemaErrors(doc, schema, value)).toEqual([]);
  });

  it('minProperties holds on an object of optional keys', () => {
    const values = checkedSamples(doc, { type: 'object', minProperties: 1, properties: { x: { type: 'boolean' }, y: { type: 'boolean' } } }) as object[];
    expect(values.every((v) => Object.keys(v).length >= 1)).toBe(true);
  });
});

describe('combinators and references', () => {
  const doc = doc31({
    Base: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^ct_' } } },
    Closed: { type: 'object', additionalProperties: false, properties: { id: true, name: { type: 'string' } } },
    Named: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } }] },
  });

  it('$ref resolves against the whole document and allOf merges required and properties', () => {
    const values = checkedSamples(doc, '#/components/schemas/Named') as Record<string, string>[];
    expect(values.every((v) => v['id']?.startsWith('ct_') && typeof v['name'] === 'string')).toBe(true);
  });

  it('allOf with a closed part drops the keys that part does not declare', () => {
    const schema = { allOf: [{ $ref: '#/components/schemas/Closed' }, { type: 'object', properties: { extra: { type: 'string' } } }] };
    const values = checkedSamples(doc, schema) as Record<string, unknown>[];
    expect(values.every((v) => !('extra' in v))).toBe(true);
  });

  it('allOf requiring a key a closed part forbids is unsatisfiable', () => {
    const schema = { allOf: [{ $ref: '#/components/schemas/Closed' }, { required: ['extra'] }] };
    expect(() => arbitraryFor(doc, schema)).toThrow(/admits no value/);
  });

  it('anyOf yields every alternative', () => {
    const values = checkedSamples(doc, { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }] });
    expect(values.some((v) => typeof v === 'string')).toBe(true);
    expect(values.some((v) => Array.isArray(v))).toBe(true);
  });

  it('oneOf values match exactly one alternative', () => {
    // Overlapping alternatives: strings of length 2 to 3 match both.
    const schema = { oneOf: [{ type: 'string', maxLength: 3 }, { type: 'string', minLength: 2, maxLength: 6 }] };
    const values = checkedSamples(doc, schema) as string[];
    expect(values.every((v) => [...v].length < 2 || [...v].length > 3)).toBe(true);
    expect(values.some((v) => [...v].length < 2)).toBe(true);
    expect(values.some((v) => [...v].length > 3)).toBe(true);
  });

  it('if/then applies then when if holds, and else otherwise', () => {
    const schema = {
      type: 'object',
      required: ['kind'],
      properties: { kind: { enum: ['quick_reply', 'form'] }, items: { type: 'array', items: { type: 'integer' } } },
      if: { properties: { kind: { const: 'quick_reply' } } },
      then: { required: ['items'], properties: { items: { minItems: 2, maxItems: 5 } } },
      else: { not: { required: ['items'] } },
    };
    const values = checkedSamples(doc, schema) as { kind: string; items?: unknown[] }[];
    expect(values.some((v) => v.kind === 'quick_reply')).toBe(true);
    expect(values.some((v) => v.kind === 'form')).toBe(true);
    expect(values.filter((v) => v.kind === 'form').every((v) => v.items === undefined)).toBe(true);
  });

  it('not excludes what it names', () => {
    const schema = { type: 'object', properties: { a: { type: 'boolean' }, b: { type: 'boolean' } }, not: { required: ['a', 'b'] } };
    const values = checkedSamples(doc, schema) as object[];
    expect(values.every((v) => !('a' in v && 'b' in v))).toBe(true);
  });

  it('siblings of $ref hold in both dialects (valid whether a validator ignores them or not)', () => {
    const schemas = { S: { type: 'string' } };
    const sibling = { $ref: '#/components/schemas/S', maxLength: 0 };
    expect(new Set(checkedSamples(doc30(schemas), sibling))).toEqual(new Set(['']));
    expect(new Set(checkedSamples(doc31(schemas), sibling))).toEqual(new Set(['']));
  });

  it('a oneOf alternative that another always covers is never offered (and does not hang)', () => {
    const values = checkedSamples(doc, { oneOf: [{ type: 'integer' }, { type: 'integer', minimum: 0, maximum: 10 }] }) as number[];
    expect(values.every((v) => v < 0 || v > 10)).toBe(true);
  });

  it('caches the arbitrary per schema', () => {
    expect(arbitraryFor(doc, '#/components/schemas/Named')).toBe(arbitraryFor(doc, '#/components/schemas/Named'));
  });
});

describe('requestBodyArbitrary', () => {
  it('throws naming the operation when it has no JSON body', () => {
    expect(() => requestBodyArbitrary('v4', 'noSuchOperation')).toThrow(/noSuchOperation/);
  });
});
