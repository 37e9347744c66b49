// Escaping for every text the reporters write into XML, HTML and SVG. Reports show what a server sent, so
// every value is treated as hostile: markup characters are escaped, and the characters text/inert.ts makes
// visible (control, bidi and zero-width characters) or that XML cannot carry at all (lone surrogates) are
// written as visible `\xNN` / `\uNNNN` instead of being dropped, so a reader still sees that the server sent
// them, in the order it sent them.
import { inertJson, inertMarkup } from '../text/inert.js';

const markup: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text content and attribute values of XML, HTML and SVG alike. */
export function escapeMarkup(value: unknown): string {
  return inertMarkup(String(value)).replace(/[&<>"']/g, (char) => markup[char] ?? char);
}

/** XML text content: quotes need no escaping there, and raw XML stays readable. */
export function escapeText(value: unknown): string {
  return inertMarkup(String(value)).replace(/[&<>]/g, (char) => markup[char] ?? char);
}

/** An attribute value that keeps its line feeds and tabs (XML parsers normalize raw ones to spaces; a CR is already `\x0d`). */
export function escapeAttribute(value: unknown): string {
  return escapeMarkup(value).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

/**
 * JSON that is safe inside `<script type="application/json">`: `<` never appears raw, so neither
 * `</script>` nor `<!--` can end or confuse the element; control, bidi and zero-width characters, and
 * U+2028/U+2029 (for old parsers), as `\u` escapes (text/inert.ts).
 */
export function jsonForScript(value: unknown): string {
  return inertJson(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** Cuts a long text for display, saying how much was left out. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n… (${text.length - max} more characters; the full text is in report.json)`;
}
