/* eslint-disable no-control-regex -- this file is about control characters: it matches them on purpose */
// Text from a target, a control API or an adapter is data: on a console it is shown, never executed. A
// terminal acts on control characters (ESC starts sequences that retitle the window, clear the screen, move
// the cursor or write hyperlinks; C1's CSI does the same in one character; CR overwrites a line), so every
// one of them is written as a visible `\xNN` escape instead. This is the console's one place for it; the
// reports escape for their own formats (reports/escape.ts).
//
// Rule: C0 (U+0000-U+001F), DEL (U+007F) and C1 (U+0080-U+009F) are escaped; a line feed (and a tab) is kept
// where the text is a block of lines, and escaped where it must stay one line (an error, a status line).
// Our own colours are added after escaping (style the escaped text), so what the target sent never carries
// a sequence; `inertConsole` is the last net at the stream, which lets through only the colour codes our
// styles emit (harness/runner/style.ts) and escapes everything else.

/** Control characters a terminal may act on, except line feed and tab. */
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** The same, line feed and tab included: text that must stay on one line. */
const controlsOneLine = /[\u0000-\u001f\u007f-\u009f]/g;
/**
 * What `inertConsole` leaves alone: the Select Graphic Rendition codes node:util's styleText writes for the
 * tones of style.ts (bold, dim and their reset; red, green, yellow and their reset), and the erase-line
 * sequence the status line redraws with. Anything else with an ESC is escaped.
 */
const ownSequences = /\u001b\[(?:1|2|22|31|32|33|39)m|\r\u001b\[K/y;

function hex(char: string): string {
  return `\\x${(char.codePointAt(0) ?? 0).toString(16).padStart(2, '0')}`;
}

/** A block of lines from elsewhere: control characters escaped, line feeds and tabs kept. */
export function inert(text: string): string {
  return text.replace(controls, hex);
}

/** Text that must stay on one line (an error message, a reason in a status line): line feeds escaped too. */
export function inertLine(text: string): string {
  return text.replace(controlsOneLine, hex);
}

/**
 * The last net before a console stream: every control character escaped except line feeds, tabs and the
 * colour and erase-line sequences of our own styles (see `ownSequences`). Idempotent.
 */
export function inertConsole(text: string): string {
  if (!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(text)) return text;
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
    const code = char.charCodeAt(0);
    out += code === 0x0a || code === 0x09 || (code > 0x1f && code < 0x7f) || code > 0x9f ? char : hex(char);
    i += 1;
  }
  return out;
}
