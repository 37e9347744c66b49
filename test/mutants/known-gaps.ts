// test/mutants/known-gaps.yaml: the faults the suites do not catch yet (`gaps`), the benign variants that
// still fail (`false-failures`) and the checks no fault of the reference fails yet (`unproven-checks`), each
// with a one-line reason. The lists only shrink: the gate fails on a fault missed (a variant failing, a check
// no fault fails) that is not listed, and on a listed one that now behaves.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { FaultResult, VariantResult } from './mutants.js';

export const knownGapsPath = fileURLToPath(new URL('./known-gaps.yaml', import.meta.url));

/** Name -> reason. */
export type Listed = Map<string, string>;

export interface KnownGaps {
  /** Faults not caught yet. */
  faults: Listed;
  /** Benign variants that still fail (false failures of the suite, or a variant that is not benign). */
  variants: Listed;
  /** Checks that no fault of the reference fails yet (nothing shows they can fail). */
  checks: Listed;
}

export function parseKnownGaps(text: string): KnownGaps {
  const doc = (parse(text) ?? {}) as Record<string, unknown>;
  return {
    faults: mapping(doc.gaps, 'gaps'),
    variants: mapping(doc['false-failures'], 'false-failures'),
    checks: mapping(doc['unproven-checks'], 'unproven-checks'),
  };
}

function mapping(value: unknown, key: string): Listed {
  const entries = value ?? {};
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) throw new Error(`known-gaps.yaml: \`${key}\` must be a mapping of name to reason`);
  const map: Listed = new Map();
  for (const [name, reason] of Object.entries(entries)) {
    if (typeof reason !== 'string' || reason.trim() === '' || reason.includes('\n')) throw new Error(`known-gaps.yaml: ${name} needs a one-line reason`);
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

/** What is wrong with one benign variant's verdict, if anything: every one must pass unless listed. */
export function variantProblem(variant: Pick<VariantResult, 'name' | 'verdict' | 'detail'>, listed: boolean): string | undefined {
  if (variant.verdict === 'ERROR') return `benign variant ${variant.name}: the run errored: ${variant.detail}`;
  if (variant.verdict === 'PASS' && listed) return `benign variant ${variant.name} passes now: remove it from known-gaps.yaml false-failures`;
  if (variant.verdict !== 'PASS' && !listed) return `benign variant ${variant.name} did not pass and is not listed in known-gaps.yaml: ${variant.detail}`;
  return undefined;
}

/** What is wrong with the checks no fault fails against the list: unlisted ones, and listed ones now failed. */
export function uncheckedProblems(unproven: readonly string[], listed: Listed, allChecks: readonly string[]): string[] {
  const now = new Set(unproven);
  return [
    ...unproven.filter((id) => !listed.has(id)).map((id) => `no fault of the reference fails ${id}, and known-gaps.yaml does not list it: add a fault that breaks what it checks`),
    ...[...listed.keys()].filter((id) => !now.has(id) && allChecks.includes(id)).map((id) => `${id} is failed by a fault now: remove it from known-gaps.yaml unproven-checks`),
    ...staleNames(listed, allChecks).map((id) => `known-gaps.yaml lists ${id}, which is not a check`),
  ];
}

/** Listed names that are no fault (or variant) any more: a renamed or removed one must leave the list too. */
export function staleNames(listed: Listed, allNames: readonly string[]): string[] {
  return [...listed.keys()].filter((name) => !allNames.includes(name));
}

/**
 * Everything wrong with a run against the list: an unlisted fault not caught, a listed fault caught (remove
 * it), a listed name that is no fault, a fault whose run errored, a benign variant that did not pass.
 * Empty when the gate passes.
 */
export function gateProblems(
  results: { faults: readonly FaultResult[]; variants: readonly VariantResult[] },
  gaps: KnownGaps,
  all: { faults: readonly string[]; variants: readonly string[] },
): string[] {
  return [
    ...staleNames(gaps.faults, all.faults).map((name) => `known-gaps.yaml lists ${name}, which is not a fault of the reference`),
    ...staleNames(gaps.variants, all.variants).map((name) => `known-gaps.yaml lists ${name}, which is not a benign variant`),
    ...results.faults.map((fault) => faultProblem(fault, gaps.faults.has(fault.name))),
    ...results.variants.map((variant) => variantProblem(variant, gaps.variants.has(variant.name))),
  ].filter((problem): problem is string => problem !== undefined);
}
