import { describe, expect, it } from 'vitest';
import { inert, inertConsole, inertLine } from './inert.js';

/** What a hostile control API answered in the wild: retitles the terminal, clears it, turns it red. */
const payload = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mred';

describe('inert text', () => {
  it('escapes ESC, BEL and every other C0, DEL and C1 character as \\xNN', () => {
    expect(inert(payload)).toBe('\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mred');
    expect(inert('a\u0000b\u007fc\u009bd\re')).toBe('a\\x00b\\x7fc\\x9bd\\x0de');
  });

  it('keeps line feeds and tabs in a block, escapes them on one line', () => {
    expect(inert('a\n\tb')).toBe('a\n\tb');
    expect(inertLine('a\n\tb\r\n')).toBe('a\\x0a\\x09b\\x0d\\x0a');
  });

  it('leaves printable text alone, Unicode included', () => {
    const text = 'verdict: conformant — ✓ 日本 …(masked)';
    expect(inert(text)).toBe(text);
    expect(inertLine(text)).toBe(text);
    expect(inertConsole(text)).toBe(text);
  });

  it('at the stream, lets through only our own colour and erase-line codes', () => {
    const ours = '\r\u001b[K\u001b[1m\u001b[32mpassed\u001b[39m\u001b[22m \u001b[2mdim\u001b[22m\n';
    expect(inertConsole(ours)).toBe(ours);
    expect(inertConsole(`${ours}${payload}`)).toBe(`${ours}\\x1b]0;pwned\\x07\\x1b[2J\u001b[31mred`);
    expect(inertConsole('\u001b[2K\u001b[1;1H\r\u001b]8;;http://x\u0007')).toBe('\\x1b[2K\\x1b[1;1H\\x0d\\x1b]8;;http://x\\x07');
  });

  it('is idempotent: escaping twice changes nothing more', () => {
    for (const escape of [inert, inertLine, inertConsole]) expect(escape(escape(payload))).toBe(escape(payload));
  });
});
