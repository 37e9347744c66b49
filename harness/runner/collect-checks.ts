// The checks of suites/ as vitest collects them, without running any: each test's declaration (check() puts it
// in the task meta at registration, harness/check/check.ts). `mcs coverage` reads these, not the sources.
import { createVitest } from 'vitest/node';
import type { DeclaredCheck } from '../check/meta.js';
import { projectRoot } from './run-suites.js';

export interface CollectedCheck extends DeclaredCheck {
  id: string;
}

export async function collectChecks(options: { config: string; include?: string[] }): Promise<CollectedCheck[]> {
  const vitest = await createVitest(
    'test',
    { config: options.config, root: projectRoot, watch: false, reporters: [], passWithNoTests: true, ...(options.include ? { include: options.include } : {}) },
    {},
    { stdout: process.stderr, stderr: process.stderr },
  );
  try {
    const run = await vitest.collect();
    const errors = run.testModules.flatMap((module) => module.errors().map((error) => `${module.moduleId}: ${error.message ?? ''}`));
    if (errors.length > 0) throw new Error(`the suites could not be collected: ${errors[0]}`);
    const checks: CollectedCheck[] = [];
    for (const module of run.testModules) {
      for (const test of module.children.allTests()) {
        const declared = test.meta().mcsCheck;
        if (declared !== undefined) checks.push({ ...declared, id: `${declared.area}/${declared.name}` });
      }
    }
    return checks.sort((a, b) => a.id.localeCompare(b.id));
  } finally {
    await vitest.close();
  }
}
