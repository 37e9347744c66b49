// `mcs certify`: run the conformance suites against a target and write the reports.
// Exit codes come from the verdict (results/verdict.ts exitCodes): 0 conformant (or a partial run whose
// selected checks all passed, or only expected failures); 1 a check failed; 3 incomplete: nothing failed, but
// in-scope clauses were not verified (a run that reached --max-duration too, unless something failed);
// 2 usage, config, a pre-flight that found a misconfigured or unreachable target, or a target that stopped
// answering mid-run (circuit breaker; the reports of what finished are written);
// 130 Ctrl-C (143 SIGTERM), after writing the reports of what had finished.
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { writeFileWhole, type OutputLock } from '../../reports/index.js';
import { exitCodes, judge } from '../../results/verdict.js';
import { ConfigError } from '../../harness/config/errors.js';
import { resolveRunSettings } from '../../harness/config/resolve.js';
import type { TargetConfig } from '../../harness/config/types.js';
import { ImageFlagError, imageTargetOptions } from '../../harness/container/flags.js';
import type { ImageTarget, ImageTargetOptions } from '../../harness/container/types.js';
import { probeTarget, TargetUnreachable, waitForTarget } from '../../harness/runner/probe.js';
import { parseSelectionList } from '../../harness/runner/selection.js';
import { closingLines, judgementLines, verdictText } from '../../reports/console/judgement.js';
import { summaryLines } from '../../reports/console/summary.js';
import { maskUrl, secrets } from '../../harness/http/mask.js';
import { installRunBounds, type StopNotice } from '../../harness/http/run-guard.js';
import { UsageError } from '../errors.js';
import { parseFlags as parseSharedFlags } from '../flags.js';
import { certifyConsole } from '../certify-console.js';
import { inert, inertLine } from '../../text/inert.js';
import { settleScope } from '../run-scope.js';
import { checkReportsDir, checkWebhookListen } from '../certify-settings.js';
import { holdReportsDir, readSignKey, writeRunReports } from '../certify-reports.js';
import { configPathOf, targetFlags } from '../target-flags.js';
import { renamedDurationMs, requestTimeout, secondsOf, type RenamedDuration } from '../durations.js';
import { prepareRun } from '../../harness/discovery/run.js';
import { costLines, nextStepLines, planOf, setUpOf } from '../../harness/discovery/next-steps.js';

const usage = `Usage: mcs certify [options]

Runs the conformance suites against a target; with no target, against the embedded reference.

Target (flags > MCS_* environment > config file):
  --base-url URL        the service's {base_url} (v4 under /v4)        MCS_BASE_URL
  --v2-base-url URL     the v2 API's {v2_base_url}                     MCS_V2_BASE_URL
  --control-url URL     the conformance control API (sandbox only)     MCS_CONTROL_URL
  --control-adapter FILE.mjs  control operations as functions, instead of a control URL
                        (docs/control-adapter.md)                      MCS_CONTROL_ADAPTER
  --api-key KEY         API key for targets without a control API      MCS_API_KEY
  --app-token TOKEN     app token (scopes: MCS_APP_TOKEN_SCOPES)       MCS_APP_TOKEN
  --config FILE         YAML config file (harness/config/config.schema.json)  MCS_CONFIG
  --request-timeout S   timeout of each request phase, in seconds (default 10)  MCS_TIMEOUT_MS (ms)
  --max-duration S      bound of the whole run in seconds (default 900): what is left is "not run"  MCS_MAX_DURATION_S
  --wait-for-target S   wait up to S seconds for a target still starting: poll its URLs, with a
                        bounded back-off, until they answer (default 0: an unreachable target
                        stops the run at once)                          MCS_WAIT_FOR_TARGET_S
  --webhook-listen HOST:PORT   where the webhook receiver listens (default 127.0.0.1, free port)  MCS_WEBHOOK_LISTEN
  --webhook-public-url URL     the receiver's address as the target reaches it (tunnel)  MCS_WEBHOOK_PUBLIC_URL
  (environment only) MCS_WEBHOOK_REPLAY_PATH: the target's webhook replay path under /v4, which the
    description does not give, e.g. /webhooks/{webhookId}/deliveries/{deliveryId}/replay; without it the
    replay checks are not verifiable (a control API may announce it: GET /__control target_settings)
  (environment only) MCS_DRY_RUN_FIELD: the body field that asks the target for a dry-run send (not shown
    in the description), e.g. dry_run; without it the dry-run check is not verifiable (or announced likewise)
  (environment only) MCS_AMB_INVITATION_FIELD: the send body field that names an approved business-chat
    invitation (not shown in the description), e.g. invitation_id; without it the invitation check is not
    verifiable (or announced likewise)
Container image (instead of the URLs; needs a Docker engine; the container is always removed):
  --image NAME[:TAG]    start this image and certify it; its logs go into the report
  --container-port N    the port the service listens on inside it (default 8080)
  --env KEY=VALUE       environment of the container (repeatable; secret-looking values are masked)
  --base-path PATH      where PATH/v4, PATH/v2 and PATH/__control live inside it (default /)
  --network NAME        its Docker network: host (the default with a local engine on Linux) shares
                        this machine's, so the service is at 127.0.0.1:PORT and reaches the webhook
                        receiver on loopback; bridge (else the default) publishes PORT on loopback
  --ready-path PATH     ready once PATH answers 2xx (default: once PATH/v4 answers at all)
  --ready-log TEXT      ready once the container prints TEXT
  --ready-wait S        how long to wait until ready, in seconds (default 60)
Run:
  --only LIST           only these areas, check ids or clause ids (comma-separated or repeated)
  --skip LIST           all but these
  --seed N              fast-check seed (default: random, printed)
  --runs N              runs per property
  --replay-path PATH    replay one property failure (with --seed and --only)
  --reports-dir DIR     where the reports go (default reports/out): each file written whole (a symlink
                        there is replaced, never followed); a folder another run is using is refused
Console (colour on a terminal; NO_COLOR=1 turns it off, FORCE_COLOR=1 on):
  -q, --quiet           print only the time taken and the verdict (errors still go to stderr)
  --verbose             a line for every check as it finishes, with its outcome and reason
Scope and verdict (README: Claims, Verdicts, Expected failures):
  --claim FEATURE       a feature the target implements (repeatable; default every feature; core always);
                        features: spec/clauses.yaml  MCS_CLAIMS (comma-separated), config claims: [...]
  --expected-failures FILE   known failures (docs/expected-failures.example.yaml)  MCS_EXPECTED_FAILURES
  --strict-expectations      exit 1 when an expected failure is stale (its checks pass now)
  --sign-key FILE       sign certificate.json with this Ed25519 private key (PEM); see docs/certificates.md
  --strict              refuse a --sign-key file that group or others may read (else a warning, as ssh)
Every duration is in seconds, fractions allowed (2.5, or 2500ms).
The old forms are still read, with a warning: --timeout MS, --ready-timeout MS.
Examples:
  mcs certify                                          the embedded reference (npm start)
  mcs certify --config target.yaml --only contacts     a vendor's target, one area
  mcs certify --base-url http://127.0.0.1:8080 --v2-base-url http://127.0.0.1:8080/v2 \\
              --control-url http://127.0.0.1:8080/__control --wait-for-target 60
Exit: 0 conformant (a partial run: every selected check passed; or only expected failures);
      1 a check failed; 2 bad input, unusable target or reports not written;
      3 incomplete: nothing failed, but in-scope clauses were not verified; 130/143 interrupted.
`;

/**
 * A young generation of 4 MB per heap (V8's default grows to 16): certify runs three heaps (this thread and two
 * vitest workers) of short-lived exchanges, and the default let each hold ~50 MB of garbage between scavenges.
 * It cut peak RSS by about 60 MB against the reference and a hostile target alike, at no measurable cost in time
 * (bench/memory.bench.ts). Set before the workers start, so theirs follow; `mcs load` keeps the default.
 */
const certifySemiSpaceMb = 4;
/**
 * V8's memory-over-speed mode (smaller heap growth steps, an eager memory reducer): each of the three heaps then
 * stays near what it holds instead of growing ahead of it. Measured A/B on certify of the reference: peak RSS
 * from 540-590 MB to 340-380 MB (issue 33: under 450 MB), the run's time within noise (README, Memory).
 */
const certifyHeapFlags = ['--optimize-for-size'];

export async function run(argv: string[]): Promise<number> {
  setFlagsFromString(`--max-semi-space-size=${certifySemiSpaceMb}`);
  for (const flag of certifyHeapFlags) setFlagsFromString(flag);
  const flags = parseFlags(argv);
  if (flags.help) {
    process.stdout.write(usage);
    return 0;
  }
  const durationWarnings: string[] = [];
  const durations = durationsOf(flags, durationWarnings);
  if (flags['replay-path'] !== undefined && flags.seed === undefined) throw new UsageError('--replay-path needs the --seed of the run that failed');
  const seed = flags.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : positiveInteger('--seed', flags.seed, true);
  const runs = flags.runs === undefined ? undefined : positiveInteger('--runs', flags.runs, false);
  const selection = { only: parseSelectionList(flags.only), skip: parseSelectionList(flags.skip) };
  const reportsDir = flags['reports-dir'] ?? 'reports/out';
  const image = imageOptionsOf(flags, durations.readyMs);
  // The configuration, resolved once: everything below reads these settings.
  const settings = await asUsage(() =>
    resolveRunSettings({
      flags: { ...flags, timeoutMs: durations.timeoutMs, 'max-duration': durations.maxDurationS, 'wait-for-target': durations.waitForTargetS, claim: parseSelectionList(flags.claim) },
      env: process.env,
      ...configPathOf(flags),
      urlsLater: image !== undefined,
    }),
  );
  const signKey = flags['sign-key'] === undefined ? undefined : await readSignKey(flags['sign-key'], flags.strict === true, (line) => process.stderr.write(`mcs certify: ${line}\n`));
  const scope = await settleScope({ selection, claims: settings.claims, expectedFailures: settings.expectedFailures, strictExpectations: flags['strict-expectations'] === true });
  // Settings a run would otherwise trip over at its end, or in every check: checked before anything starts.
  await checkReportsDir(reportsDir);
  const listenWarning = await checkWebhookListen(settings.webhook.webhookListen);
  const { maxDuration } = settings;

  const out = process.stdout;
  const shown = certifyConsole(out, process.env, flags);
  const { progress } = shown;
  // Before a container starts (its ready wait is one of these flags) and whether or not it does.
  for (const warning of durationWarnings) progress.line(shown.style('warn', `mcs certify: ${warning}`));
  const runStarted = Date.now();
  let cancel: (() => Promise<void>) | undefined;
  let interruptedBy: 'SIGINT' | 'SIGTERM' | undefined;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    if (interruptedBy) process.exit(exitCodeOf(signal)); // a second signal: the user insists
    interruptedBy = signal;
    process.stderr.write('\nmcs certify: interrupted; writing the results collected so far (Ctrl-C again to abandon)\n');
    void cancel?.();
  };
  // Listening from before a container starts, so that Ctrl-C during its start is this command's too.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let container: ImageTarget | undefined;
  let embedded: Embedded | undefined;
  let reportsLock: OutputLock | undefined;
  try {
    reportsLock = await holdReportsDir(reportsDir);
    if (image !== undefined) {
      container = await startContainer(image, reportsDir).catch((error: unknown) => {
        if (interruptedBy) return undefined; // the start failed because Ctrl-C removed the container
        throw error;
      });
      if (interruptedBy) return exitCodeOf(interruptedBy);
    }
    const configured = container ? settings.targetAt(container.urls) : settings.target;
    if (configured === undefined) progress.phase('starting the embedded reference');
    embedded = configured === undefined ? await startEmbedded(settings.timeoutMs) : undefined;
    const target = configured ?? (embedded ? { ...embedded.target, ...settings.webhook } : undefined);
    if (!target) throw new UsageError('no target');

    if (listenWarning !== undefined) progress.line(shown.style('warn', listenWarning));
    const waitSeconds = configured === undefined ? 0 : settings.waitForTargetS;
    if (waitSeconds > 0) {
      progress.phase(`waiting up to ${waitSeconds} s for ${maskUrl(target.baseUrl)} to answer`);
      await waitForTarget(target, waitSeconds, { onWaiting: (url, why) => progress.line(`mcs certify: waiting for ${url} (${why})`) });
    }
    progress.phase(`probing ${maskUrl(target.baseUrl)}`);
    // The pre-flight is bounded by the run's deadline too (a control adapter that never settles, above all), and
    // so are the fixtures found and checked before any check runs (harness/discovery/run.ts).
    installRunBounds({ deadlineEpochMs: runStarted + maxDuration.seconds * 1000, deadlineSource: maxDuration.source });
    const { target: prepared, probed } = await prepareRun(target, await probeTarget(target), embedded !== undefined, (line) => progress.line(line));
    progress.line(`mcs certify: ${embedded ? 'embedded reference' : container ? `${image?.image} (network ${container.network}) at ${maskUrl(target.baseUrl)}` : maskUrl(target.baseUrl)}${probed.control ? ' with control API' : ''} (seed ${seed})`);
    // What the set-up will leave unverified, said before any check runs, each step with its cost in clauses (the
    // counts the summary's next steps, mcs doctor and mcs init give too). The embedded reference lacks nothing.
    const plan = embedded ? undefined : await planOf(setUpOf(prepared, probed), { claims: scope.claims, selection }).catch(() => undefined);
    for (const line of plan === undefined ? [] : costLines(plan.forecast, plan.gains)) progress.line(shown.style('warn', line));
    // Loaded only now: vitest's Node API is heavy, and usage errors should answer at once.
    progress.phase('loading the test runner');
    const { runCertification } = await import('../../harness/runner/certification.js');
    const { report, interrupted, stopped } = await runCertification({
      target: prepared,
      probed,
      deadlineEpochMs: runStarted + maxDuration.seconds * 1000,
      deadlineSource: maxDuration.source,
      embedded: embedded !== undefined,
      seed,
      ...(runs === undefined ? {} : { runs }),
      ...(flags['replay-path'] === undefined ? {} : { replayPath: flags['replay-path'] }),
      selection,
      claims: scope.claims,
      ...(scope.expectations === undefined ? {} : { expectations: scope.expectations }),
      listener: progress,
      onStarted: (stop) => {
        cancel = stop;
        if (interruptedBy) void stop();
      },
    });
    progress.end();
    if (container && image) {
      report.target.image = image.image;
      report.containerLogs = await container.logs();
    }
    const written = await writeRunReports(report, reportsDir, signKey === undefined ? {} : { signKey });
    const judgement = judge(report);
    for (const line of summaryLines(report, seed, shown, plan === undefined ? [] : nextStepLines(plan.gains))) progress.line(line);
    for (const line of judgementLines(judgement, { verbose: shown.verbosity === 'verbose', narrowed: selection.only.length + selection.skip.length > 0 })) progress.line(line);
    progress.line(written.line);
    out.write(closingLines({ verdict: verdictText(judgement), passed: judgement.exitCode === exitCodes.ok, incomplete: judgement.exitCode === exitCodes.incomplete, seed, elapsedMs: progress.elapsedMs(), style: shown.style }));
    if (written.problem !== undefined) process.stderr.write(`mcs certify: ${written.problem}\n`);
    if (interruptedBy) return exitCodeOf(interruptedBy);
    if (written.problem !== undefined) return exitCodes.usage;
    if (stopped) return stoppedExit(stopped, report, judgement.exitCode);
    if (interrupted) return 130;
    return judgement.exitCode;
  } catch (error) {
    if (error instanceof TargetUnreachable) throw new UsageError(secrets.maskText(error.message));
    throw error;
  } finally {
    progress.end();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await embedded?.close();
    await container?.stop();
    await reportsLock?.release();
  }
}

/**
 * A run the breaker stopped exits 2 with one line saying why (the target became unusable: a configuration or
 * environment problem, not a verdict); a run that reached its deadline exits as its verdict says (it certifies
 * nothing: incomplete, 3, unless a check failed, 1). Either way the reports of what finished are written, and
 * an unref'd timer ends the process should a stalled worker keep it alive.
 */
function stoppedExit(stopped: StopNotice, report: { checks: readonly { outcome: string }[] }, verdictCode: number): number {
  const notRun = report.checks.filter((c) => c.outcome === 'not-run').length;
  const code = stopped.kind === 'breaker' ? exitCodes.usage : verdictCode;
  const what = stopped.kind === 'breaker' ? `stopped, target unusable: ${stopped.reason}` : stopped.reason;
  process.stderr.write(`mcs certify: ${inertLine(secrets.maskText(what))}; ${notRun} check(s) not run\n`);
  setTimeout(() => process.exit(code), 5_000).unref();
  return code;
}

/** The --image options, or undefined; the container is stopped on Ctrl-C, whose handling is this command's. */
function imageOptionsOf(flags: ReturnType<typeof parseFlags>, readyMs: number | undefined): ImageTargetOptions | undefined {
  let options;
  try {
    if (readyMs !== undefined && flags.image === undefined) throw new ImageFlagError(`--${flags['ready-wait'] !== undefined ? 'ready-wait' : 'ready-timeout'} only applies with --image`);
    options = imageTargetOptions({ ...flags, 'ready-timeout': readyMs === undefined ? undefined : String(readyMs) });
  } catch (error) {
    if (error instanceof ImageFlagError) throw new UsageError(error.message);
    throw error;
  }
  const url = (['base-url', 'v2-base-url', 'control-url'] as const).find((name) => flags[name] !== undefined);
  if (options && url) throw new UsageError(`--image and --${url} name two targets: give one`);
  return options && { ...options, signalsHandledByCaller: ['SIGINT', 'SIGTERM'] };
}

/** The image started as the target. When it cannot be: one line, and what it printed beside the reports. */
async function startContainer(options: ImageTargetOptions, reportsDir: string): Promise<ImageTarget> {
  const { startImageTarget, ImageTargetError } = await import('../../harness/container/index.js');
  try {
    return await startImageTarget(options);
  } catch (error) {
    if (!(error instanceof ImageTargetError)) throw error;
    if (error.logs === '') throw new UsageError(error.message);
    const logFile = join(reportsDir, 'container.log');
    await writeFileWhole(logFile, inert(error.logs)); // read with cat or less: shown, never executed
    throw new UsageError(`${error.message} (its logs: ${logFile})`);
  }
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
      if (logs.length > 0) process.stderr.write(`embedded reference logged ${logs.length} line(s), first: ${inertLine(logs[0] ?? '')}\n`);
    },
  };
}

const certifyOptions = {
  ...targetFlags,
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  claim: { type: 'string', multiple: true },
  'expected-failures': { type: 'string' },
  'strict-expectations': { type: 'boolean' },
  'sign-key': { type: 'string' },
  strict: { type: 'boolean' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  'replay-path': { type: 'string' },
  'max-duration': { type: 'string' },
  'wait-for-target': { type: 'string' },
  'webhook-listen': { type: 'string' },
  'webhook-public-url': { type: 'string' },
  'reports-dir': { type: 'string' },
  image: { type: 'string' },
  'container-port': { type: 'string' },
  env: { type: 'string', multiple: true },
  'base-path': { type: 'string' },
  network: { type: 'string' },
  'ready-path': { type: 'string' },
  'ready-log': { type: 'string' },
  'ready-wait': { type: 'string' },
  'ready-timeout': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Numbers of the flags, in words: a value that is not one is refused here, in one line, before anything starts. */
const numericFlags = {
  'container-port': 'a port number from 1 to 65535',
} as const;

function parseFlags(argv: string[]) {
  const flags = parseSharedFlags(argv, certifyOptions);
  for (const [name, words] of Object.entries(numericFlags)) {
    const text = flags[name as keyof typeof numericFlags];
    if (text !== undefined && !/^\d+$/.test(text.trim())) throw new UsageError(`--${name} must be ${words}, got '${text}'`);
  }
  return flags;
}

/** The container's readiness wait: --ready-wait S, or the old --ready-timeout MS. */
const readyWait: RenamedDuration = { seconds: 'ready-wait', milliseconds: 'ready-timeout', min: 0.001, max: 3600 };

/**
 * The run's durations from its flags, in the units the configuration layers take (harness/config): each flag
 * in seconds (cli/durations.ts), the old millisecond flags read with a warning. Undefined where not given.
 */
function durationsOf(flags: ReturnType<typeof parseFlags>, warnings: string[]) {
  const maxDuration = flags['max-duration'];
  const waitForTarget = flags['wait-for-target'];
  return {
    timeoutMs: renamedDurationMs(flags, requestTimeout, warnings),
    readyMs: renamedDurationMs(flags, readyWait, warnings),
    maxDurationS: maxDuration === undefined ? undefined : String(secondsOf('max-duration', maxDuration, { min: 0.001, max: 86_400 })),
    waitForTargetS: waitForTarget === undefined ? undefined : String(secondsOf('wait-for-target', waitForTarget, { min: 0, max: 3600 })),
  };
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
