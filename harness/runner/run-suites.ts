// Runs the conformance suites (suites/, with suites/vitest.config.ts) in this process through vitest's
// Node API, hands the run context to the workers with `provide`, and collects every test as a
// CheckResult as it finishes, so that an interrupted run still has everything that completed.
import { relative } from 'node:path';
import { createVitest, type Reporter, type TestCase, type TestModule, type Vitest } from 'vitest/node';
import { vitestStreams } from './vitest-streams.js';
import type { CheckResult } from '../../results/model.js';
import type { RunListener } from '../../results/progress.js';
import type { RunContext } from '../check/meta.js';
import type { Selection } from './selection.js';
import { checkCatalog } from './check-catalog.js';
import type { CheckCatalog } from './collect-checks.js';
import { narrowRun, type NarrowedRun } from './narrow.js';
import { notStartedResult } from './catalog-results.js';
import { fileNotRun, moduleFailure, toCheckResult, unhandledErrorResult } from './collect.js';
import { projectRoot, suitesConfig, suitesDir, suitesVitestOptions } from './paths.js';

export interface SuiteRun {
  /** Resolves with every result once the run ends (or is cancelled). */
  done: Promise<{ checks: CheckResult[]; interrupted: boolean }>;
  /** Stops the run; tests that have not finished are reported skipped ("interrupted"), or not-run when `stopReason` gives a reason. */
  cancel(): Promise<void>;
  /** What has been collected so far (for a run that must end before vitest does). */
  collected(): CheckResult[];
}

export interface SuiteRunOptions {
  context: RunContext;
  listener?: RunListener;
  /** Test file filters (vitest CLI filters), e.g. `auth`; default every file. */
  files?: string[];
  /** Globs of the files to run instead of the suites' (the harness's own tests run sample suites). */
  include?: string[];
  /** Why the run was stopped early (deadline, circuit breaker), once it was: unfinished checks become not-run. */
  stopReason?: () => string | undefined;
}

export async function startSuites(given: SuiteRunOptions): Promise<SuiteRun> {
  // The catalog is read once a run (it hashes every source), by the narrowing and the progress total alike.
  let catalogRead: Promise<CheckCatalog> | undefined;
  const catalog = () => (catalogRead ??= checkCatalog(suitesConfig));
  const narrowed = given.files === undefined && given.include === undefined ? await narrowedRun(given.context.selection, catalog) : undefined;
  const options = narrowed === undefined ? given : { ...given, files: narrowed.files };
  const results = new Map<string, CheckResult>();
  const seenModules = new Set<string>();
  const fileResults = new Map<string, CheckResult[]>();
  let interrupted = false;
  let reported: Vitest | undefined;
  let cancelledInRun = false;
  const reporter: Reporter = {
    onInit(vitest: Vitest) {
      reported = vitest;
    },
    // A cancel that came before vitest had a run to cancel (vitest resets it when a run begins) takes
    // effect as soon as a file of the run is queued.
    onTestModuleQueued() {
      if (interrupted && reported && !cancelledInRun) {
        cancelledInRun = true;
        void reported.cancelCurrentRun('keyboard-input');
      }
    },
    onTestModuleCollected(testModule: TestModule) {
      seenModules.add(testModule.moduleId);
      options.listener?.collected?.([...testModule.children.allTests()].length);
    },
    onTestCaseReady(testCase: TestCase) {
      options.listener?.checkStarted?.(toCheckResult(testCase, suitesDir).id);
    },
    onTestCaseResult(testCase: TestCase) {
      const result = toCheckResult(testCase, suitesDir, notRunReason());
      results.set(testCase.id, result);
      fileResults.set(testCase.module.moduleId, [...(fileResults.get(testCase.module.moduleId) ?? []), result]);
      options.listener?.checkDone?.(result);
    },
    onTestModuleEnd(testModule: TestModule) {
      const failure = moduleFailure(testModule, suitesDir);
      if (failure) results.set(`module:${testModule.moduleId}`, failure);
      options.listener?.fileDone?.(testModule.moduleId, fileResults.get(testModule.moduleId) ?? (failure ? [failure] : []));
    },
  };

  const signals = ['SIGINT', 'SIGTERM'] as const;
  const listenersBefore = new Set(signals.flatMap((signal) => process.listeners(signal)));
  const vitest = await createVitest(
    'test',
    { ...suitesVitestOptions(options.include), watch: false, reporters: [reporter], passWithNoTests: true },
    {},
    vitestStreams(process.stdout, process.stderr),
  );
  // vitest's logger exits the process on SIGINT and SIGTERM; the caller handles them itself (cancel, then
  // write what was collected), so those listeners go.
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) if (!listenersBefore.has(listener)) process.off(signal, listener);
  }
  vitest.provide('mcsRun', options.context);

  // Why the checks left are not run: the run's stop (deadline, breaker), or Ctrl-C.
  const notRunReason = (): string | undefined => options.stopReason?.() ?? (interrupted ? 'interrupted before it finished' : undefined);
  const done = (async () => {
    let unhandled: readonly { message?: string; name?: string }[] = [];
    try {
      if (options.listener?.planned) options.listener.phase?.('collecting the checks');
      const planned = options.listener?.planned && options.include === undefined ? await plannedFromCatalog(await catalog(), vitest, options.files) : undefined;
      if (planned) {
        options.listener?.planned?.(planned.total, planned.files);
      } else if (options.listener?.planned) {
        const collected = await vitest.collect(options.files);
        const total = collected.testModules.reduce((sum, testModule) => sum + [...testModule.children.allTests()].length, 0);
        options.listener.planned(total, collected.testModules.length);
        // Interrupted while collecting: nothing ran, and every check collected is reported not run.
        if (interrupted) {
          const checks = collected.testModules.flatMap((testModule) => [...testModule.children.allTests()].map((testCase) => toCheckResult(testCase, suitesDir, notRunReason())));
          return { checks, interrupted };
        }
      }
      const run = await vitest.start(options.files);
      unhandled = run.unhandledErrors as { message?: string }[];
      // Tests that never reported (cancelled, or a crashed worker) are still in the module tree.
      for (const testModule of run.testModules) {
        for (const testCase of testModule.children.allTests()) {
          if (!results.has(testCase.id)) results.set(testCase.id, toCheckResult(testCase, suitesDir, notRunReason()));
        }
        const failure = moduleFailure(testModule, suitesDir);
        if (failure && !results.has(`module:${testModule.moduleId}`)) results.set(`module:${testModule.moduleId}`, failure);
      }
    } finally {
      // Stopped early (deadline, breaker or Ctrl-C): the files it never started are reported too.
      const stopped = notRunReason();
      if (stopped !== undefined) await addFilesNotStarted(vitest, options, seenModules, results, stopped, await catalog().catch(() => undefined)).catch(() => undefined);
      await vitest.close();
    }
    const checks = [...results.values(), ...(narrowed?.excluded ?? []), ...unhandled.map((error, index) => unhandledErrorResult(error, index))];
    return { checks, interrupted };
  })();

  return {
    done,
    async cancel() {
      interrupted = true;
      await vitest.cancelCurrentRun('keyboard-input');
    },
    collected: () => [...results.values(), ...(narrowed?.excluded ?? [])],
  };
}

/** The files a run with --only needs (narrow.ts); undefined, and so every file, when the catalog cannot be had. */
async function narrowedRun(selection: Selection, catalog: () => Promise<CheckCatalog>): Promise<NarrowedRun | undefined> {
  if (selection.only.length === 0) return undefined;
  // Without the catalog the run loads every file, as it always could: slower, never different.
  const read = await catalog().catch(() => undefined);
  return read === undefined ? undefined : narrowRun(read, selection);
}

/**
 * The run's total from the suites' catalog (check-catalog.ts), without collecting: the files vitest would run
 * for `filters`, and the tests each holds. Undefined when the catalog does not know one of them.
 */
async function plannedFromCatalog({ testsPerFile }: CheckCatalog, vitest: Vitest, filters: string[] | undefined): Promise<{ total: number; files: number } | undefined> {
  const specs = await vitest.globTestSpecifications(filters);
  let total = 0;
  for (const spec of specs) {
    const count = testsPerFile[relative(projectRoot, spec.moduleId)];
    if (count === undefined) return undefined;
    total += count;
  }
  return { total, files: specs.length };
}

/**
 * A run stopped early: the checks of each file it never started, from the catalog, each not run (or excluded)
 * with its clauses; a file the catalog does not wholly know stands as one not-run result.
 */
async function addFilesNotStarted(vitest: Vitest, options: SuiteRunOptions, seen: ReadonlySet<string>, results: Map<string, CheckResult>, reason: string, catalog: CheckCatalog | undefined): Promise<void> {
  const selection = options.context.selection;
  for (const spec of await vitest.globTestSpecifications(options.files)) {
    if (seen.has(spec.moduleId) || results.has(`module:${spec.moduleId}`)) continue;
    const file = relative(projectRoot, spec.moduleId);
    const known = catalog?.checks.filter((check) => check.file === file) ?? [];
    if (known.length > 0 && known.length === catalog?.testsPerFile[file]) {
      for (const check of known) results.set(`catalog:${check.id}`, notStartedResult(check, selection, reason));
      continue;
    }
    const result = fileNotRun(spec.moduleId, suitesDir, reason);
    if (mayBeSelected(selection, result.area)) results.set(`module:${spec.moduleId}`, result);
  }
}

/** Whether a file of `area` may hold selected checks (a clause selection could select any file). */
function mayBeSelected(selection: Selection, area: string): boolean {
  if (selection.skip.includes(area)) return false;
  if (selection.only.length === 0) return true;
  return selection.only.some((entry) => entry === area || entry.startsWith(`${area}/`) || (entry.includes('.') && !entry.includes('/')));
}
