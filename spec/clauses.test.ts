// clauses.yaml as a whole: well-formed, unique, and covering what the description's tables enumerate.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { clauseKinds, loadClauses, loadFeatures, specFiles } from './index.js';
import { readDescriptionFacts } from './scripts/description.js';

const clauses = loadClauses();
const facts = readDescriptionFacts();

describe('clauses.yaml', () => {
  it('has unique ids', () => {
    const ids = clauses.map((c) => c.id);
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(duplicates).toEqual([]);
  });

  it('uses only the listed kinds, and every kind at least once', () => {
    expect(new Set(clauses.map((c) => c.kind))).toEqual(new Set(clauseKinds));
  });

  it('covers every numbered section of the description (1 to 9)', () => {
    const sections = new Set(clauses.map((c) => Number.parseInt(c.section, 10)));
    expect([...sections].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('names each section as a heading of the description (a trailing parenthetical may be left out)', () => {
    const named = (section: string) =>
      facts.sectionTitles.some((title) => title === section || title.startsWith(`${section} (`));
    expect([...new Set(clauses.map((c) => c.section))].filter((section) => !named(section))).toEqual([]);
  });

  it.each(facts.errorCodes.map(({ status, code }) => [code, status] as const))(
    'has an error clause for section 7 code %s (%i)',
    (code, status) => {
      const citing = clauses.filter((c) => c.text.includes(`\`${code}\``) || c.id.includes(code.replaceAll('_', '-')));
      expect(citing.map((c) => c.id)).not.toEqual([]);
      expect(citing.some((c) => c.kind === 'error' && c.text.startsWith(`${status} `))).toBe(true);
    },
  );

  it.each(facts.eventTypes)('has a clause for event type %s', (eventType) => {
    expect(clauses.filter((c) => c.text.includes(`\`${eventType}\``)).map((c) => c.id)).not.toEqual([]);
  });

  it('gives every clause its feature explicitly, and every optional feature a reason in AMBIGUITIES.md', () => {
    const text = readFileSync(specFiles.clauses, 'utf8');
    expect(text.match(/^ {4}kind: /gm)?.length).toBe(clauses.length);
    expect(text.match(/^ {4}feature: /gm)?.length).toBe(clauses.length);
    const ambiguities = readFileSync(new URL('./AMBIGUITIES.md', import.meta.url), 'utf8');
    const unexplained = loadFeatures().filter((f) => f.id !== 'core' && !ambiguities.includes(`**\`${f.id}\`**`));
    expect(unexplained.map((f) => f.id)).toEqual([]);
  });

  it('keeps untestable clauses few', () => {
    const untestable = clauses.filter((c) => c.untestable !== undefined);
    expect(untestable.length).toBeLessThanOrEqual(clauses.length / 20);
  });
});
