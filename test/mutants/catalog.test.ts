// The fault catalogue is fit for the self-verification: enough distinct faults, each breaking real clauses,
// spread over every kind issue 4 names; the benign variants are valid; known-gaps.yaml is well formed.
import { describe, expect, it } from 'vitest';
import { loadClauses } from '../../spec/index.js';
import { resolveVariant } from '../../reference/variants.js';
import { faultKinds, kindsOf, listFaults, listVariants } from './catalog.js';
import { loadKnownGaps, parseKnownGaps, staleNames } from './known-gaps.js';

const faults = await listFaults();

describe('the fault catalogue', () => {
  it('has at least 40 distinct faults', () => {
    expect(new Set(faults.map((f) => f.name)).size).toBe(faults.length);
    expect(faults.length).toBeGreaterThanOrEqual(40);
  });

  it('cites only clause ids of spec/clauses.yaml, at least one per fault', () => {
    const ids = new Set(loadClauses().map((c) => c.id));
    const unknown = faults.flatMap((f) => f.clauses.filter((c) => !ids.has(c)).map((c) => `${f.name} -> ${c}`));
    expect(unknown).toEqual([]);
    expect(faults.filter((f) => f.clauses.length === 0).map((f) => f.name)).toEqual([]);
  });

  it.each(Object.keys(faultKinds))('has a fault of the kind "%s"', (kind) => {
    expect(faults.filter((f) => kindsOf(f).includes(kind)).map((f) => f.name)).not.toEqual([]);
  });
});

describe('the benign variants', () => {
  it('are uniquely named, valid, and include the reference as it is', () => {
    const variants = listVariants();
    expect(new Set(variants.map((v) => v.name)).size).toBe(variants.length);
    expect(variants[0]).toEqual({ name: 'none', patch: {} });
    for (const variant of variants) expect(() => resolveVariant(variant.patch), variant.name).not.toThrow();
  });
});

describe('known-gaps.yaml', () => {
  it('parses, naming only faults and variants that exist', () => {
    const gaps = loadKnownGaps();
    expect(staleNames(gaps.faults, faults.map((f) => f.name))).toEqual([]);
    expect(staleNames(gaps.variants, listVariants().map((v) => v.name))).toEqual([]);
  });

  it('refuses entries without a reason and a gaps value that is not a mapping', () => {
    expect(() => parseKnownGaps('gaps:\n  a.b: ""\n')).toThrow(/reason/);
    expect(() => parseKnownGaps('gaps:\n  a.b: "two\\nlines"\n')).toThrow(/one-line/);
    expect(() => parseKnownGaps('gaps:\n  - a.b\n')).toThrow(/mapping/);
    expect(() => parseKnownGaps('false-failures: [slow]\n')).toThrow(/mapping/);
    expect(parseKnownGaps('gaps: {}\n').faults.size).toBe(0);
    const parsed = parseKnownGaps('gaps:\n  a.b: not checked yet\nfalse-failures:\n  slow: times out\n');
    expect(parsed.faults.get('a.b')).toBe('not checked yet');
    expect(parsed.variants.get('slow')).toBe('times out');
  });
});
