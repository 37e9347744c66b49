// What a check's judges found in what it recorded, kept for its outcome (outcome.ts): the first answer they
// found wrong (later ones are not kept: memory stays bounded whatever the target sends), what the follow-up
// judges found, and the two facts about answers that temper a failure: the last answer was broken (a 5xx, cut,
// not JSON), or a send cap or rate limit answered (a 429). The check wrapper installs it as the observer of the
// check's exchange log; the judges are harness/check/judges.ts.
import type { BrokenClause } from '../../results/model.js';
import type { Finding } from '../checks/failure.js';
import { garbageOf } from '../http/garbage.js';
import { currentExchangeLog, type ExchangeLog, type RecordedResponse, type RequestObserver } from '../http/recorder.js';
import { checkResponse } from '../schema/validator.js';
import { answerJudges, followUpJudges, type JudgedAnswer } from './judges.js';

/**
 * What the check holds its answers to: `strict` (default) every status documented and every body matching
 * its schema; `schema` bodies match where the status is documented; `off` nothing (the check judges alone).
 */
export type ResponseMode = 'strict' | 'schema' | 'off';

/** A response reduced to what a verdict or a failure message needs. */
export interface ResponseSummary {
  api: RecordedResponse['api'];
  method: string;
  path: string;
  status: number;
  /** At most 500 characters of the body. */
  excerpt: string;
  /** Why this answer shows a broken API rather than a clause broken (5xx, cut, not JSON where JSON is documented). */
  broken?: string;
}

/** The first answer a judge found wrong, with what it found. */
export interface FaultedAnswer {
  response: ResponseSummary;
  judge: string;
  findings: Finding[];
  /** The prerequisite step (attribution.ts) that got it, when one did. */
  step?: BrokenClause;
}

export class CheckJudging {
  /** The first answer the answer judges found wrong (by the check's mode), if any. */
  faulted: FaultedAnswer | undefined;
  /** The first thing the follow-up judges (read-backs) found, judged after the check's body. */
  followUp: Finding | undefined;
  lastResponse: ResponseSummary | undefined;
  /** The first 429 of the v4 or v2 API (or a 207 naming a send cap): a cap or a rate limit, whose values are not shown. */
  throttled: ResponseSummary | undefined;

  constructor(readonly mode: ResponseMode = 'strict') {}

  /** Every answer judge on one recorded answer; what they find is kept while nothing was found before. */
  judgeAnswer(answer: RecordedResponse): void {
    const validation = checkResponse(answer);
    const judged: JudgedAnswer = { answer, validation, arrivedAt: Date.now() };
    const found = answerJudges.map((judge) => ({ judge: judge.name, findings: judge.judge(judged) }));
    const summary: ResponseSummary = { api: answer.api, method: answer.method, path: answer.path, status: answer.status, excerpt: excerpt(answer.text) };
    const documented = validation.operation?.responses[String(answer.status)] !== undefined;
    const broken = brokenness(answer, validation.notJson === true, documented);
    if (broken !== undefined) summary.broken = broken;
    this.lastResponse = summary;
    if (answer.api !== 'control' && isThrottled(answer)) this.throttled ??= summary;
    if (this.mode === 'off' || this.faulted !== undefined || !validation.operation) return; // unknown paths are deliberate
    if (validation.undocumentedStatus && this.mode === 'schema') return;
    const first = found.find((f) => f.findings.length > 0);
    if (first !== undefined) this.faulted = { response: summary, ...first };
  }
}

const judgings = new WeakMap<ExchangeLog, CheckJudging>();

/** Judges every answer recorded in `log` from now on, and every write of it the follow-up judges read back. */
export function judgeWhatIsRecorded(log: ExchangeLog, mode: ResponseMode): CheckJudging {
  const judging = new CheckJudging(mode);
  judgings.set(log, judging);
  log.onResponse = (answer) => judging.judgeAnswer(answer);
  // A check that leaves the bodies of its answers to other areas (mode 'off': the robustness checks, which write
  // to fixtures their concurrent neighbours share) does not read its writes back either.
  if (mode !== 'off') log.onRequest = allOf(followUpJudges.map((judge) => judge.observer((finding) => void (judging.followUp ??= finding))));
  return judging;
}

/** One observer telling each of `observers`, their follow-ups awaited in turn. */
function allOf(observers: readonly RequestObserver[]): RequestObserver {
  return (client, method, path) => {
    const answered = observers.flatMap((observer) => observer(client, method, path) ?? []);
    if (answered.length === 0) return undefined;
    return async (response) => {
      for (const followUp of answered) await followUp(response);
    };
  };
}

/** The judging of the check that is running, if any. */
export function currentJudging(): CheckJudging | undefined {
  const log = currentExchangeLog();
  return log === undefined ? undefined : judgings.get(log);
}

/** The send caps' codes (section 7): a fan-out answered 207 may name them for the recipients they refused. */
const capCodes = /"(outbound_limit_reached|new_conversation_limit_reached)"/;

/** A 429, or a fan-out's 207 whose refusals name a send cap. */
function isThrottled(answer: RecordedResponse): boolean {
  return answer.status === 429 || (answer.status === 207 && capCodes.test(answer.text));
}

/**
 * A 5xx shows a broken API, except the deliberate ones: 501 (the description's "not implemented", an answer a
 * check judges) and a 5xx the spec lists for the operation (v2's 503 "no active number").
 */
function brokenness(answer: RecordedResponse, notJson: boolean, documentedStatus: boolean): string | undefined {
  const where = `${answer.api} ${answer.method} ${answer.path}`;
  if (answer.status >= 500 && answer.status !== 501 && !documentedStatus) return `the target answered ${answer.status} to ${where}`;
  if (answer.truncated) return `the target answered ${where} with ${answer.cut ?? 'a body longer than the harness reads'}`;
  const garbage = garbageOf(answer);
  if (notJson || garbage !== undefined) return `the target answered ${where} with a body that is not JSON${garbage === undefined ? '' : ` (${garbage.replace(/^the /, '')})`}`;
  return undefined;
}

function excerpt(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
