// npm test's file order: vitest's own (group by group; within one, failed and then longer files first, by
// the durations it kept from earlier runs), except that the sampled files of the gates, each one of npm test's
// longest, start first. On a fresh clone or CI runner vitest knows no durations and would start them wherever
// their size put them, often last, and a long file that starts last leaves one of the two workers idle at the end.
// `--sequence.shuffle` shuffles the files as vitest's own sequencer would (a custom one replaces it): the way to
// look for a test of the shared-modules project that depends on the file before it.
import fc from 'fast-check';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files npm test draws from the gates: the whole-certification tests and the sample of the mutants gate. */
export function isSampleOfAGate(moduleId: string): boolean {
  return moduleId.endsWith('.e2e.ts') || moduleId.endsWith('/test/mutants/mutants.test.ts');
}

export default class SampleFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return shuffled(files, seed ?? Date.now());
    const sorted = await super.sort(files);
    const groupOf = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    const rank = (file: TestSpecification) => (isSampleOfAGate(file.moduleId) ? 0 : 1);
    // Array.prototype.sort is stable: within a group and a rank, vitest's order stands.
    return sorted.sort((a, b) => groupOf(a) - groupOf(b) || rank(a) - rank(b));
  }
}

/** `items` in an order drawn by fast-check from `seed`, as the gates' samples are drawn: the same seed, the same order. vitest runs each group apart whatever the order. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const [order] = fc.sample(fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length }), { seed, numRuns: 1 });
  return order ?? [];
}
