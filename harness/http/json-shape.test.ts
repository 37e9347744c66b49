import { describe, expect, it } from 'vitest';
import { jsonBeyondBounds } from './json-shape.js';

describe('the JSON the harness parses', () => {
  it('passes what an API answers, and text that is not JSON at all', () => {
    expect(jsonBeyondBounds(JSON.stringify({ data: [{ id: 'ct_1', tags: ['a', 'b'], nested: { a: { b: { c: [1, 2, 3] } } } }], has_more: false }))).toBeUndefined();
    expect(jsonBeyondBounds('<html>not json</html>')).toBeUndefined();
    expect(jsonBeyondBounds('')).toBeUndefined();
  });

  it('finds nesting past the bound, 100,000 arrays deep included', () => {
    expect(jsonBeyondBounds(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toMatch(/nested deeper than the harness parses \(over 256 levels\)/);
    expect(jsonBeyondBounds(`${'['.repeat(256)}${']'.repeat(256)}`)).toBeUndefined();
  });

  it('finds one object or array too wide, 60,000 keys included, and counts per container', () => {
    const wide = `{"data":{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":${i}`).join(',')}}}`;
    expect(jsonBeyondBounds(wide)).toMatch(/more members in one object or array than the harness parses \(over 10000\)/);
    const manySmall = JSON.stringify(Array.from({ length: 5_000 }, (_, i) => ({ a: i, b: [i, i] })));
    expect(jsonBeyondBounds(manySmall)).toBeUndefined();
  });

  it('ignores brackets and commas inside strings, escaped quotes included', () => {
    expect(jsonBeyondBounds(JSON.stringify({ text: `${'['.repeat(1_000)}",${','.repeat(20_000)}` }))).toBeUndefined();
  });
});
