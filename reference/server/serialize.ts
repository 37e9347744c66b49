// Turns a reply body into bytes, applying the benign variants that change only the form.
import type { Variant } from '../variants.js';

export function serialize(body: unknown, variant: Variant, success: boolean): string {
  if (!success || (!variant.extraFields && !variant.shuffleKeys)) return JSON.stringify(body);
  return JSON.stringify(transform(body, variant));
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
