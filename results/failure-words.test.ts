import { describe, expect, it } from 'vitest';
import { inPlainWords } from './failure-words.js';

describe('inPlainWords', () => {
  it.each([
    ['expected false to be true // Object.is equality', 'Not as the clause says: expected true, found false'],
    ["status of the send result: expected 'x' to be 'queued' // Object.is equality", "status of the send result: expected 'queued', found 'x'"],
    ["ids: expected [ 'a' ] to deeply equal [ 'b' ]", "ids: expected [ 'b' ], found [ 'a' ]"],
    ["expected [ 'a', 'b' ] to include 'c'", "Not as the clause says: expected 'c' among [ 'a', 'b' ], found it missing"],
    ["expected [ 'a' ] to not include 'a'", "Not as the clause says: expected no 'a', found it in [ 'a' ]"],
    ['rows: expected 0 to be greater than 0', 'rows: expected more than 0, found 0'],
    ['expected 3 to be less than or equal to 1', 'Not as the clause says: expected at most 1, found 3'],
    ["expected 'abc' to match /^cid_/", "Not as the clause says: expected text matching /^cid_/, found 'abc'"],
    ['expected { a: 1 } to deeply equal { a: 2 }', 'Not as the clause says: expected { a: 2 }, found { a: 1 }'],
    ['expected undefined to be 3 // Object.is equality', 'Not as the clause says: expected 3, found undefined'],
    ["plan_kind: expected [ 'shared', 'dedicated' ] to include 'x'", "plan_kind: expected 'x' among [ 'shared', 'dedicated' ], found it missing"],
    ['expected -1.5 to be greater than or equal to 0', 'Not as the clause says: expected at least 0, found -1.5'],
  ])('%s', (raw, plain) => {
    expect(inPlainWords(raw)).toBe(plain);
    expect(inPlainWords(raw)).not.toMatch(/Object\.is|to be true|deeply equal/);
  });

  it('leaves the suite\'s own messages, and its own output, unchanged', () => {
    for (const own of ['POST /contacts answered 500, not 201', 'expected 3 items to be listed', 'merge: expected the survivor to be ct_1']) expect(inPlainWords(own)).toBe(own);
    const once = inPlainWords('expected false to be true // Object.is equality');
    expect(inPlainWords(once)).toBe(once);
  });
});
