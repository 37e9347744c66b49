import { describe, expect, it } from 'vitest';
import { colourEnabled, styleFailures, styleFor } from './style.js';

const marked = (tone: string, text: string) => `<${tone}>${text}</${tone}>`;

describe('colour', () => {
  it('follows FORCE_COLOR, then NO_COLOR, then whether the output is a terminal', () => {
    expect(colourEnabled({ isTTY: true }, {})).toBe(true);
    expect(colourEnabled({ isTTY: false }, {})).toBe(false);
    expect(colourEnabled({}, {})).toBe(false);
    expect(colourEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colourEnabled({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(colourEnabled({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(colourEnabled({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(colourEnabled({ isTTY: false }, { FORCE_COLOR: '', NO_COLOR: '1' })).toBe(true);
    expect(colourEnabled({ isTTY: true }, { FORCE_COLOR: '0' })).toBe(false);
    expect(colourEnabled({ isTTY: true }, { FORCE_COLOR: 'false' })).toBe(false);
  });

  it('styles through styleText when on, and not at all when off', () => {
    expect(styleFor({ isTTY: false }, { FORCE_COLOR: '1' })('fail', 'x')).toBe('\x1b[31mx\x1b[39m');
    expect(styleFor({ isTTY: true }, { NO_COLOR: '1' })('fail', 'x')).toBe('x');
  });

  it('colours the FAIL headers of the failure list only', () => {
    expect(styleFailures('FAIL a/b - t\n  clause x: FAIL y', marked)).toBe('<fail>FAIL a/b - t</fail>\n  clause x: FAIL y');
  });
});
