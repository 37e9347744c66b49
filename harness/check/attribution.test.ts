// A failure inside a prerequisite step is that step's operation's, named so; the check's own clauses then count
// as not verifiable and the step's clause as failed.
import { describe, expect, it } from 'vitest';
import { clauseOutcomesOf, coverageFromResults } from '../../results/coverage.js';
import type { CheckResult } from '../../results/model.js';
import { CheckFailure } from '../checks/failure.js';
import { NotVerifiable } from '../fixtures/not-verifiable.js';
import { ExchangeLog, withExchangeLog } from '../http/recorder.js';
import { brokenClauseOf, prerequisite } from './attribution.js';
import { judgeWhatIsRecorded } from './judging.js';
import { attributedMessage, brokenClauseIn, outcomeOf } from './outcome.js';

const refused = () => new CheckFailure('POST /priorities answered 404', 'status 201', '404');
const ownClauses = { clauses: ['ids.prefix.globally-unique'], judgesBrokenAnswers: false };

describe('prerequisite', () => {
  it("attributes a failed expectation inside the step to the operation's clause", async () => {
    const error = await prerequisite('createPriority', async () => Promise.reject(refused())).catch((e: unknown) => e);
    expect(brokenClauseOf(error)).toEqual({ clause: 'priorities.create.201', operation: 'createPriority', as: 'prerequisite' });
    expect(brokenClauseIn(error, ['ids.prefix.globally-unique'])).toEqual(brokenClauseOf(error));
    expect(attributedMessage('POST /priorities answered 404', brokenClauseOf(error)!)).toBe('prerequisite createPriority failed (clause priorities.create.201): POST /priorities answered 404');
  });

  it('leaves the failure to a check citing the clause itself, and lets other errors through unchanged', async () => {
    const error = await prerequisite('createPriority', async () => Promise.reject(refused())).catch((e: unknown) => e);
    expect(brokenClauseIn(error, ['priorities.create.201'])).toBeUndefined();
    const notVerifiable = await prerequisite('createPriority', async () => Promise.reject(new NotVerifiable('no form taken'))).catch((e: unknown) => e);
    expect(brokenClauseOf(notVerifiable)).toBeUndefined();
    await expect(prerequisite('createPriority', async () => 7)).resolves.toBe(7);
  });

  it('attributes an answer the step got that a judge found wrong', async () => {
    const log = new ExchangeLog();
    const judging = judgeWhatIsRecorded(log, 'strict');
    await withExchangeLog(log, () =>
      prerequisite('createContact', async () => {
        judging.faulted = { response: { api: 'v4', method: 'POST', path: '/contacts', status: 201, excerpt: '{}' }, judge: 'conformsToTheSchema', findings: [{ field: 'body', message: 'v4 POST /contacts: no data', expected: 'a documented answer', actual: '201 {}' }] };
      }),
    );
    const judged = outcomeOf(undefined, judging, ownClauses);
    expect(judged).toMatchObject({ outcome: 'failed', brokenClause: { clause: 'contacts.create.201', operation: 'createContact', as: 'prerequisite' } });
    // What the check threw after the step's broken answer may only follow from it: the step's failure is judged.
    const after = outcomeOf(new CheckFailure('the merge lost a tag', 'a', 'b'), judging, ownClauses);
    expect(after).toMatchObject({ outcome: 'failed', brokenClause: { clause: 'contacts.create.201' } });
  });

  it("names the contradicted field's clause when the step's answer contradicts its request", async () => {
    const log = new ExchangeLog();
    const judging = judgeWhatIsRecorded(log, 'strict');
    await withExchangeLog(log, () =>
      prerequisite('createApiKey', async () => {
        judging.faulted = { response: { api: 'v4', method: 'POST', path: '/api-keys', status: 201, excerpt: '{}' }, judge: 'followsTheRequest', findings: [{ field: 'api_key', clause: 'ids.prefix.api-key', expected: 'a string starting api_', actual: '"key_1"', about: { operation: 'createApiKey', as: 'answer' } }] };
      }),
    );
    expect(outcomeOf(undefined, judging, ownClauses)).toMatchObject({ outcome: 'failed', brokenClause: { clause: 'ids.prefix.api-key', operation: 'createApiKey', as: 'prerequisite' } });
  });

  it('an unknown operation is a harness mistake', async () => {
    await expect(prerequisite('noSuchOperation', async () => 1)).rejects.toThrow(/no clause is known/);
  });
});

describe('coverage of a failure attributed to a prerequisite', () => {
  const check: CheckResult = {
    id: 'contacts/ids-are-unique-across-organizations',
    area: 'contacts',
    title: 't',
    clauses: ['ids.prefix.globally-unique'],
    outcome: 'failed',
    durationMs: 1,
    exchanges: [],
    failure: { message: 'm', brokenClause: { clause: 'priorities.create.201', operation: 'createPriority', as: 'prerequisite' } },
  };

  it('counts the prerequisite clause failed and the check clause not verifiable', () => {
    expect(clauseOutcomesOf(check).map(({ clause, check: c }) => [clause, c.outcome])).toEqual([
      ['priorities.create.201', 'failed'],
      ['ids.prefix.globally-unique', 'not-verifiable'],
    ]);
    const clause = (id: string) => ({ id, section: 's', kind: 'shape' as const, text: 't', needs_control: false });
    const coverage = coverageFromResults([clause('priorities.create.201'), clause('ids.prefix.globally-unique')], [check]);
    expect(coverage.map((c) => [c.id, c.result, c.checks])).toEqual([
      ['priorities.create.201', 'failed', [check.id]],
      ['ids.prefix.globally-unique', 'not-verifiable', [check.id]],
    ]);
    expect(coverage[1]?.reason).toBe('its prerequisite createPriority failed (priorities.create.201)');
  });
});
