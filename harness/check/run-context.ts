// The run as a worker sees it: provided by the runner (mcs certify), or, when the suites are run
// directly with `npx vitest --config suites/vitest.config.ts`, resolved from the MCS_* environment.
import { inject } from 'vitest';
import { registerTargetSecrets, resolveRunSettings } from '../config/resolve.js';
import { offeredOperations, openControl } from '../fixtures/control-access.js';
import { installRunBounds } from '../http/run-guard.js';
import { isTargetError } from '../target-error.js';
import { parseSelectionList } from '../runner/selection.js';
import type { RunContext } from './meta.js';

let fromEnv: Promise<RunContext> | undefined;

export function runContext(): Promise<RunContext> {
  const provided = inject('mcsRun') as RunContext | undefined;
  if (provided) {
    installRunBounds(provided.bounds ?? {});
    registerTargetSecrets(provided.target);
    return Promise.resolve(provided);
  }
  fromEnv ??= contextFromEnv();
  return fromEnv;
}

async function contextFromEnv(): Promise<RunContext> {
  const { target } = await resolveRunSettings({ flags: {}, env: process.env });
  if (!target) throw new Error('no target: run the suites through `mcs certify`, or set MCS_BASE_URL (and MCS_V2_BASE_URL, MCS_CONTROL_URL)');
  // A control API that does not answer, or answers malformed data, offers nothing: the run goes on without it.
  const info = await (await openControl(target))?.info().catch((error: unknown) => {
    if (!isTargetError(error)) throw error;
    return undefined;
  });
  const controlOperations = info === undefined ? undefined : offeredOperations(info);
  const seed = Number(process.env.MCS_SEED ?? Date.now() % 2 ** 31);
  const runs = process.env.MCS_RUNS === undefined ? undefined : Number(process.env.MCS_RUNS);
  return {
    target,
    control: controlOperations?.includes('createOrganization') === true,
    ...(controlOperations === undefined ? {} : { controlOperations }),
    ...(info === undefined ? {} : { targetSettings: info.targetSettings }),
    seed,
    ...(runs === undefined ? {} : { runs }),
    selection: { only: parseSelectionList([process.env.MCS_ONLY ?? '']), skip: parseSelectionList([process.env.MCS_SKIP ?? '']) },
  };
}
