// mcs load capacity's exit code: a failure only when the search is sure the target could not hold the first
// rate; a search a busy machine or a late generator leaves unsure says so with the code of "not verified".
import { describe, expect, it } from 'vitest';
import { exitCodes } from '../../../results/exit-codes.js';
import { capacityExit } from './capacity.js';

describe('capacityExit', () => {
  it('is 0 when some rate held, however sure the search is', () => {
    for (const confidence of ['steady', 'unsure', 'noisy'] as const) expect(capacityExit({ highestPassingRate: 100, confidence })).toBe(exitCodes.ok);
  });
  it('is 1 when not even the first rate held and nothing but the target explains it', () => {
    expect(capacityExit({ highestPassingRate: null, confidence: 'steady' })).toBe(exitCodes.failed);
  });
  it('is 3 when not even the first rate held but the diagnosis doubts the target is why, or the runs disagreed', () => {
    expect(capacityExit({ highestPassingRate: null, confidence: 'unsure' })).toBe(exitCodes.incomplete);
    expect(capacityExit({ highestPassingRate: null, confidence: 'noisy' })).toBe(exitCodes.incomplete);
  });
});
