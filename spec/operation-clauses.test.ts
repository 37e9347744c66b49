// Every v4 operation (the event callbacks aside) has the clause its failures break, and it is a clause.
import { describe, expect, it } from 'vitest';
import { clauseIndex } from './index.js';
import { operationsOf } from '../harness/schema/openapi.js';
import { clauseOfOperation, operationClauses } from './operation-clauses.js';

describe('operation clauses', () => {
  const requests = operationsOf('v4').filter((operation) => operation.security.length > 0);

  it('names a clause for every v4 operation a client calls', () => {
    expect(requests.filter((operation) => operationClauses[operation.operationId] === undefined).map((operation) => operation.operationId)).toEqual([]);
  });

  it('names only operations of the spec and clauses of clauses.yaml', () => {
    const ids = new Set(requests.map((operation) => operation.operationId));
    for (const [operation, clause] of Object.entries(operationClauses)) {
      expect(ids.has(operation), operation).toBe(true);
      expect(clauseIndex().has(clause), `${operation}: ${clause}`).toBe(true);
    }
  });

  it('throws for an operation it does not know', () => {
    expect(() => clauseOfOperation('noSuchOperation')).toThrow(/no clause is known/);
  });
});
