// How a contradiction reads in a failure: the field, the clause it breaks, expected and actual.
import { CheckFailure } from '../checks/failure.js';
import type { Contradiction } from './judges.js';

export function describeContradiction(c: Contradiction): string {
  return `${c.field}: expected ${c.expected}, got ${c.actual} [${c.clause}]`;
}

/** One failure naming every contradiction of what `what` describes (the first one's field and clause lead). */
export function contradictionFailure(what: string, contradictions: readonly Contradiction[]): CheckFailure {
  const [first, ...rest] = contradictions;
  if (first === undefined) throw new Error('contradictionFailure needs a contradiction');
  const more = rest.length === 0 ? '' : `; also ${rest.map(describeContradiction).join('; ')}`;
  return new CheckFailure(`${what}: field ${first.field} contradicts the action (clause ${first.clause})${more}`, `${first.field}: ${first.expected}`, `${first.field}: ${first.actual}`);
}
