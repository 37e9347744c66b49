// The statement ledger against the description it quotes: valid by its schema, every quote verbatim in its
// section, every clause real, every section with text holding a row, and every sentence and table row of the
// description quoted by a row or set aside as not normative. Judging the rows (checks and faults) is
// test/statements.test.ts; the functions are tried here on small made-up ledgers first.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { clauseIndex, serviceDescriptionPath } from '../index.js';
import { readDescriptionFacts } from '../scripts/description.js';
import { describedSections } from './description-text.js';
import { loadStatements, openKindOf, parseStatements, statementFiles, type Ledger, type Statement } from './index.js';
import { judgeStatements, staticProblems, statementTotals, uncoveredCandidates, unplacedFaults } from './ledger.js';

const markdown = `# Title

Intro sentence. A second one.

## 1. First

Behaviors:

1. A send pins the sender. It stays pinned.
2. Replies go to the chat.

## 2. Second

### Things

| Field | Type | Notes |
|---|---|---|
| id | string | \`th_\` id |
| name | string | |

Other fields: not shown.
`;

const sections = describedSections(markdown);
const statement = (row: Partial<Statement> & Pick<Statement, 'id' | 'quote' | 'section'>): Statement => ({ clauses: [], faults: [], ...row });
const ledgerOf = (statements: Statement[], notNormative: Ledger['notNormative'] = []): Ledger => ({ statements, notNormative });

describe('the description read as sections and candidate statements', () => {
  it('names the preamble 0 and every other section as spec/scripts/description.ts does', () => {
    expect(sections.map((s) => s.title)).toEqual(['0 Title', '1 First', '2 Second', '2 Things']);
    const real = describedSections(readFileSync(serviceDescriptionPath, 'utf8')).map((s) => s.title);
    expect(real.slice(1)).toEqual(readDescriptionFacts().sectionTitles);
  });

  it('cuts prose and list items into sentences and takes each table row, leaving out header and rule rows', () => {
    expect(sections.find((s) => s.title === '1 First')?.candidates.map((c) => c.text)).toEqual(['Behaviors:', 'A send pins the sender.', 'It stays pinned.', 'Replies go to the chat.']);
    expect(sections.find((s) => s.title === '2 Things')?.candidates.map((c) => c.text)).toEqual(['id | string | `th_` id', 'name | string |', 'Other fields: not shown.']);
    expect(sections.find((s) => s.title === '2 Second')?.candidates).toEqual([]);
  });
});

describe('staticProblems', () => {
  const clauses = new Set(['things.id.prefix']);

  it('finds nothing wrong with rows quoting their sections, citing real clauses, each with a fault or a reason', () => {
    const ledger = ledgerOf([
      statement({ id: 'intro.one', section: '0 Title', quote: 'Intro  sentence.', open: 'untestable: an introduction' }),
      statement({ id: 'first.pin', section: '1 First', quote: 'A send pins the sender.', clauses: ['things.id.prefix'], faults: ['f'] }),
      statement({ id: 'things.id', section: '2 Things', quote: 'id | string | `th_` id', clauses: ['things.id.prefix'], faults: ['f'] }),
    ]);
    expect(staticProblems(ledger, sections, clauses)).toEqual([]);
  });

  it('names a quote its section does not hold, an unknown section and clause, a repeated id, a row with no fault and no reason, and an odd reason', () => {
    const ledger = ledgerOf([
      statement({ id: 'a.b', section: '1 First', quote: 'A send pins the receiver.', open: 'no fault yet' }),
      statement({ id: 'a.b', section: '9 Nowhere', quote: 'x', open: 'not shown' }),
      statement({ id: 'c.d', section: '2 Things', quote: 'name | string', clauses: ['no.such.clause'] }),
      statement({ id: 'e.f', section: '0 Title', quote: 'A second one.', open: 'later' }),
    ]);
    expect(staticProblems(ledger, sections, clauses)).toEqual([
      'a.b: section "1 First" does not say "A send pins the receiver."',
      'a.b: id used twice',
      'a.b: "9 Nowhere" is not a section of the description',
      'c.d: clause no.such.clause is not in spec/clauses.yaml',
      'c.d: names no fault and gives no open reason',
      'e.f: open reason must begin with one of: not shown, dashboard, untestable, schema only, no check yet, no fault yet',
    ]);
  });

  it('names a section with statements but no row (sections without text need none)', () => {
    const ledger = ledgerOf([statement({ id: 'a.b', section: '1 First', quote: 'Replies go to the chat.', open: 'no check yet' })]);
    expect(staticProblems(ledger, sections, clauses)).toEqual(['section "0 Title" has no statement in the ledger', 'section "2 Things" has no statement in the ledger']);
  });
});

describe('uncoveredCandidates', () => {
  it('lists each sentence or table row with the words no quote of its section reaches, joining words aside', () => {
    const ledger = ledgerOf(
      [
        statement({ id: 'a.b', section: '1 First', quote: 'A send pins the sender.', open: 'no check yet' }),
        statement({ id: 'a.c', section: '1 First', quote: 'Replies go to', open: 'no check yet' }),
        statement({ id: 'a.d', section: '2 Things', quote: 'id | string', open: 'no check yet' }),
      ],
      [{ section: '1 First', quote: 'Behaviors:', why: 'a heading in prose' }],
    );
    expect(uncoveredCandidates(ledger, sections)).toEqual([
      { section: '0 Title', text: 'Intro sentence.', words: ['Intro', 'sentence'] },
      { section: '0 Title', text: 'A second one.', words: ['second', 'one'] },
      { section: '1 First', text: 'It stays pinned.', words: ['stays', 'pinned'] },
      { section: '1 First', text: 'Replies go to the chat.', words: ['chat'] },
      { section: '2 Things', text: 'id | string | `th_` id', words: ['th_', 'id'] },
      { section: '2 Things', text: 'name | string |', words: ['name', 'string'] },
      { section: '2 Things', text: 'Other fields: not shown.', words: ['Other', 'fields', 'not', 'shown'] },
    ]);
  });
});

describe('judgeStatements', () => {
  const facts = {
    checksByClause: new Map([['a.b.c', ['check-one', 'check-two']]]),
    faults: [
      { name: 'caught', clauses: ['a.b.c'] },
      { name: 'missed', clauses: ['a.b.c'] },
      { name: 'elsewhere', clauses: ['x.y.z'] },
    ],
    missedFaults: new Set(['missed']),
  };
  const row = (id: string, extra: Partial<Statement>) => statement({ id, section: '1 First', quote: 'q', clauses: ['a.b.c'], ...extra });

  it('judges a row when a check cites its clause and one of its faults is caught; open with a reason; else unjudged', () => {
    const { rows, problems } = judgeStatements([row('judged.one', { faults: ['caught'] }), row('open.one', { open: 'no fault yet' }), row('unjudged.one', { faults: ['missed'] }), row('unjudged.two', { clauses: [], faults: [] })], facts);
    expect(rows.map((r) => [r.id, r.state, r.checks, r.caught])).toEqual([
      ['judged.one', 'judged', ['check-one', 'check-two'], ['caught']],
      ['open.one', 'open', ['check-one', 'check-two'], []],
      ['unjudged.one', 'unjudged', ['check-one', 'check-two'], []],
      ['unjudged.two', 'unjudged', [], []],
    ]);
    expect(problems).toEqual(['fault elsewhere breaks x.y.z: no statement cites any of them']);
    expect(statementTotals(rows)).toEqual({ statements: 4, judged: 1, open: 1, unjudged: 2, openBy: { 'no fault yet': 1 } });
  });

  it('names a fault that is none, one that breaks none of the row\'s clauses, a judged row still open, and a missing fault without a check', () => {
    const { problems } = judgeStatements(
      [
        row('a.one', { faults: ['nonesuch'], open: 'no fault yet' }),
        row('a.two', { faults: ['elsewhere'], open: 'no fault yet' }),
        row('a.three', { faults: ['caught'], open: 'no fault yet: stale' }),
        row('a.four', { clauses: ['d.e.f'], open: 'no fault yet' }),
      ],
      facts,
    );
    expect(problems).toEqual([
      'a.one: fault nonesuch is not a fault of the reference',
      'a.two: fault elsewhere breaks x.y.z, none of the statement\'s clauses',
      'a.three: judged now (checks and caught faults): drop its open reason',
      'a.four: open for want of a fault, but no check cites its clauses: say "no check yet"',
      'fault elsewhere breaks x.y.z: no statement cites any of them',
    ]);
  });

  it('counts a fault a mutants run names only for rows citing a clause it was caught on there', () => {
    const caughtOn = new Map([['caught', new Set<string>()]]);
    const { rows } = judgeStatements([row('a.one', { faults: ['caught'] })], { ...facts, caughtOn });
    expect(rows[0]?.state).toBe('unjudged');
    const onClause = judgeStatements([row('a.one', { faults: ['caught'] })], { ...facts, caughtOn: new Map([['caught', new Set(['a.b.c'])]]) });
    expect(onClause.rows[0]?.state).toBe('judged');
  });

  it('lists the faults no row names', () => {
    expect(unplacedFaults([row('a.one', { faults: ['caught'] })], facts.faults)).toEqual(['missed', 'elsewhere']);
  });
});

describe('parseStatements and openKindOf', () => {
  it('reads rows under their sections and the not-normative text', () => {
    const ledger = parseStatements('version: 1\nsections:\n  "1 First":\n    - { id: a.b, quote: "q", open: "not shown" }\nnot_normative:\n  "1 First":\n    - { quote: "Behaviors:", why: "a heading" }\n');
    expect(ledger).toEqual({ statements: [{ id: 'a.b', section: '1 First', quote: 'q', clauses: [], faults: [], open: 'not shown' }], notNormative: [{ section: '1 First', quote: 'Behaviors:', why: 'a heading' }] });
  });

  it('refuses a row without its quote, naming it', () => {
    expect(() => parseStatements('version: 1\nsections:\n  "1 First":\n    - { id: a.b }\n')).toThrow('statements.yaml: "1 First"[0] (a.b): quote must be the description\'s words');
  });

  it('reads the kind of a reason from the words before its colon', () => {
    expect(openKindOf('no fault yet: nothing breaks it')).toBe('no fault yet');
    expect(openKindOf('not shown')).toBe('not shown');
    expect(openKindOf('not shownish: x')).toBeUndefined();
  });
});

describe('spec/statements.yaml', () => {
  const ledger = loadStatements();
  const described = describedSections(readFileSync(serviceDescriptionPath, 'utf8'));

  it('is valid by statements.schema.json', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(statementFiles.schema, 'utf8')) as Record<string, unknown>);
    validate(parse(readFileSync(statementFiles.ledger, 'utf8')));
    expect(validate.errors ?? []).toEqual([]);
  });

  it('quotes the description verbatim in the section it names, cites real clauses, and has a row in every section with text', () => {
    expect(staticProblems(ledger, described, new Set(clauseIndex().keys()))).toEqual([]);
  });

  it('quotes every sentence and table row of the description, or sets it aside as not normative (npm run spec:statements lists them)', () => {
    expect(uncoveredCandidates(ledger, described).map((c) => `${c.section}: ${c.text} (unquoted: ${c.words.join(' ')})`)).toEqual([]);
  });
});
