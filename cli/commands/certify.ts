// `mcs certify`: run the conformance suites against a target and write the reports.
// Exit 0 every verifiable check passed; 1 a check failed; 2 usage, config or unreachable target;
// 130 Ctrl-C (143 SIGTERM), after writing the reports of what had finished.
import { parseArgs } from 'node:util';
import { writeReports } from '../../reports/index.js';
import { verdict } from '../../reports/model.js';
import { loadClauses } from '../../spec/index.js';
import { ConfigError } from '../../harness/config/errors.js';
import { resolveTargetConfig, resolveTimeoutMs } from '../../harness/config/resolve.js';
import type { TargetConfig } from '../../harness/config/types.js';
import type { runCertification as RunCertification } from '../../harness/runner/certification.js';
import { unknownClauseIds } from '../../harness/runner/coverage.js';
import { probeTarget, TargetUnreachable } from '../../harness/runner/probe.js';
import { isInteractive, Progress } from '../../harness/runner/progress.js';
import { parseSelectionList } from '../../harness/runner/selection.js';
import { areaTable, coverageLine, describeFailures, notVerifiableReasons } from '../../harness/runner/summary.js';
import { UsageError } from '../errors.js';

const usage = `Usage: mcs certify [options]

Runs the conformance suites against a target; with no target, against the embedded reference.

Target (flags > MCS_* environment > config file):
  --base-url URL        the service's {base_url} (v4 under /v4)        MCS_BASE_URL
  --v2-base-url URL     the v2 API's {v2_base_url}                     MCS_V2_BASE_URL
  --control-url URL     the conformance control API (sandbox only)     MCS_CONTROL_URL
  --api-key KEY         API key for targets without a control API      MCS_API_KEY
  --app-token TOKEN     app token (scopes: MCS_APP_TOKEN_SCOPES)       MCS_APP_TOKEN
  --config FILE         YAML config file (harness/config/config.schema.json)  MCS_CONFIG
  --timeout MS          timeout of each request phase (default 10000)  MCS_TIMEOUT_MS
Run:
  --only LIST           only these areas, check ids or clause ids (comma-separated or repeated)
  --skip LIST           all but these
  --seed N              fast-check seed (default: random, printed)
  --runs N              runs per property
  --replay-path PATH    replay one property failure (with --seed and --only)
  --reports-dir DIR     where the reports go (default reports/out)
`;

export async function run(argv: string[]): Promise<number> {
  const flags = parseFlags(argv);
  if (flags.help) {
    process.stdout.write(usage);
    return 0;
  }
  if (flags['replay-path'] !== undefined && flags.seed === undefined) throw new UsageError('--replay-path needs the --seed of the run that failed');
  const seed = flags.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : positiveInteger('--seed', flags.seed, true);
  const runs = flags.runs === undefined ? undefined : positiveInteger('--runs', flags.runs, false);
  const selection = { only: parseSelectionList(flags.only), skip: parseSelectionList(flags.skip) };
  const reportsDir = flags['reports-dir'] ?? 'reports/out';
  const resolveInput = {
    flags: { baseUrl: flags['base-url'], v2BaseUrl: flags['v2-base-url'], controlUrl: flags['control-url'], apiKey: flags['api-key'], appToken: flags['app-token'], timeout: flags.timeout },
    env: process.env,
    ...(flags.config === undefined ? {} : { configPath: flags.config }),
  };
  const configured = await asUsage(() => resolveTargetConfig(resolveInput));
  const embedded = configured === undefined ? await startEmbedded(await asUsage(() => resolveTimeoutMs(resolveInput))) : undefined;
  const target = configured ?? embedded?.target;
  if (!target) throw new UsageError('no target');

  const out = process.stdout;
  const progress = new Progress({ out, interactive: isInteractive(out, process.env), root: process.cwd() });
  let cancel: (() => Promise<void>) | undefined;
  let interruptedBy: 'SIGINT' | 'SIGTERM' | undefined;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    if (interruptedBy) process.exit(exitCodeOf(signal)); // a second signal: the user insists
    interruptedBy = signal;
    process.stderr.write('\nmcs certify: interrupted; writing the results collected so far (Ctrl-C again to abandon)\n');
    void cancel?.();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const probed = await probeTarget(target);
    out.write(`mcs certify: ${embedded ? 'embedded reference' : target.baseUrl}${probed.control ? ' with control API' : ''} (seed ${seed})\n`);
    // Loaded only now: vitest's Node API is heavy, and usage errors should answer at once.
    const { runCertification } = await import('../../harness/runner/certification.js');
    const { report, interrupted } = await runCertification({
      target,
      probed,
      embedded: embedded !== undefined,
      seed,
      ...(runs === undefined ? {} : { runs }),
      ...(flags['replay-path'] === undefined ? {} : { replayPath: flags['replay-path'] }),
      selection,
      listener: progress,
      onStarted: (stop) => {
        cancel = stop;
        if (interruptedBy) void stop();
      },
    });
    progress.end();
    const written = await writeReports(report, reportsDir);
    printSummary(report, seed);
    out.write(`reports: ${written.files.join(', ')}\n`);
    if (interruptedBy) return exitCodeOf(interruptedBy);
    if (interrupted) return 130;
    return verdict(report.checks) === 'pass' ? 0 : 1;
  } catch (error) {
    if (error instanceof TargetUnreachable) throw new UsageError(error.message);
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await embedded?.close();
  }
}

function printSummary(report: Awaited<ReturnType<typeof RunCertification>>['report'], seed: number): void {
  const clauses = loadClauses();
  const failures = describeFailures(report.checks, clauses, seed);
  if (failures !== '') process.stdout.write(`\n${failures}\n`);
  process.stdout.write(`\n${areaTable(report.checks)}\n`);
  const reasons = notVerifiableReasons(report.checks);
  if (reasons !== '') process.stdout.write(`${reasons}\n`);
  process.stdout.write(`${coverageLine(report)}\n`);
  const unknown = unknownClauseIds(clauses, report.checks);
  if (unknown.length > 0) process.stdout.write(`warning: checks cite clause ids not in spec/clauses.yaml: ${unknown.join(', ')}\n`);
  const excluded = report.checks.filter((c) => c.outcome === 'skipped' && c.reason === 'excluded by --only/--skip').length;
  if (excluded > 0 && excluded === report.checks.length) process.stdout.write('warning: --only/--skip excluded every check (an area is a bare word; a clause prefix has a dot)\n');
  if (!report.complete) process.stdout.write(`run not complete (${report.selection.only.length || report.selection.skip.length ? '--only/--skip' : 'interrupted'})\n`);
  process.stdout.write(`verdict: ${verdict(report.checks)} (seed ${seed})\n`);
}

interface Embedded {
  target: TargetConfig;
  close(): Promise<void>;
}

/** The embedded reference, imported only when needed (a certify against a URL never loads it). */
async function startEmbedded(timeoutMs: number): Promise<Embedded> {
  const { startReference } = (await import('../../reference/index.js')) as typeof import('../../reference/index.js');
  const logs: string[] = [];
  const reference = await startReference({ log: (line) => logs.length < 1_000 && logs.push(line) });
  return {
    target: { baseUrl: reference.urls.base, v4Url: reference.urls.v4, v2Url: reference.urls.v2, controlUrl: reference.urls.control, timeoutMs, fixtures: {} },
    async close() {
      await reference.close();
      if (logs.length > 0) process.stderr.write(`embedded reference logged ${logs.length} line(s), first: ${logs[0]}\n`);
    },
  };
}

function parseFlags(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        'v2-base-url': { type: 'string' },
        'control-url': { type: 'string' },
        'api-key': { type: 'string' },
        'app-token': { type: 'string' },
        config: { type: 'string' },
        only: { type: 'string', multiple: true },
        skip: { type: 'string', multiple: true },
        seed: { type: 'string' },
        runs: { type: 'string' },
        'replay-path': { type: 'string' },
        timeout: { type: 'string' },
        'reports-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'bad arguments');
  }
}

/** As a shell reports a process ended by the signal: 128 + its number. */
function exitCodeOf(signal: 'SIGINT' | 'SIGTERM'): number {
  return signal === 'SIGINT' ? 130 : 143;
}

function positiveInteger(flag: string, text: string, allowZero: boolean): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || (!allowZero && value === 0)) throw new UsageError(`${flag} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got '${text}'`);
  return value;
}

async function asUsage<T>(resolve: () => Promise<T>): Promise<T> {
  try {
    return await resolve();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}
