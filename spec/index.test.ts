import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clauseIdPattern, clauseIndex, loadClauses, parseClauses, specFiles, specHashes } from './index.js';

const validEntry = `
  - id: contacts.merge.idempotent-same-pair
    section: "4 Contacts"
    kind: behaviour
    text: "Merge is idempotent for the same pair."
    needs_control: false`;

describe('specFiles', () => {
  it('names the three OpenAPI files and clauses.yaml by absolute path', () => {
    expect(Object.keys(specFiles).sort()).toEqual(['clauses', 'control', 'v2', 'v4']);
    for (const path of Object.values(specFiles)) expect(isAbsolute(path)).toBe(true);
    expect(specFiles.v4.endsWith('/spec/v4.openapi.yaml')).toBe(true);
  });
});

describe('parseClauses', () => {
  it('reads a well-formed entry', () => {
    expect(parseClauses(`version: 1\nclauses:${validEntry}`)).toEqual([
      {
        id: 'contacts.merge.idempotent-same-pair',
        section: '4 Contacts',
        kind: 'behaviour',
        text: 'Merge is idempotent for the same pair.',
        needs_control: false,
        feature: 'core',
      },
    ]);
  });

  it('reads the feature of an entry and refuses one not in the features list', () => {
    const features = 'features:\n  - id: core\n    title: c\n  - id: v2\n    title: v\n';
    expect(parseClauses(`version: 1\n${features}clauses:${validEntry}\n    feature: v2`)[0]?.feature).toBe('v2');
    expect(() => parseClauses(`version: 1\n${features}clauses:${validEntry}\n    feature: fax`)).toThrow(/feature 'fax'/);
  });

  it('keeps the untestable reason', () => {
    const [clause] = parseClauses(`version: 1\nclauses:${validEntry}\n    untestable: "not observable"`);
    expect(clause?.untestable).toBe('not observable');
  });

  it.each([
    ['a wrong version', 'version: 2\nclauses: []'],
    ['a missing clauses list', 'version: 1'],
    ['an id that is not area.topic.rule', `version: 1\nclauses:${validEntry.replace('contacts.merge.', 'Contacts.')}`],
    ['an unknown kind', `version: 1\nclauses:${validEntry.replace('kind: behaviour', 'kind: rule')}`],
    ['a section without a number', `version: 1\nclauses:${validEntry.replace('"4 Contacts"', '"Contacts"')}`],
    ['empty text', `version: 1\nclauses:${validEntry.replace(/text: ".*"/, 'text: ""')}`],
    ['needs_control that is not boolean', `version: 1\nclauses:${validEntry.replace('needs_control: false', 'needs_control: no-idea')}`],
    ['an empty untestable reason', `version: 1\nclauses:${validEntry}\n    untestable: ""`],
    ['an unknown field', `version: 1\nclauses:${validEntry}\n    severity: high`],
  ])('rejects %s', (_label, text) => {
    expect(() => parseClauses(text)).toThrow();
  });
});

describe('clauseIdPattern', () => {
  it.each(['events.message-delivered.shape', 'errors.400.cannot-merge-self', 'a.b.c.d'])('accepts %s', (id) => {
    expect(clauseIdPattern.test(id)).toBe(true);
  });
  it.each(['contacts.merge', 'Contacts.merge.x', 'contacts..merge', 'contacts.merge.x_y', 'contacts.merge.-x'])('rejects %s', (id) => {
    expect(clauseIdPattern.test(id)).toBe(false);
  });
});

describe('loaders', () => {
  it('loadClauses returns the same cached list on each call', () => {
    expect(loadClauses()).toBe(loadClauses());
    expect(loadClauses().length).toBeGreaterThan(0);
  });

  it('clauseIndex finds every clause by its id', () => {
    expect(clauseIndex().size).toBe(loadClauses().length);
    expect(clauseIndex().get('contacts.merge.idempotent-same-pair')?.kind).toBe('behaviour');
  });

  it('specHashes gives the sha256 of the clauses file', () => {
    const expected = createHash('sha256').update(readFileSync(specFiles.clauses)).digest('hex');
    expect(specHashes().clauses).toBe(expected);
    for (const hash of Object.values(specHashes())) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
