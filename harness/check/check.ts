// check(): a conformance check on vitest with test262-like metadata. It records the clauses and the
// check's exchanges in the task meta, turns NotVerifiable into a skip with its reason (never a pass),
// validates every API response the check saw against the spec, and masks secrets in failures.
import { test, type TestContext } from 'vitest';
import { atExchange, CheckFailure, failedExchangeOf } from '../checks/failure.js';
import { isNotVerifiable } from '../fixtures/not-verifiable.js';
import { secrets } from '../http/mask.js';
import { ExchangeLog, withExchangeLog, type RecordedResponse } from '../http/recorder.js';
import { isSelected } from '../runner/selection.js';
import { notClaimedReason, unclaimedFeature } from '../../results/claims.js';
import { excludedReason } from '../../results/verdict.js';
import { checkResponse } from '../schema/validator.js';
import { CheckContext } from './context.js';
import type { DeclaredCheck, McsTaskMeta } from './meta.js';
import { unmetNeed, type Need } from './needs.js';
import { runContext } from './run-context.js';


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
  /** Runs concurrently with the file's other concurrent checks (only for checks that change nothing shared). */
  concurrent?: boolean;
  timeoutMs?: number;
}

export type CheckBody = (t: CheckContext) => Promise<void>;

/** Exchanges kept in the report for a passing check (all of them, up to the log's limit, for a failure). */
const keptOnPass = 2;

export function check(meta: CheckMeta, body: CheckBody): void {
  assertMeta(meta);
  const register = meta.concurrent ? test.concurrent : test;
  // The declaration travels with the task from collection on: `mcs coverage` reads it without running anything.
  const declared: DeclaredCheck = { area: meta.area, name: meta.name, title: meta.title, clauses: [...meta.clauses], needs: [...(meta.needs ?? [])] };
  register(meta.name, { timeout: meta.timeoutMs ?? 60_000, meta: { mcsCheck: declared } }, (context) => runCheck(meta, body, context));
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
  if (unmet !== undefined) return notVerifiable(context, mcs, unmet);

  const log = new ExchangeLog(mcs.exchanges);
  const t = new CheckContext(run, context.task.file.filepath, mcs, context.expect);
  let failure: unknown;
  let reason: string | undefined;
  try {
    await withExchangeLog(log, () => body(t));
    assertResponsesConform(log.responses, meta.responses ?? 'strict');
  } catch (error) {
    if (isNotVerifiable(error)) reason = error.message;
    else failure = error;
  }
  if (failure === undefined) mcs.exchanges.splice(keptOnPass);
  else recordFailedExchange(mcs, failure);
  if (reason !== undefined) return notVerifiable(context, mcs, reason);
  if (failure !== undefined) throw maskError(failure);
}

function notVerifiable(context: TestContext, mcs: McsTaskMeta, reason: string): void {
  mcs.outcome = 'not-verifiable';
  mcs.reason = secrets.maskText(reason);
  context.skip(mcs.reason);
}

/** Every response the check saw must conform; the first offending one fails the check. */
function assertResponsesConform(responses: readonly RecordedResponse[], mode: 'strict' | 'schema' | 'off'): void {
  if (mode === 'off') return;
  for (const response of responses) {
    const result = checkResponse(response);
    if (!result.operation) continue; // a path the spec does not describe (deliberately unknown routes)
    if (result.undocumentedStatus && mode === 'schema') continue;
    if (result.errors.length > 0) {
      const failure = new CheckFailure(
        `${response.api} ${response.method} ${response.path}: ${result.errors[0]}`,
        'every response documented by the spec and matching its schema',
        `${response.status} ${clip(response.text)}\n${result.errors.join('\n')}`,
      );
      throw atExchange(failure, response.exchange);
    }
  }
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
  return error;
}

function assertMeta(meta: CheckMeta): void {
  const where = `check ${meta.area}/${meta.name}`;
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(meta.area)) throw new Error(`${where}: area must be kebab-case`);
  if (!/^[a-z0-9][a-z0-9.:_-]*$/i.test(meta.name)) throw new Error(`${where}: name must be kebab-case (letters, digits, - . : _)`);
  if (meta.clauses.length === 0) throw new Error(`${where}: cite at least one clause id of spec/clauses.yaml`);
  if (meta.title.trim() === '') throw new Error(`${where}: give a one-line title`);
}

function clip(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
