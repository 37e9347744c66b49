// The read-back table stands on the spec (each write and read exists, each read path is its read's), and the
// comparison is field by field with the differences the description names left out.
import { describe, expect, it } from 'vitest';
import { findOperationById } from '../schema/openapi.js';
import { differences, readBackRules, sameValue } from './read-back.js';

describe('read-back rules', () => {
  it.each(readBackRules.map((rule) => [rule.write, rule]))('%s is a v4 write whose read is a GET of the path given', (_, rule) => {
    const write = findOperationById('v4', rule.write);
    const read = findOperationById('v4', rule.read);
    expect(write?.method).not.toBe('GET');
    expect(read?.method).toBe('GET');
    const sample = rule.path.replace(/\{[^}]+\}/g, 'x1');
    expect(read?.matcher.test(sample), `${rule.path} is the path of ${rule.read} (${read?.path})`).toBe(true);
    for (const name of [...rule.path.matchAll(/\{([^}.]+)\}/g)].map((m) => m[1])) expect(write?.path).toContain(`{${name}}`);
  });
});

describe('differences between an answer and its read-back', () => {
  const named = new Set(['id', 'name', 'tags', 'identities', 'merged_into']);

  it('finds none between equal objects, whatever the order of keys and list items', () => {
    expect(differences({ id: 'ct_1', tags: ['a', 'b'], name: 'A' }, { name: 'A', tags: ['b', 'a'], id: 'ct_1' }, {}, named)).toEqual([]);
    expect(sameValue([{ a: 1, b: [2, 3] }, 'x'], ['x', { b: [3, 2], a: 1 }])).toBe(true);
  });

  it('names a field whose value differs, and a named field one side leaves out', () => {
    expect(differences({ id: 'ct_1', tags: ['a'] }, { id: 'ct_1', tags: ['a', 'b'] }, {}, named)).toEqual(['tags is ["a"] in the answer but ["a","b"] in the read']);
    expect(differences({ id: 'ct_1' }, { id: 'ct_1', tags: ['b'] }, {}, named)).toEqual(['tags is absent from the answer but ["b"] in the read']);
  });

  it('leaves out what the description lets differ, fields it does not name on one side only, and nulls', () => {
    expect(differences({ id: 'k', api_key: 'api_full' }, { id: 'k', api_key: 'api_…ull' }, { differs: ['api_key'] }, named)).toEqual([]);
    expect(differences({ id: 'ct_1', updated_at: 5 }, { id: 'ct_1' }, {}, named)).toEqual([]);
    expect(differences({ id: 'ct_1', merged_into: null }, { id: 'ct_1' }, {}, named)).toEqual([]);
    expect(differences({ id: 'ch_1', profile: { about: 'x' } }, { id: 'ch_1' }, { mayLackInRead: ['profile'] }, new Set(['profile']))).toEqual([]);
    expect(differences({ id: 'ch_1', profile: { about: '', email: 'a@b.c' } }, { id: 'ch_1', profile: { about: null, email: 'a@b.c' } }, { clearedAlike: true }, new Set(['profile']))).toEqual([]);
    expect(differences({ id: 'ch_1', profile: { email: 'a@b.c' } }, { id: 'ch_1', profile: { email: 'x@b.c' } }, { clearedAlike: true }, new Set(['profile']))).toHaveLength(1);
  });

  it('compares only the mapped fields where a rule maps them, and only those the read carries', () => {
    const rule = { fields: { address: 'address' } };
    expect(differences({ channel_id: 'ch_1', address: '+14155550101' }, { id: 'ch_1', address: '+14155550100' }, rule, named)).toEqual(['address "+14155550101" where the read has address "+14155550100"']);
    expect(differences({ channel_id: 'ch_1', address: '+14155550101' }, { id: 'ch_1' }, rule, named)).toEqual([]);
  });
});
