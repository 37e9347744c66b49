// test/mutants/known-gaps.yaml: the faults the suites do not catch yet, each with a one-line reason. The
// list only shrinks: the gate fails on a fault missed but not listed, and on a listed fault now caught.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { FaultResult, VariantResult } from './mutants.js';

export const knownGapsPath = fileURLToPath(new URL('./known-gaps.yaml', import.meta.url));

/** Fault name -> reason. */
export type KnownGaps = Map<string, string>;

export function parseKnownGaps(text: string): KnownGaps {
  const doc: unknown = parse(text);
  const gaps = (doc as { gaps?: unknown } | null)?.gaps ?? {};
  if (typeof gaps !== 'object' || gaps === null || Array.isArray(gaps)) throw new Error('known-gaps.yaml: `gaps` must be a mapping of fault name to reason');
  const map: KnownGaps = new Map();
  for (const [name, reason] of Object.entries(gaps)) {
    if (typeof reason !== 'string' || reason.trim() === '') throw new Error(`known-gaps.yaml: ${name} needs a one-line reason`);
    map.set(name, reason.trim());
  }
  return map;
}

export function loadKnownGaps(path = knownGapsPath): KnownGaps {
  return parseKnownGaps(readFileSync(path, 'utf8'));
}

/** What is wrong with one fault's verdict against the list, if anything. */
export function faultProblem(fault: Pick<FaultResult, 'name' | 'verdict' | 'detail'>, listed: boolean): string | undefined {
  if (fault.verdict === 'ERROR') return `${fault.name}: the run errored: ${fault.detail}`;
  if (fault.verdict === 'CAUGHT' && listed) return `${fault.name} is caught now (${fault.detail}): remove it from known-gaps.yaml`;
  if (fault.verdict !== 'CAUGHT' && !listed) return `${fault.name} is ${fault.verdict} (${fault.detail}) and not listed in known-gaps.yaml`;
  return undefined;
}

/** What is wrong with one benign variant's verdict, if anything: every one must pass. */
export function variantProblem(variant: Pick<VariantResult, 'name' | 'verdict' | 'detail'>): string | undefined {
  return variant.verdict === 'PASS' ? undefined : `benign variant ${variant.name} did not pass: ${variant.detail}`;
}

/** Listed names that are no fault of the reference (a renamed or removed fault must leave the list too). */
export function staleGaps(gaps: KnownGaps, allFaultNames: readonly string[]): string[] {
  return [...gaps.keys()].filter((name) => !allFaultNames.includes(name));
}

/**
 * Everything wrong with a run against the list: an unlisted fault not caught, a listed fault caught (remove
 * it), a listed name that is no fault, a fault whose run errored, a benign variant that did not pass.
 * Empty when the gate passes.
 */
export function gateProblems(faults: readonly FaultResult[], variants: readonly VariantResult[], gaps: KnownGaps, allFaultNames: readonly string[]): string[] {
  return [
    ...staleGaps(gaps, allFaultNames).map((name) => `known-gaps.yaml lists ${name}, which is not a fault of the reference`),
    ...faults.map((fault) => faultProblem(fault, gaps.has(fault.name))),
    ...variants.map(variantProblem),
  ].filter((problem): problem is string => problem !== undefined);
}
