// check(): a conformance check on vitest with test262-like metadata. It records the clauses and the
// check's exchanges in the task meta, runs the judges (judges.ts) over every answer the check records, and
// leaves its outcome to outcome.ts: NotVerifiable and a stopped run become a skip with their reason (never a
// pass), an unjudgeable target an `error`, a broken clause a failure; secrets are masked in all of them.
import { test, type TestContext } from 'vitest';
import { notClaimedReason, unclaimedFeature } from '../../results/claims.js';
import { excludedReason } from '../../results/verdict.js';
import { failedExchangeOf } from '../checks/failure.js';
import { secrets } from '../http/mask.js';
import { ExchangeLog, exchangesKeptPerCheck, withExchangeLog } from '../http/recorder.js';
import { isSelected } from '../runner/selection.js';
import { CheckContext } from './context.js';
import { judgeWhatIsRecorded } from './judging.js';
import { areasJudgingBrokenAnswers, attributedMessage, judgesThrottling, outcomeOf } from './outcome.js';
import type { DeclaredCheck, McsTaskMeta } from './meta.js';
import { unmetNeed, type Need } from './needs.js';
import { runContext } from './run-context.js';
import { checkTimeLimit } from './time-limit.js';

export interface CheckMeta {
  /** The suite folder, e.g. `contacts`. */
  area: string;
  /** Stable kebab-case name, unique in the area; the check id is `<area>/<name>`. */
  name: string;
  /** One line: the behaviour checked. */
  title: string;
  /** Ids of spec/clauses.yaml the check verifies (at least one). */
  clauses: string[];
  /** What the target must offer beyond the v4 API (harness/check/needs.ts); unmet: reported not verifiable, naming it. */
  needs?: Need[];
  /**
   * What the wrapper checks of every API response of the check afterwards: `strict` (default) its status
   * is documented and its body matches the schema; `schema` the body matches where the status is
   * documented; `off` nothing (the check judges on its own).
   */
  responses?: 'strict' | 'schema' | 'off';
  /**
   * The check exists to judge how the target answers bad or unusual input, so a 5xx or an answer that is not
   * JSON is a failure here, not an error (default: true in the areas `robustness` and `errors`).
   */
  judgesBrokenAnswers?: boolean;
  /**
   * The check asks for answers a send cap shapes (a 429, a fan-out's 207 naming a cap): a failure after one is
   * its to judge (default: true for checks citing an errors.429 or limits.sends clause; elsewhere such an answer
   * makes a failure not verifiable, harness/check/outcome.ts).
   */
  judgesThrottling?: boolean;
  /** Runs concurrently with the file's other concurrent checks (only for checks that change nothing shared). */
  concurrent?: boolean;
  timeoutMs?: number;
}

export type CheckBody = (t: CheckContext) => Promise<void>;

/** Exchanges kept in the report for a passing check (all of them, up to the log's limit, for a failure). */
const keptOnPass = 2;
/** For an error, the last exchanges show what went wrong; the earlier ones judged nothing. */
const keptOnError = 3;

export function check(meta: CheckMeta, body: CheckBody): void {
  assertMeta(meta);
  const register = meta.concurrent ? test.concurrent : test;
  // The declaration travels with the task from collection on: `mcs coverage` reads it without running anything.
  const declared: DeclaredCheck = { area: meta.area, name: meta.name, title: meta.title, clauses: [...meta.clauses], needs: [...(meta.needs ?? [])] };
  register(meta.name, { timeout: checkTimeLimit(meta.timeoutMs), meta: { mcsCheck: declared } }, (context) => runCheck(meta, body, context));
}

async function runCheck(meta: CheckMeta, body: CheckBody, context: TestContext): Promise<void> {
  const mcs: McsTaskMeta = { area: meta.area, name: meta.name, title: meta.title, clauses: [...meta.clauses], exchanges: [] };
  context.task.meta.mcs = mcs;
  const run = await runContext();
  if (!isSelected(run.selection, meta)) {
    mcs.outcome = 'excluded';
    mcs.reason = excludedReason;
    context.skip(mcs.reason);
    return;
  }
  // A feature the target does not claim is out of its certificate's scope: not run, never judged.
  const unclaimed = unclaimedFeature({ id: `${meta.area}/${meta.name}`, clauses: meta.clauses }, run.claims);
  if (unclaimed !== undefined) {
    mcs.outcome = 'not-claimed';
    mcs.reason = notClaimedReason(unclaimed);
    context.skip(mcs.reason);
    return;
  }
  const unmet = unmetNeed(meta.needs ?? [], run);
  if (unmet !== undefined) return notJudged(context, mcs, 'not-verifiable', unmet);

  const log = new ExchangeLog(mcs.exchanges, exchangesKeptPerCheck);
  const judging = judgeWhatIsRecorded(log, meta.responses ?? 'strict');
  const t = new CheckContext(run, context.task.file.filepath, mcs, context.expect);
  let thrown: unknown;
  try {
    await withExchangeLog(log, () => body(t));
    // eslint-disable-next-line judging/no-catch-all -- what the body threw is the outcome's to judge (outcome.ts), with the findings.
  } catch (error) {
    thrown = error ?? new Error('the check threw nothing');
  }
  await t.tidyUp();
  if (log.dropped > 0) mcs.exchangesDropped = log.dropped;
  const judged = outcomeOf(thrown, judging, {
    clauses: meta.clauses,
    judgesBrokenAnswers: meta.judgesBrokenAnswers ?? areasJudgingBrokenAnswers.has(meta.area),
    asksForThrottling: meta.judgesThrottling ?? judgesThrottling(meta.clauses),
  });
  if (judged.outcome === 'passed') {
    mcs.exchanges.splice(keptOnPass);
    return;
  }
  if (judged.outcome === 'failed') {
    recordFailedExchange(mcs, judged.failure);
    if (judged.brokenClause !== undefined) {
      // A failure that broke another clause than the check's own (a prerequisite, a read-back, an answer or
      // delivery a judge found wrong) names it.
      mcs.brokenClause = judged.brokenClause;
      if (judged.failure instanceof Error) judged.failure.message = attributedMessage(judged.failure.message, judged.brokenClause);
    }
    throw maskError(judged.failure);
  }
  if (judged.outcome === 'error') {
    mcs.exchanges.splice(0, Math.max(0, mcs.exchanges.length - keptOnError));
    mcs.outcome = 'error';
    mcs.reason = secrets.maskText(judged.reason);
    throw new Error(mcs.reason); // vitest counts it as not passed; the runner reports outcome `error`
  }
  mcs.exchanges.splice(keptOnPass);
  return notJudged(context, mcs, judged.outcome, judged.reason);
}

function notJudged(context: TestContext, mcs: McsTaskMeta, outcome: 'not-verifiable' | 'not-run', reason: string): void {
  mcs.outcome = outcome;
  mcs.reason = secrets.maskText(reason);
  context.skip(mcs.reason);
}

/** Which recorded exchange failed the check, when the failure says (see failedExchangeOf). */
function recordFailedExchange(mcs: McsTaskMeta, failure: unknown): void {
  const exchange = failedExchangeOf(failure);
  const index = exchange === undefined ? -1 : mcs.exchanges.indexOf(exchange);
  if (index >= 0) mcs.failedExchange = index;
}

function maskError(error: unknown): unknown {
  if (!(error instanceof Error)) return new Error(secrets.maskText(String(error)));
  error.message = secrets.maskText(error.message);
  if (error.stack) error.stack = secrets.maskText(error.stack);
  const withValues = error as Error & { expected?: unknown; actual?: unknown };
  if (typeof withValues.expected === 'string') withValues.expected = secrets.maskText(withValues.expected);
  if (typeof withValues.actual === 'string') withValues.actual = secrets.maskText(withValues.actual);
  // The findings were judged on (outcome.ts); what travels to the reporter is their masked text above.
  if ('findings' in error) delete (error as { findings?: unknown }).findings;
  return error;
}

function assertMeta(meta: CheckMeta): void {
  const where = `check ${meta.area}/${meta.name}`;
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(meta.area)) throw new Error(`${where}: area must be kebab-case`);
  if (!/^[a-z0-9][a-z0-9.:_-]*$/i.test(meta.name)) throw new Error(`${where}: name must be kebab-case (letters, digits, - . : _)`);
  if (meta.clauses.length === 0) throw new Error(`${where}: cite at least one clause id of spec/clauses.yaml`);
  if (meta.title.trim() === '') throw new Error(`${where}: give a one-line title`);
}
