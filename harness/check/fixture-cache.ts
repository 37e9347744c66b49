// One organization per test file (an area's file), created on first use and shared by the file's checks,
// so files stay isolated from each other and can run in parallel and in any order.
import { configFixtures, controlFixtures, type Fixtures } from '../fixtures/fixtures.js';
import { outsideCheck } from '../http/recorder.js';
import { controlClientOf, offeredByRun } from '../fixtures/control-access.js';
import type { RunContext } from './meta.js';

const perFile = new Map<string, Promise<Fixtures>>();

export function fixturesForFile(file: string, run: RunContext): Promise<Fixtures> {
  let fixtures = perFile.get(file);
  if (!fixtures) {
    fixtures = outsideCheck(() =>
      controlClientOf(run.target, offeredByRun(run)).then((control) =>
        run.control ? controlFixtures(run.target, control) : configFixtures(run.target, run.target.fixtures, control),
      ),
    );
    perFile.set(file, fixtures);
  }
  return fixtures;
}
