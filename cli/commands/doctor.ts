// `mcs doctor --config FILE` (or the target flags of certify): before a run, holds every fixture of the config
// against the sandbox as `mcs certify` does before its first check (harness/discovery: keys accepted, lines
// present and owned as stated, tokens holding their scopes, removable lines still there, friends still
// sharing), says in one line each what is used up or wrong and what the public API adds, and then the steps
// that unlock the most. Exit 0 when nothing is wrong; 1 when something is; 3 when nothing is, but the set-up
// leaves in-scope clauses unverifiable (a certify run of it can only be incomplete); 2 bad input or unusable target.
import { ConfigError } from '../../harness/config/errors.js';
import { resolveRunSettings } from '../../harness/config/resolve.js';
import { prepareRun } from '../../harness/discovery/run.js';
import { secrets } from '../../harness/http/mask.js';
import { probeTarget } from '../../harness/runner/probe.js';
import { costLines, planOf, setUpOf } from '../../harness/discovery/next-steps.js';
import { ClaimError, resolveClaims } from '../../results/claims.js';
import { exitCodes } from '../../results/verdict.js';
import { renamedDurationMs, requestTimeout } from '../durations.js';
import { UsageError } from '../errors.js';
import { parseFlags } from '../flags.js';
import { configPathOf, targetFlags } from '../target-flags.js';
import { askingTheTarget } from '../target-usage.js';

const usage = `Usage: mcs doctor --config FILE [--base-url URL] [--api-key KEY] ...

Holds every fixture of the config against the sandbox, as mcs certify does before its first check: keys
accepted, lines present and owned as stated, tokens holding the scopes stated, removable lines still there,
friends still sharing their location. Says what is used up or wrong, one line each, what the public API adds
to the config, how many in-scope clauses the set-up can verify by the checks' declared needs, and what each
step would unlock (the counts mcs certify says before its first check and in its summary).
  --config FILE        YAML config file (harness/config/config.schema.json)     MCS_CONFIG
  --base-url, --v2-base-url, --control-url, --control-adapter, --api-key, --app-token,
  --request-timeout S: as mcs certify
Example:
  mcs doctor --config target.yaml
Exit: 0 nothing wrong, and every in-scope clause can be verified; 1 something used up or wrong;
      3 nothing wrong, but the set-up leaves in-scope clauses unverifiable (certify can only say
      incomplete); 2 bad input or an unusable target.
`;

export async function run(argv: string[]): Promise<number> {
  const flags = parse(argv);
  if (flags.help === true) {
    process.stdout.write(usage);
    return 0;
  }
  const warnings: string[] = [];
  const timeoutMs = renamedDurationMs(flags, requestTimeout, warnings);
  let target;
  let claims: string[];
  try {
    const settings = await resolveRunSettings({ flags: { ...flags, timeoutMs }, env: process.env, ...configPathOf(flags) });
    target = settings.target;
    claims = resolveClaims(settings.claims);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof ClaimError) throw new UsageError(error.message);
    throw error;
  }
  if (target === undefined) throw new UsageError('mcs doctor needs a target: --config FILE (or --base-url and --api-key)');
  const say = (line: string) => process.stdout.write(`${secrets.maskText(line)}\n`);
  for (const warning of warnings) say(`mcs doctor: ${warning}`);
  return askingTheTarget(async () => {
    const prepared = await prepareRun(target, await probeTarget(target), false, say);
    const { forecast, gains } = await planOf(setUpOf(prepared.target, prepared.probed), { claims });
    say(`by the checks' declared needs, this set-up can verify ${forecast.verifiable.size} of ${forecast.inScope.size} in-scope clause(s) at most (mcs coverage --needs --config lists them)`);
    for (const line of costLines(forecast, gains).slice(1)) say(line);
    if (prepared.problems.length > 0) {
      say(`doctor: ${prepared.problems.length} fixture(s) used up or wrong`);
      return exitCodes.failed;
    }
    if (forecast.verifiable.size < forecast.inScope.size) {
      say(`doctor: every fixture holds, but ${forecast.inScope.size - forecast.verifiable.size} in-scope clause(s) cannot be verified: a certify run can only be incomplete (exit 3)`);
      return exitCodes.incomplete;
    }
    say('doctor: every fixture holds, and every in-scope clause can be verified');
    return exitCodes.ok;
  });
}

function parse(argv: string[]) {
  return parseFlags(argv, { ...targetFlags, help: { type: 'boolean', short: 'h' } });
}
