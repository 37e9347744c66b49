// The data attributes the page's filter script reads: the areas an item belongs to, its result, and the
// lower-cased text the clause/check search matches against.
import { html, type Markup } from './template.js';

export function filterAttributes(areas: readonly string[], result: string, text: readonly string[]): Markup {
  return html`data-filter data-areas="${[...new Set(areas)].join(' ')}" data-result="${result}" data-text="${text.join(' ').toLowerCase()}"`;
}
