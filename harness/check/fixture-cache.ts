// One organization per test file (an area's file), created on first use and shared by the file's checks,
// so files stay isolated from each other and can run in parallel and in any order. A set-up the target
// could not do (no answer, a control API error or malformed answer) is remembered for the whole run
// (harness/http/run-guard.ts): every later file reports the same error at once instead of trying again.
import { configFixtures, controlFixtures, type Fixtures } from '../fixtures/fixtures.js';
import type { CreateOrganizationOptions } from '../fixtures/control-client.js';
import { controlClientOf, offeredByRun } from '../fixtures/control-access.js';
import { outsideCheck } from '../http/recorder.js';
import { recordSetUpFailure, sharedSetUpFailure } from '../http/run-guard.js';
import { isTargetError, TargetError } from '../target-error.js';
import type { RunContext } from './meta.js';

const perFile = new Map<string, Promise<Fixtures>>();

export function fixturesForFile(file: string, run: RunContext): Promise<Fixtures> {
  let fixtures = perFile.get(file);
  if (!fixtures) {
    fixtures = outsideCheck(() =>
      run.control
        ? organizationFor(run)
        : controlClientOf(run.target, offeredByRun(run)).then((control) => configFixtures(run.target, run.target.fixtures, control)),
    );
    perFile.set(file, fixtures);
  }
  return fixtures;
}

/** A fresh organization through the control operations, unless a set-up already failed in this run. */
export async function organizationFor(run: RunContext, options: CreateOrganizationOptions = {}): Promise<Fixtures> {
  const earlier = sharedSetUpFailure();
  if (earlier !== undefined) throw new TargetError(`fixture set-up failed earlier in this run, not tried again: ${earlier}`);
  try {
    return await controlFixtures(run.target, await controlClientOf(run.target, offeredByRun(run)), options);
  } catch (error) {
    if (isTargetError(error)) recordSetUpFailure(error.message.split('\n')[0] ?? error.message);
    throw error;
  }
}
