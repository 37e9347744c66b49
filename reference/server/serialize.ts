// Turns a reply body into bytes, applying the benign variants that change only the form.
import type { Variant } from '../variants.js';

export function serialize(body: unknown, variant: Variant, success: boolean): string {
  if (!success || (!variant.extraFields && !variant.shuffleKeys)) return JSON.stringify(body);
  return JSON.stringify(transform(body, variant));
}

function transform(value: unknown, variant: Variant): unknown {
  if (Array.isArray(value)) return value.map((item) => transform(item, variant));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, transform(v, variant)] as const);
  if (variant.shuffleKeys) entries.reverse();
  const out: Record<string, unknown> = Object.fromEntries(entries);
  if (variant.extraFields) out.x_reference_extra = 'ignore-me';
  return out;
}
