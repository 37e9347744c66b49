import { describe, expect, it } from 'vitest';
import { codeOf, errorCodes, hasCode, McsError } from './errors.js';

describe('the errors of the tool', () => {
  it('carry a code of their kind, which outlives the class (a second module copy, a serialized failure)', () => {
    class Refused extends McsError {
      override readonly code = errorCodes.transport;
    }
    const serialized = JSON.parse(JSON.stringify({ ...new Refused('no answer'), name: 'Refused' })) as unknown;
    expect(codeOf(new Refused('no answer'))).toBe('MCS_ERR_TARGET_TRANSPORT');
    expect(codeOf(serialized)).toBe('MCS_ERR_TARGET_TRANSPORT');
    expect([hasCode(serialized, errorCodes.target), hasCode(serialized, errorCodes.transport), hasCode(serialized, errorCodes.control)]).toEqual([true, true, false]);
  });

  it('know only their own codes: a system error code or an API error code is none of them', () => {
    expect(codeOf(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(codeOf({ code: 'invalid_plan' })).toBeUndefined();
    expect(Object.values(errorCodes).every((code) => /^MCS_ERR_[A-Z_]+$/.test(code))).toBe(true);
  });
});
