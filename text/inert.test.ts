/* eslint-disable no-control-regex -- this file is about control characters: it matches them on purpose */
import { describe, expect, it } from 'vitest';
import { inert, inertConsole, inertJson, inertLine, inertMarkup } from './inert.js';

/** What a hostile control API answered in the wild: retitles the terminal, clears it, turns it red. */
const payload = '\u001b]0;pwned\u0007\u001b[2J\u001b[31mred';
/** Trojan Source: an override reverses what follows, isolates and zero-width characters hide between letters. */
const trojan = 'access\u202e nimda\u2066\u2069\u200b\u200d\ufeff';
const trojanShown = 'access\\u202e nimda\\u2066\\u2069\\u200b\\u200d\\ufeff';
const invisibles = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];

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
    for (const escape of [inert, inertLine, inertConsole, inertMarkup]) expect(escape(escape(payload + trojan))).toBe(escape(payload + trojan));
  });

  it('shows the bidi controls and zero-width characters as escapes, so text reads in the order it is', () => {
    expect(inert(trojan)).toBe(trojanShown);
    expect(inertLine(trojan)).toBe(trojanShown);
    expect(inertConsole(trojan)).toBe(trojanShown);
    expect(inertMarkup(trojan)).toBe(trojanShown);
    for (const char of invisibles) expect(inert(char)).toMatch(/^\\u[0-9a-f]{4}$/);
  });

  it('markup keeps line feeds and tabs, and shows what XML cannot carry (lone surrogates, U+FFFF)', () => {
    expect(inertMarkup('a\n\tb\r\u0000\u001b\u009b\udfff\ud800\uffff😀')).toBe('a\n\tb\\x0d\\x00\\x1b\\x9b\\udfff\\ud800\\uffff😀');
  });

  it('JSON text holds no raw control, bidi or zero-width character, and parses back to the same value', () => {
    const value = { code: `${payload}${trojan}\u2028`, n: 1 };
    const text = inertJson(value, 2);
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff\u2028]/);
    expect(text).toContain('\\u202e');
    expect(JSON.parse(text)).toEqual(value);
  });
});
