// `t`, what a check's body receives: the target, fixtures, API clients, the named checks as `t.expect`,
// and fast-check settings with `t.assertProperty` that records a replayable seed and path on failure.
import fc from 'fast-check';
import type { ExpectStatic } from 'vitest';
import { atExchange, checks, CheckFailure, failedExchangeOf } from '../checks/index.js';
import type { TargetConfig } from '../config/types.js';
import type { CreateOrganizationOptions } from '../fixtures/control-client.js';
import { controlClientOf, offeredByRun } from '../fixtures/control-access.js';
import { configFixtures, type Fixtures } from '../fixtures/fixtures.js';
import { v2Client, v4Client } from '../fixtures/clients.js';
import { configuredOrganization, creationOptions, makesOrganizations, organizationReason, type OrganizationNeed } from '../fixtures/other-organizations.js';
import { NotVerifiable } from '../fixtures/not-verifiable.js';
import { isRunStopped, isTargetError } from '../target-error.js';
import type { ApiClient } from '../http/api-client.js';
import { secrets } from '../http/mask.js';
import { targetSetting, type targetSettingEnv } from '../target-settings.js';
import { fixturesForFile, organizationFor } from './fixture-cache.js';
import type { McsTaskMeta, RunContext } from './meta.js';

export type Expectations = typeof checks & { that: ExpectStatic };

export interface PropertyOptions {
  /** Runs when the run gives no --runs (default 25: every run is HTTP round trips). */
  numRuns?: number;
}

export class CheckContext {
  readonly expect: Expectations;
  private readonly tidyUps: Array<() => Promise<unknown>> = [];

  constructor(
    readonly run: RunContext,
    private readonly file: string,
    private readonly meta: McsTaskMeta,
    vitestExpect: ExpectStatic,
  ) {
    this.expect = { ...checks, that: vitestExpect };
  }

  get target(): TargetConfig {
    return this.run.target;
  }

  get hasControl(): boolean {
    return this.run.control;
  }

  /** A setting the description leaves to the target (harness/target-settings.ts), or undefined when none is named. */
  targetSetting(name: keyof typeof targetSettingEnv): string | undefined {
    return targetSetting(name, this.run.targetSettings);
  }

  /**
   * Undoes what the check made in an organization it shares (a key it created, say) once its body is done,
   * whatever its outcome. Its requests are not the check's evidence, and a tidy-up that fails changes nothing.
   */
  afterwards(tidyUp: () => Promise<unknown>): void {
    this.tidyUps.push(tidyUp);
  }

  /** Runs the tidy-ups, last registered first (the check runner calls it after the body). */
  async tidyUp(): Promise<void> {
    // eslint-disable-next-line judging/no-catch-all -- a tidy-up's requests are not the check's evidence, and one that fails changes nothing.
    for (const tidyUp of this.tidyUps.splice(0).reverse()) await tidyUp().catch(() => undefined);
  }

  /** The fixtures of this file's organization (fresh per file when the target has a control API). */
  fixtures(): Promise<Fixtures> {
    return fixturesForFile(this.file, this.run);
  }

  /** An organization of the check's own (plan changes, caps); NotVerifiable without a control API. */
  freshOrganization(options: CreateOrganizationOptions = {}): Promise<Fixtures> {
    return organizationFor(this.run, options);
  }

  /**
   * An organization unlike the configured one (need `need`, harness/fixtures/other-organizations.ts): one of
   * the check's own with createOrganization, else the `which`-th the config file describes so; NotVerifiable
   * without either.
   */
  otherOrganization(need: OrganizationNeed, which = 0): Promise<Fixtures> {
    if (makesOrganizations(this.run)) return this.freshOrganization(creationOptions(need, (offeredByRun(this.run) ?? []).includes('createFixtureChannel')));
    const described = configuredOrganization(this.target.fixtures, need, which) ?? this.notVerifiable(organizationReason(need));
    // Its plan, app tokens, spare lines and channels are fixtures as the main organization's are; active_numbers
    // and disposable only chose it.
    const { api_key: primary, active_numbers: _chosenBy, disposable: _alsoChosenBy, ...fixtures } = described;
    // A control API or adapter acts on it only where the config names it (its organization_id).
    if (fixtures.organization_id === undefined) return Promise.resolve(configFixtures(this.target, { api_keys: { primary }, ...fixtures }));
    return controlClientOf(this.target, offeredByRun(this.run)).then((control) => configFixtures(this.target, { api_keys: { primary }, ...fixtures }, control));
  }

  /** The v4 API with no credentials; use `.as(key)` or `fixtures().v4()` for an authenticated client. */
  get v4(): ApiClient {
    return v4Client(this.target, undefined);
  }

  /** The v2 API with no credentials; NotVerifiable without a v2 base URL. */
  get v2(): ApiClient {
    return v2Client(this.target, undefined);
  }

  get fc(): { seed: number; numRuns: number | undefined; path: string | undefined } {
    return { seed: this.run.seed, numRuns: this.run.runs, path: this.run.replayPath };
  }

  /**
   * Records a reading the description allows but a careful implementer would avoid (the OpenID suite's
   * SHOULD): the check still passes, with outcome `warning`, and never changes the verdict.
   */
  warn(message: string): void {
    const warnings = (this.meta.warnings ??= []);
    const line = secrets.maskText(message.split('\n')[0] ?? message);
    if (!warnings.includes(line)) warnings.push(line);
  }

  notVerifiable(reason: string): never {
    throw new NotVerifiable(reason);
  }

  /** Runs a fast-check property with the run's seed; a failure records seed and path for replay. */
  async assertProperty<Ts>(property: fc.IAsyncProperty<Ts> | fc.IProperty<Ts>, options: PropertyOptions = {}): Promise<void> {
    const parameters: fc.Parameters<Ts> = { seed: this.run.seed, numRuns: this.run.runs ?? options.numRuns ?? 25 };
    if (this.run.replayPath !== undefined) parameters.path = this.run.replayPath;
    let details = await fc.check(property as fc.IAsyncProperty<Ts>, parameters);
    if (!details.failed) return;
    if (details.errorInstance instanceof NotVerifiable && details.numShrinks > 0 && details.counterexamplePath !== null) {
      // Shrinking may have ended on a smaller input the target merely cannot verify: judge the run that failed
      // first, replayed without shrinking.
      const firstRun = details.counterexamplePath.split(':')[0] ?? '0';
      const replayed = await fc.check(property as fc.IAsyncProperty<Ts>, { ...parameters, path: firstRun, endOnFailure: true });
      if (replayed.failed) details = replayed;
    }
    // A run that found the target cannot show the property (NotVerifiable), that got no answer (TargetError)
    // or that the run's stop cut short (RunStopped) is not a counterexample.
    const cause = details.errorInstance;
    if (cause instanceof NotVerifiable || isTargetError(cause) || isRunStopped(cause)) throw cause;
    if (details.counterexamplePath !== null) this.meta.replay = { seed: details.seed, path: details.counterexamplePath };
    const inner = details.errorInstance;
    const counterexample = secrets.maskText(fc.stringify(details.counterexample));
    const innerMessage = inner instanceof Error ? inner.message : String(inner);
    const failure = new CheckFailure(
      `property failed after ${details.numRuns} run(s) (seed ${details.seed}, path ${details.counterexamplePath ?? '?'}): ${innerMessage}`,
      inner instanceof CheckFailure ? inner.expected : 'the property holds for every input',
      `${inner instanceof CheckFailure ? `${inner.actual}\n` : ''}counterexample: ${counterexample}`,
    );
    throw atExchange(failure, failedExchangeOf(inner));
  }
}
