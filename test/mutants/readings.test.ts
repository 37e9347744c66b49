// Every reading the suite accepts is a benign variant the mutants gate runs: each reading of spec/readings.ts names
// a variant of the catalogue, and an AMBIGUITIES item that names benign variants is one of the list's entries (its
// variants among the list's), so a reading accepted without a variant, or a variant for a reading not listed, fails.
import { describe, expect, it } from 'vitest';
import { ambiguityItems, variantsNamed } from '../../spec/ambiguities.js';
import { acceptedReadings, wrappings } from '../../spec/readings.js';
import { baselineVariantName, listVariants } from './catalog.js';

const variants = new Set(listVariants().map((v) => v.name));
const listed = [...Object.values(wrappings).map((w) => ({ ambiguity: w.ambiguity, variants: w.places.map((p) => p.variant) })), ...acceptedReadings.map((r) => ({ ambiguity: r.ambiguity, variants: r.readings.map((x) => x.variant) }))];

describe('the accepted readings and the benign variants', () => {
  it('give each reading a variant of the catalogue', () => {
    const unknown = listed.flatMap((entry) => entry.variants.filter((name) => !variants.has(name)).map((name) => `${entry.ambiguity}: ${name}`));
    expect(unknown).toEqual([]);
  });

  it('list every AMBIGUITIES item that names a benign variant, with each variant it names', () => {
    const byItem = new Map<string, Set<string>>();
    for (const entry of listed) byItem.set(entry.ambiguity, new Set([...(byItem.get(entry.ambiguity) ?? []), ...entry.variants]));
    const missing: string[] = [];
    for (const [item, text] of ambiguityItems()) {
      for (const name of variantsNamed(text)) {
        if (!variants.has(name)) missing.push(`${item} names ${name}, which is no variant of the catalogue`);
        else if (!byItem.get(item)?.has(name)) missing.push(`${item} names ${name}, but spec/readings.ts does not list it for ${item}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('run the reference as it is for one reading of each', () => {
    expect(variants.has(baselineVariantName)).toBe(true);
  });
});
