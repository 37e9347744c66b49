// The statement ledger judged (issue 39 item 6): every statement of spec/statements.yaml is judged (a check
// cites its clause and a fault that breaks it is caught by the mutants gate) or open with a reason; every
// fault a row names is a fault of the reference breaking one of the row's clauses; every fault of the
// reference breaks a clause some statement cites. spec/statements/statements.test.ts holds the ledger to the
// description; this file needs the suites' checks and the reference's faults, as `mcs coverage --statements`.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { caughtOnOf, formatStatements, statementLedger, type StatementLedger } from '../cli/commands/coverage-statements.js';
import { checkCatalog } from '../harness/runner/check-catalog.js';
import { runMcs } from './support/run-mcs.js';

const suitesConfig = fileURLToPath(new URL('../suites/vitest.config.ts', import.meta.url));

describe('the statement ledger judged by the checks and the faults', () => {
  let ledger: StatementLedger;
  beforeAll(async () => {
    // What `mcs coverage` collects (each check() declares its clauses; nothing runs), from the same cache.
    ledger = await statementLedger((await checkCatalog(suitesConfig)).checks);
  }, 300_000);

  it('leaves no statement unjudged: each is judged, or open with a reason (run `mcs coverage --statements`)', () => {
    expect(ledger.rows.filter((row) => row.state === 'unjudged').map((row) => `${row.id}: ${row.faults.length === 0 ? 'no fault' : `faults ${row.faults.join(', ')} not caught`}${row.checks.length === 0 ? ', no check' : ''}`)).toEqual([]);
  });

  it('names only faults of the reference that break one of the statement\'s clauses, and drops the reason of a statement judged now', () => {
    expect(ledger.problems.filter((problem) => !problem.startsWith('fault '))).toEqual([]);
  });

  it('has a statement citing a clause of every fault of the reference', () => {
    expect(ledger.problems.filter((problem) => problem.startsWith('fault '))).toEqual([]);
  });

  it('reads which faults the mutants gate misses from test/mutants/known-gaps.yaml', () => {
    expect(ledger.note).toBeUndefined();
  });
});

describe('mcs coverage --statements', () => {
  it('prints every statement by section and ends with the totals, exit 0 while none is unjudged', async () => {
    const run = await runMcs(['coverage', '--statements'], { timeoutMs: 300_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^statements (\d+): judged (\d+), open (\d+), unjudged 0$/);
    const [, total, judged, open] = /^statements (\d+): judged (\d+), open (\d+)/.exec(lines.at(-1) ?? '') ?? [];
    expect(Number(judged) + Number(open)).toBe(Number(total));
    expect(lines).toContain('§ 2 Channel');
    expect(run.stdout).not.toMatch(/^problem:/m);
  }, 300_000);

  it('refuses --mutants without --statements, and a --mutants file that is no mutants run, exit 2', async () => {
    const alone = await runMcs(['coverage', '--mutants', 'package.json']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/--mutants goes with --statements/);
    const notARun = await runMcs(['coverage', '--statements', '--mutants', 'package.json']);
    expect(notARun.code).toBe(2);
    expect(notARun.stderr).toMatch(/--mutants package.json: not the JSON of a mutants run/);
  });

  it('refuses --statements beside another listing, exit 2', async () => {
    const run = await runMcs(['coverage', '--statements', '--fields']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--statements reads the suites' declarations: drop --fields, --needs, --config and --from/);
  });
});

describe('caughtOnOf', () => {
  it('takes from a mutants run the clauses of its own each caught fault failed a check on, and none for a fault not caught', () => {
    const run = {
      faults: [
        { name: 'a', verdict: 'CAUGHT', clauses: ['x.y.z', 'p.q.r'], failed: [{ clauses: ['x.y.z'] }, { clauses: ['other.clause.id'] }] },
        { name: 'b', verdict: 'CAUGHT-ELSEWHERE', clauses: ['x.y.z'], failed: [{ clauses: ['other.clause.id'] }] },
      ],
    };
    expect(caughtOnOf(run)).toEqual(new Map([['a', new Set(['x.y.z'])], ['b', new Set()]]));
  });
});

describe('formatStatements', () => {
  it('shows each row\'s state and why, its quote and clauses, then the share, the problems and the totals last', () => {
    const base = { section: '1 First', clauses: ['a.b.c'], faults: [] as string[], checks: ['check-one'], caught: [] as string[] };
    const text = formatStatements({
      rows: [
        { ...base, id: 'a.judged', quote: 'A send pins the sender.', faults: ['f'], caught: ['f'], state: 'judged' },
        { ...base, id: 'a.open', quote: 'Replies go to the chat.', open: 'no fault yet: none breaks it', state: 'open' },
        { ...base, id: 'a.unjudged', quote: 'It stays pinned.', faults: ['g'], state: 'unjudged' },
      ],
      totals: { statements: 3, judged: 1, open: 1, unjudged: 1, openBy: { 'no fault yet': 1 } },
      problems: ['a.unjudged: something'],
      unplaced: ['h'],
    });
    expect(text.split('\n')).toEqual([
      '§ 1 First',
      '  judged    a.judged    1 check; caught: f',
      '            "A send pins the sender." [a.b.c]',
      '  open      a.open      no fault yet: none breaks it',
      '            "Replies go to the chat." [a.b.c]',
      '  unjudged  a.unjudged  UNJUDGED: no fault of it is caught (g)',
      '            "It stays pinned." [a.b.c]',
      '',
      'judged share: 0.333; open: no fault yet 1',
      'faults no statement names (1): h',
      'problem: a.unjudged: something',
      'statements 3: judged 1, open 1, unjudged 1',
      '',
    ]);
  });
});
