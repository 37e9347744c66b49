import { describe, expect, it } from 'vitest';
import { editDistance, nearestNames } from './nearest.js';

describe('nearest names', () => {
  it('rank names by edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(nearestNames('eror', ['auth', 'errors', 'contacts'], 1)).toEqual(['errors']);
  });
});
