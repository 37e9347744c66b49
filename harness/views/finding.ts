// What the views and replay judges return: findings as data, each naming the clause it breaks, the field, what
// was expected and what came back, and the exchange that showed it (the shape of every judge's finding in the
// judging pipeline). A caller turns them into a failure where it wants one (suites/_shared/views.ts).
import type { Exchange } from '../../results/model.js';

export type Json = Record<string, unknown>;

export interface Finding {
  /** The judge that found it: `views` (two views of one object disagree), `replay` (a replay unlike its original). */
  judge: 'views' | 'replay';
  clause: string;
  field: string;
  expected: string;
  actual: string;
  exchange?: Exchange;
  /** The two views compared (views), or the answers compared (replay). */
  views?: [string, string];
}

/** An object as one view showed it (undefined: the view could not be read, `why` says why). */
export interface Reading {
  view: string;
  object?: Json;
  exchange?: Exchange;
  why?: string;
}

/** One line per finding, for a failure's message. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.field} (${f.views?.join(' vs ') ?? f.judge}): ${f.actual}, expected ${f.expected}`).join('; ');
}
