import { describe, expect, it } from 'vitest';
import { convert30To2020, isOpenApi30 } from './dialect.js';

describe('OpenAPI 3.0 to JSON Schema 2020-12', () => {
  it('tells a 3.0 document from a 3.1 one', () => {
    expect([isOpenApi30({ openapi: '3.0.3' }), isOpenApi30({ openapi: '3.1.0' })]).toEqual([true, false]);
  });

  it('turns nullable into a null type, a null enum member, or an anyOf', () => {
    expect(convert30To2020({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] });
    expect(convert30To2020({ type: 'string', enum: ['a'], nullable: true })).toEqual({ type: ['string', 'null'], enum: ['a', null] });
    expect(convert30To2020({ $ref: '#/components/schemas/X', nullable: true })).toEqual({ anyOf: [{ $ref: '#/components/schemas/X' }, { type: 'null' }] });
    expect(convert30To2020({ properties: { a: { type: 'integer', nullable: false } } })).toEqual({ properties: { a: { type: 'integer' } } });
  });

  it('turns boolean exclusive bounds into numeric ones and leaves the input untouched', () => {
    const input = { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 5, exclusiveMaximum: false };
    expect(convert30To2020(input)).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 5 });
    expect(input.exclusiveMinimum).toBe(true);
  });
});
