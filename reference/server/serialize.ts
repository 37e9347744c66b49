// Turns a reply body into bytes, applying the benign variants that change only the form.
import type { Variant } from '../variants.js';

export function serialize(body: unknown, variant: Variant, success: boolean): string {
  const text = !success || (!variant.extraFields && !variant.shuffleKeys) ? JSON.stringify(body) : JSON.stringify(transform(body, variant));
  return variant.asciiEscapedJson ? asciiEscaped(text) : text;
}

/** The same JSON text with every non-ASCII UTF-16 unit written as \uXXXX (astral characters as their surrogate pair). */
export function asciiEscaped(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Maps whose every value has a type (the settings `available` map holds booleans, section 2): an extra
 * string there would break the description, not just add to it, so the extra field is left out of them.
 */
const typedMaps = new Set(['available']);

function transform(value: unknown, variant: Variant, key?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => transform(item, variant));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, transform(v, variant, k)] as const);
  if (variant.shuffleKeys) entries.reverse();
  const out: Record<string, unknown> = Object.fromEntries(entries);
  if (variant.extraFields && !(key !== undefined && typedMaps.has(key))) out.x_reference_extra = 'ignore-me';
  return out;
}
