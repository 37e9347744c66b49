// Escaping for every text the reporters write into XML, HTML and SVG. Reports show what a server sent, so
// every value is treated as hostile: markup characters are escaped and characters XML cannot carry at all
// (control characters, lone surrogates) are written as visible `\xNN` / `\uNNNN` instead of being dropped,
// so a reader still sees that the server sent them.

/** Characters XML 1.0 forbids even as character references. */
const forbiddenInXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function visibleControlChars(text: string): string {
  return text.replace(forbiddenInXml, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0').toUpperCase()}` : `\\u${code.toString(16).padStart(4, '0').toUpperCase()}`;
  });
}

const markup: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text content and attribute values of XML, HTML and SVG alike. */
export function escapeMarkup(value: unknown): string {
  return visibleControlChars(String(value)).replace(/[&<>"']/g, (char) => markup[char] ?? char);
}

/** XML text content: quotes need no escaping there, and raw XML stays readable. */
export function escapeText(value: unknown): string {
  return visibleControlChars(String(value)).replace(/[&<>]/g, (char) => markup[char] ?? char);
}

/** An attribute value that keeps its line breaks and tabs (XML parsers normalize raw ones to spaces). */
export function escapeAttribute(value: unknown): string {
  return escapeMarkup(value).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

/**
 * JSON that is safe inside `<script type="application/json">`: `<` never appears raw, so neither
 * `</script>` nor `<!--` can end or confuse the element; U+2028/U+2029 escaped for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Cuts a long text for display, saying how much was left out. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n… (${text.length - max} more characters; the full text is in report.json)`;
}
