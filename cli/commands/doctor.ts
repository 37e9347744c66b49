// `mcs doctor --config FILE` (or the target flags of certify): before a run, holds every fixture of the config
// against the sandbox as `mcs certify` does before its first check (harness/discovery: keys accepted, lines
// present and owned as stated, tokens holding their scopes, removable lines still there, friends still
// sharing), says in one line each what is used up or wrong and what the public API adds, and then the steps
// that unlock the most. Exit 0 when nothing is wrong; 1 when something is; 2 bad input or unusable target.
import { ConfigError } from '../../harness/config/errors.js';
import { resolveTargetConfig } from '../../harness/config/resolve.js';
import { prepareRun } from '../../harness/discovery/run.js';
import { secrets } from '../../harness/http/mask.js';
import { probeTarget } from '../../harness/runner/probe.js';
import { setUpOf, stepGains } from '../../harness/discovery/next-steps.js';
import { declaredChecks, forecastVerifiable } from '../../harness/discovery/forecast.js';
import { UsageError } from '../errors.js';
import { parseFlags } from '../flags.js';
import { targetFlags } from '../target-flags.js';
import { askingTheTarget } from '../target-usage.js';

const usage = `Usage: mcs doctor --config FILE [--base-url URL] [--api-key KEY] ...

Holds every fixture of the config against the sandbox, as mcs certify does before its first check: keys
accepted, lines present and owned as stated, tokens holding the scopes stated, removable lines still there,
friends still sharing their location. Says what is used up or wrong, one line each, what the public API adds
to the config, how many clauses the set-up can verify by the checks' declared needs, and the steps that
unlock the most.
  --config FILE        YAML config file (harness/config/config.schema.json)     MCS_CONFIG
  --base-url, --v2-base-url, --control-url, --control-adapter, --api-key, --app-token, --timeout: as mcs certify
Exit: 0 nothing wrong; 1 something used up or wrong; 2 bad input or an unusable target.
`;

export async function run(argv: string[]): Promise<number> {
  const flags = parse(argv);
  if (flags.help === true) {
    process.stdout.write(usage);
    return 0;
  }
  const input = {
    flags: { baseUrl: flags['base-url'], v2BaseUrl: flags['v2-base-url'], controlUrl: flags['control-url'], controlAdapter: flags['control-adapter'], apiKey: flags['api-key'], appToken: flags['app-token'], timeout: flags.timeout },
    env: process.env,
    ...(flags.config === undefined ? {} : { configPath: flags.config }),
  };
  let target;
  try {
    target = await resolveTargetConfig(input);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  if (target === undefined) throw new UsageError('mcs doctor needs a target: --config FILE (or --base-url and --api-key)');
  const say = (line: string) => process.stdout.write(`${secrets.maskText(line)}\n`);
  return askingTheTarget(async () => {
    const prepared = await prepareRun(target, await probeTarget(target), false, say);
    const checks = await declaredChecks();
    const setUp = setUpOf(prepared.target, prepared.probed);
    say(`by the checks' declared needs, this set-up can verify at most ${forecastVerifiable(checks, setUp).verifiable.size} clause(s) (mcs coverage --needs --config lists them)`);
    const gains = stepGains(checks, setUp).filter((gain) => gain.clauses.length > 0).slice(0, 3);
    for (const { step, clauses } of gains) say(`next: ${step.name}: ${step.what}; unlocks ${clauses.length} clause(s)`);
    say(prepared.problems.length === 0 ? 'doctor: every fixture holds' : `doctor: ${prepared.problems.length} fixture(s) used up or wrong`);
    return prepared.problems.length === 0 ? 0 : 1;
  });
}

function parse(argv: string[]) {
  return parseFlags(argv, { ...targetFlags, help: { type: 'boolean', short: 'h' } });
}
