/* eslint-disable no-control-regex -- this file is about control characters: it matches them on purpose */
// Text from a target, a control API or an adapter is data: shown, never executed, and never shown in another
// order than it is. A terminal acts on control characters (ESC starts sequences that retitle the window,
// clear the screen, move the cursor or write hyperlinks; C1's CSI does the same in one character; CR
// overwrites a line); a reader's eye is misled by the bidi controls, which reorder what follows them (the
// Trojan Source trick), and by zero-width characters, which hide between letters. Every one of them is
// written as a visible escape instead: `\xNN` up to U+00FF, `\uNNNN` above. This file is the one escaping of
// the project: the console (here), the markup of HTML, JUnit and SVG (reports/escape.ts builds on
// `inertMarkup`) and the JSON files (`inertJson`) all use it.
//
// Rule: C0 (U+0000-U+001F), DEL (U+007F), C1 (U+0080-U+009F), the bidi controls (U+202A-U+202E,
// U+2066-U+2069, U+200E, U+200F, U+061C) and the zero-width characters (U+200B-U+200D, U+2060, U+FEFF) are
// escaped; a line feed (and a tab) is kept where the text is a block of lines, and escaped where it must stay
// one line (an error, a status line).
// Our own colours are added after escaping (style the escaped text), so what the target sent never carries
// a sequence; `inertConsole` is the last net at the stream, which lets through only the colour codes our
// styles emit (harness/runner/style.ts) and escapes everything else.

/** Bidi controls and zero-width characters: invisible, yet they change what a reader sees. */
const invisible = '\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff';
/** Control characters a terminal may act on, except line feed and tab, and the invisible ones. */
const controls = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${invisible}]`, 'g');
const anyControl = new RegExp(controls.source);
/** The same, line feed and tab included: text that must stay on one line. */
const controlsOneLine = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${invisible}]`, 'g');
/**
 * What markup cannot show as it is: the characters `inert` escapes, and those XML 1.0 cannot carry at all
 * (lone surrogates, U+FFFE, U+FFFF). Line feeds and tabs are kept (a body in a <pre> keeps its lines).
 */
const notForMarkup = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${invisible}\\ufffe\\uffff]|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]`, 'g');
/**
 * What a JSON file may not hold raw (JSON.stringify already writes C0 and lone surrogates as `\u` escapes):
 * DEL, C1, the invisible characters, and U+2028/U+2029 (line breaks to some readers).
 */
const notForJson = new RegExp(`[\\u007f-\\u009f${invisible}\\u2028\\u2029]`, 'g');
/**
 * What `inertConsole` leaves alone: the Select Graphic Rendition codes node:util's styleText writes for the
 * tones of style.ts (bold, dim and their reset; red, green, yellow and their reset), and the erase-line
 * sequence the status line redraws with. Anything else with an ESC is escaped.
 */
const ownSequences = /\u001b\[(?:1|2|22|31|32|33|39)m|\r\u001b\[K/y;

/** The visible escape of one character: `\x1b`, `\x9b`, `\u202e`. */
export function visibleEscape(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** A block of lines from elsewhere: control and invisible characters escaped, line feeds and tabs kept. */
export function inert(text: string): string {
  return text.replace(controls, visibleEscape);
}

/** Text that must stay on one line (an error message, a reason in a status line): line feeds escaped too. */
export function inertLine(text: string): string {
  return text.replace(controlsOneLine, visibleEscape);
}

/** Text for HTML, XML or SVG (before its markup characters are escaped): see `notForMarkup`. */
export function inertMarkup(text: string): string {
  return text.replace(notForMarkup, visibleEscape);
}

/**
 * JSON text whose every character is shown as it is: the value is the same (each character the text may not
 * hold raw is a `\uNNNN` escape, which any JSON reader decodes back), but `cat`, `less` or an editor showing
 * the file meet no control, bidi or zero-width character.
 */
export function inertJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(notForJson, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The last net before a console stream: every control and invisible character escaped except line feeds,
 * tabs and the colour and erase-line sequences of our own styles (see `ownSequences`). Idempotent.
 */
export function inertConsole(text: string): string {
  if (!anyControl.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; ) {
    ownSequences.lastIndex = i;
    const own = ownSequences.exec(text);
    if (own !== null) {
      out += own[0];
      i += own[0].length;
      continue;
    }
    const char = text[i] ?? '';
    out += inert(char);
    i += 1;
  }
  return out;
}
