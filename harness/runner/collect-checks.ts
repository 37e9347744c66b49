// The checks of suites/ as vitest collects them, without running any: each test's declaration (check() puts it
// in the task meta at registration, harness/check/check.ts), and how many tests each file holds. `mcs coverage`
// reads these, not the sources; certify reads them for its progress total and the names --only/--skip accept.
import { createVitest } from 'vitest/node';
import { vitestStreams } from './vitest-streams.js';
import { relative } from 'node:path';
import type { DeclaredCheck } from '../check/meta.js';
import { projectRoot, suitesVitestOptions } from './paths.js';

export interface CollectedCheck extends DeclaredCheck {
  id: string;
  /** The suite file that declares it, relative to the project root. */
  file: string;
}

export interface CheckCatalog {
  checks: CollectedCheck[];
  /** Tests per suite file, by path relative to the project root (every test, with a declaration or not). */
  testsPerFile: Record<string, number>;
}

export async function collectCatalog(options: { config: string; include?: string[] }): Promise<CheckCatalog> {
  const vitest = await createVitest(
    'test',
    { ...suitesVitestOptions(options.include, options.config), watch: false, reporters: [], passWithNoTests: true },
    {},
    vitestStreams(process.stderr, process.stderr),
  );
  try {
    const run = await vitest.collect();
    const errors = run.testModules.flatMap((module) => module.errors().map((error) => `${module.moduleId}: ${error.message ?? ''}`));
    if (errors.length > 0) throw new Error(`the suites could not be collected: ${errors[0]}`);
    const checks: CollectedCheck[] = [];
    const testsPerFile: Record<string, number> = {};
    for (const module of run.testModules) {
      const tests = [...module.children.allTests()];
      const file = relative(projectRoot, module.moduleId);
      testsPerFile[file] = tests.length;
      for (const test of tests) {
        const declared = test.meta().mcsCheck;
        if (declared !== undefined) checks.push({ ...declared, id: `${declared.area}/${declared.name}`, file });
      }
    }
    return { checks: checks.sort((a, b) => a.id.localeCompare(b.id)), testsPerFile };
  } finally {
    await vitest.close();
  }
}

export async function collectChecks(options: { config: string; include?: string[] }): Promise<CollectedCheck[]> {
  return (await collectCatalog(options)).checks;
}
