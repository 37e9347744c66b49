// npm test's runner: vitest's own, except that in every `*.e2e.ts` file it keeps only the sampled tests
// (test/gates/e2e-sample.ts) and skips the rest, and skips a describe block whose tests are all skipped so
// that its beforeAll (often a whole certification) does not run for nothing. Other files run untouched.
import { relative } from 'node:path';
import { TestRunner, type RunnerTestCase as Test, type RunnerTestFile as File, type RunnerTestSuite as Suite } from 'vitest';
import { e2eScope, sampledTests } from './e2e-sample.js';

const scope = e2eScope(process.env);

export default class SampleRunner extends TestRunner {
  onCollected(files: File[]): void {
    if (scope.kind === 'full') return;
    for (const file of files) {
      if (!file.filepath.endsWith('.e2e.ts')) continue;
      const tests = testsOf(file).filter((test) => test.mode === 'run' || test.mode === 'queued');
      const keep = sampledTests(scope, relative(this.config.root, file.filepath), tests.map(fullName));
      for (const test of tests) if (!keep.has(fullName(test))) test.mode = 'skip';
      skipEmptySuites(file);
    }
  }
}

function testsOf(suite: Suite): Test[] {
  return suite.tasks.flatMap((task) => (task.type === 'test' ? [task] : task.type === 'suite' ? testsOf(task) : []));
}

function fullName(test: Test): string {
  const names: string[] = [test.name];
  for (let suite = test.suite; suite !== undefined && suite !== test.file; suite = suite.suite) names.unshift(suite.name);
  return names.join(' > ');
}

/** True when the suite still runs something. */
function skipEmptySuites(suite: Suite): boolean {
  let runs = false;
  for (const task of suite.tasks) {
    if (task.type === 'suite') runs = skipEmptySuites(task) || runs;
    else if (task.mode === 'run' || task.mode === 'queued') runs = true;
  }
  if (!runs && suite.type === 'suite' && (suite.mode === 'run' || suite.mode === 'queued')) suite.mode = 'skip';
  return runs;
}
