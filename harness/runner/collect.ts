// vitest's view of a test -> the report's CheckResult. Tests not written with check() still count,
// with their file's folder as area; a file that fails to load becomes an `error` result, never nothing.
import { basename, dirname, relative } from 'node:path';
import type { TestCase, TestModule } from 'vitest/node';
import type { CheckResult, Failure } from '../../results/model.js';
import { inPlainWords } from '../../results/failure-words.js';
import { isAssertion } from '../checks/failure.js';
import { secrets } from '../http/mask.js';
import '../check/meta.js';

/** `stopped`: why the run stopped early (deadline, circuit breaker): checks it left unfinished are `not-run`. */
export function toCheckResult(testCase: TestCase, suitesDir: string, stopped?: string): CheckResult {
  const meta = testCase.meta().mcs;
  // What the check declared at collection: all a test has that was collected but never ran (a run stopped or
  // interrupted), so that it is still reported under its id, with its clauses.
  const declared = testCase.meta().mcsCheck;
  const area = meta?.area ?? declared?.area ?? areaOf(testCase.module.moduleId, suitesDir);
  const name = meta?.name ?? declared?.name ?? testCase.fullName.replace(/\s+>\s+/g, '/');
  const result = testCase.result();
  const base = {
    id: `${area}/${name}`,
    area,
    title: meta?.title ?? declared?.title ?? testCase.fullName,
    clauses: meta?.clauses ?? declared?.clauses ?? [],
    durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
    exchanges: meta?.exchanges ?? [],
    ...(meta?.exchangesDropped !== undefined ? { exchangesDropped: meta.exchangesDropped } : {}),
  };
  if (meta?.outcome === 'error') return { ...base, outcome: 'error', reason: meta.reason ?? 'error' };
  if (meta?.outcome === 'not-run') return { ...base, outcome: 'not-run', reason: meta.reason ?? 'not run' };
  switch (result.state) {
    case 'passed':
      return meta?.warnings?.length ? { ...base, outcome: 'warning', warnings: [...meta.warnings] } : { ...base, outcome: 'passed' };
    case 'failed':
      // A test not written with check() that threw something other than an assertion: the harness's fault.
      if (meta === undefined && !isAssertion(result.errors[0])) return { ...base, outcome: 'error', reason: `harness exception: ${toFailure(result.errors[0], undefined).message}` };
      return { ...base, outcome: 'failed', failure: { ...toFailure(result.errors[0], meta?.replay), ...(meta?.brokenClause ? { brokenClause: meta.brokenClause } : {}) }, ...(meta?.failedExchange !== undefined ? { failedExchange: meta.failedExchange } : {}) };
    case 'skipped':
      if (meta?.outcome === 'not-verifiable') return { ...base, outcome: 'not-verifiable', reason: meta.reason ?? 'not verifiable' };
      if (meta?.outcome === 'not-claimed') return { ...base, outcome: 'not-claimed', reason: meta.reason ?? 'feature not claimed' };
      // A check the stop cancelled before it began has no outcome of its own (an excluded one says so).
      if (stopped !== undefined && meta?.outcome === undefined && testCase.options.mode !== 'todo') return { ...base, outcome: 'not-run', reason: stopped };
      return { ...base, outcome: 'skipped', reason: meta?.reason ?? result.note ?? skipReason(testCase) };
    default:
      return { ...base, outcome: 'not-run', reason: stopped ?? 'interrupted before it finished' };
  }
}

/** A test file whose module failed (import error, hook failure) without failing a test: one `error` result (the harness could not run it). */
export function moduleFailure(testModule: TestModule, suitesDir: string): CheckResult | undefined {
  const errors = testModule.errors();
  if (errors.length === 0) return undefined;
  const area = areaOf(testModule.moduleId, suitesDir);
  const file = basename(testModule.moduleId);
  return {
    id: `${area}/${file}`,
    area,
    title: `the checks of ${relative(suitesDir, testModule.moduleId)} could run`,
    clauses: [],
    outcome: 'error',
    reason: `harness exception: ${toFailure(errors[0], undefined).message}`,
    durationMs: 0,
    exchanges: [],
  };
}

/** A file the run stopped before it was even started: one `not-run` result standing for its checks. */
export function fileNotRun(moduleId: string, suitesDir: string, reason: string): CheckResult {
  const area = areaOf(moduleId, suitesDir);
  return {
    id: `${area}/${basename(moduleId)}`,
    area,
    title: `the checks of ${relative(suitesDir, moduleId)}`,
    clauses: [],
    outcome: 'not-run',
    reason,
    durationMs: 0,
    exchanges: [],
  };
}

export function unhandledErrorResult(error: { message?: string; name?: string }, index: number): CheckResult {
  return {
    id: `harness/unhandled-error-${index + 1}`,
    area: 'harness',
    title: 'the run finished without unhandled errors',
    clauses: [],
    outcome: 'error',
    reason: `harness exception: ${secrets.maskText(firstLine(error.message ?? error.name ?? 'unhandled error'))}`,
    durationMs: 0,
    exchanges: [],
  };
}

function toFailure(error: { message?: string; expected?: string; actual?: string; name?: string } | undefined, replay: Failure['replay']): Failure {
  const failure: Failure = { message: secrets.maskText(inPlainWords(firstLine(error?.message ?? error?.name ?? 'failed'))) };
  if (typeof error?.expected === 'string') failure.expected = secrets.maskText(error.expected);
  if (typeof error?.actual === 'string') failure.actual = secrets.maskText(error.actual);
  if (replay) failure.replay = replay;
  return failure;
}

function skipReason(testCase: TestCase): string {
  return testCase.options.mode === 'todo' ? 'not implemented in this suite version' : 'skipped in the suite';
}

/** The first folder below suites/ (`suites/contacts/merge.test.ts` -> `contacts`). */
export function areaOf(moduleId: string, suitesDir: string): string {
  const rel = relative(suitesDir, moduleId);
  const first = rel.split(/[\\/]/)[0];
  // Outside suites/ (the harness's sample suites), the file's own folder names the area.
  return first !== undefined && first !== rel && first !== '..' ? first : basename(dirname(moduleId));
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
