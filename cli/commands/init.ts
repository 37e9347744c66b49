// `mcs init --base-url URL --api-key KEY [--v2-base-url URL] [--app-token T]... [--out FILE] [--force]`: finds
// through the public API what the suite can stand on (harness/discovery: the organization, its lines and their
// owners and kinds, the purchase feature, the friends sharing their location, what each token may do), writes a
// commented target.yaml of it, and says of each fixture it could not find what it is and how many clauses it
// unlocks (reports/next-steps.ts, the run's own needs logic). Exit 0 written; 2 bad input or unusable target.
import { access, writeFile } from 'node:fs/promises';
import { v4Root } from '../../harness/config/resolve.js';
import { defaultTimeoutMs, type TargetConfig } from '../../harness/config/types.js';
import { secrets } from '../../harness/http/mask.js';
import { probeTarget } from '../../harness/runner/probe.js';
import { requestRoot } from '../../harness/http/url.js';
import { stepGains, stepLine, setUpOf } from '../../harness/discovery/next-steps.js';
import { declaredChecks } from '../../harness/discovery/forecast.js';
import { UsageError } from '../errors.js';
import { renamedDurationFlags, renamedDurationMs, requestTimeout } from '../durations.js';
import { parseFlags } from '../flags.js';
import { askingTheTarget } from '../target-usage.js';
import { commentedYaml, initConfig } from '../init-config.js';

const usage = `Usage: mcs init --base-url URL --api-key KEY [--v2-base-url URL] [--app-token TOKEN]... [--out FILE] [--force]

Finds through the public API what the suite can stand on, with one API key of a sandbox organization (and the
app tokens given): its lines, which the key owns and their kinds, lines no key owns (with an apikeys:read
token), whether it may browse numbers, the friends sharing their location, the scopes of each token. Writes a
commented target.yaml of it, and says of each fixture it could not find what it is and how many clauses it
unlocks. Then: mcs doctor --config FILE, and mcs certify --config FILE.
  --base-url URL      the service's {base_url} (v4 under /v4)                 MCS_BASE_URL
  --v2-base-url URL   the v2 API's {v2_base_url}                              MCS_V2_BASE_URL
  --api-key KEY       an API key of the organization                          MCS_API_KEY
  --app-token TOKEN   an app token of the organization (repeatable)
  --out FILE          where to write (default target.yaml; refused if it exists, unless --force)
  --request-timeout S timeout of each request phase, in seconds (default 10; the old --timeout MS is read too)
Example:
  mcs init --base-url https://sandbox.example.com --v2-base-url https://sandbox.example.com/v2 \\
           --api-key "$MCS_API_KEY" --app-token "$MCS_APP_TOKEN" --out target.yaml
Exit: 0 written; 2 bad input or an unusable target.
`;

export async function run(argv: string[]): Promise<number> {
  const flags = parse(argv);
  if (flags.help === true) {
    process.stdout.write(usage);
    return 0;
  }
  const baseUrl = flags['base-url'] ?? nonEmpty(process.env.MCS_BASE_URL);
  const v2Url = flags['v2-base-url'] ?? nonEmpty(process.env.MCS_V2_BASE_URL);
  const apiKey = flags['api-key'] ?? nonEmpty(process.env.MCS_API_KEY);
  if (baseUrl === undefined || apiKey === undefined) throw new UsageError('mcs init needs --base-url and --api-key (try --help)');
  // Named by its flag, not shown: a URL refused here may still carry a credential (user:password@).
  for (const [flag, url] of [['--base-url', baseUrl], ['--v2-base-url', v2Url]] as const) {
    if (url !== undefined && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(url)) throw new UsageError(`${flag} is not an http(s) URL`);
  }
  const warnings: string[] = [];
  const timeoutMs = renamedDurationMs(flags, requestTimeout, warnings) ?? defaultTimeoutMs;
  for (const warning of warnings) process.stdout.write(`mcs init: ${warning}\n`);
  const out = flags.out ?? 'target.yaml';
  if (flags.force !== true && (await exists(out))) throw new UsageError(`${out} exists: give --out another file, or --force to replace it`);
  const appTokens = flags['app-token'] ?? [];
  for (const secret of [apiKey, ...appTokens]) secrets.add(secret);

  const target: TargetConfig = { baseUrl, v4Url: v4Root(baseUrl), ...(v2Url === undefined ? {} : { v2Url: requestRoot(v2Url) }), timeoutMs, fixtures: { api_keys: { primary: apiKey } } };
  return askingTheTarget(async () => {
    await probeTarget(target);
    const { config, discovery } = await initConfig({ baseUrl, ...(v2Url === undefined ? {} : { v2Url }), apiKey, appTokens, timeoutMs });
    const checks = await declaredChecks();
    const setUp = setUpOf({ ...target, fixtures: config.fixtures as TargetConfig['fixtures'] }, { control: false });
    const notFound = stepGains(checks, setUp)
      .filter((gain) => gain.clauses.length > 0)
      .map(stepLine);
    const header = [`Written by mcs init from what ${baseUrl} showed to one API key${appTokens.length > 0 ? ` and ${appTokens.length} app token(s)` : ''}.`, 'Certify with: npx mcs certify --config ' + out];
    await writeFile(out, commentedYaml(config, header, [...discovery.unknowns.map((line) => `could not tell ${line}`), ...notFound]));
    const fixtures = config.fixtures as TargetConfig['fixtures'];
    process.stdout.write(`mcs init: wrote ${out}: ${Object.keys(fixtures.channels ?? {}).length} channel kind(s), ${(fixtures.spare_lines ?? []).length} spare line(s), ${(fixtures.location_friends ?? []).length} location friend(s), ${(fixtures.app_tokens ?? []).length} app token(s)${fixtures.plan?.number_purchase_enabled === undefined ? '' : `, number purchase feature ${fixtures.plan.number_purchase_enabled ? 'on' : 'off'}`}\n`);
    for (const line of discovery.unknowns) process.stdout.write(`could not tell ${line}\n`);
    if (notFound.length > 0) process.stdout.write(`not found (add by hand what you can; docs/target.example.yaml):\n${notFound.map((line) => `  ${line}`).join('\n')}\n`);
    process.stdout.write(`next: npx mcs doctor --config ${out}, then npx mcs certify --config ${out}\n`);
    return 0;
  });
}

function parse(argv: string[]) {
  return parseFlags(argv, {
    'base-url': { type: 'string' },
    'v2-base-url': { type: 'string' },
    'api-key': { type: 'string' },
    'app-token': { type: 'string', multiple: true },
    out: { type: 'string' },
    force: { type: 'boolean' },
    ...renamedDurationFlags('request-timeout', 'timeout'),
    help: { type: 'boolean', short: 'h' },
  });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
