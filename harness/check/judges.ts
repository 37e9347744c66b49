// The named judges a check runs over what it records (Schemathesis-style: each a named value with a one-line
// description, the same for every check): every answer its requests get, every write it reads back, and every
// delivery it waits for. Each returns findings as data, the clause they break among them; the check's outcome
// and its broken clause are computed from them (outcome.ts). The field tables' own judges (equals, time-ms, ...)
// are harness/oracle/field-judges.ts; these run them, with the schema and the read-backs.
//
// Adding a judge is this file: a value of one of the three kinds below, listed in its kind's list. The types
// say what it is given and what it returns; the check wrapper (check.ts) runs every listed judge.
import type { Finding } from '../checks/failure.js';
import type { RecordedResponse, RequestObserver } from '../http/recorder.js';
import { judgeAnswer } from '../oracle/answers.js';
import type { EventAction } from '../oracle/action.js';
import { judgeDelivery, type DeliveryContext } from '../oracle/deliveries.js';
import { eventIdFindings } from '../oracle/event-ids.js';
import type { ValidationResult } from '../schema/validator.js';
import type { Delivery } from '../webhooks/receiver.js';
import { readBackObserver } from './read-back.js';

/** One recorded answer, with its validation against the spec (made once, shared by the judges) and when it arrived. */
export interface JudgedAnswer {
  answer: RecordedResponse;
  validation: ValidationResult;
  arrivedAt: number;
}

/** Judges every answer a check records, as it is recorded. */
export interface AnswerJudge {
  readonly name: string;
  readonly description: string;
  judge(judged: JudgedAnswer): Finding[];
}

/** Judges what follows a check's writes, with requests of its own (`report` takes what it finds). */
export interface FollowUpJudge {
  readonly name: string;
  readonly description: string;
  observer(report: (finding: Finding) => void): RequestObserver;
}

/** Judges a delivery the check waits for, against the action that caused it. */
export interface DeliveryJudge {
  readonly name: string;
  readonly description: string;
  judge(delivery: Delivery, action: EventAction, context: DeliveryContext): Finding[];
}

export const conformsToTheSchema: AnswerJudge = {
  name: 'conformsToTheSchema',
  description: 'the status is documented for the operation and the body matches its schema',
  judge: ({ answer, validation }) => {
    const { errors } = validation;
    if (errors.length === 0) return [];
    const excerpt = answer.text.length > 500 ? `${answer.text.slice(0, 500)}…` : answer.text;
    const message = `${answer.api} ${answer.method} ${answer.path}: ${errors[0]}`;
    return [{ field: 'body', message, expected: 'every response documented by the spec and matching its schema', actual: `${answer.status} ${excerpt}\n${errors.join('\n')}`, ...exchangeOf(answer) }];
  },
};

export const followsTheRequest: AnswerJudge = {
  name: 'followsTheRequest',
  description: 'every field of the object answered follows the request that caused it (spec/fields/objects.yaml)',
  judge: ({ answer, validation, arrivedAt }) => {
    // Judged on every answer, whatever the check's mode: the oracle also learns what a run registered (v2
    // webhooks) and how far a control API moved the clock.
    const verdict = judgeAnswer({ ...answer, request: answer.request as Parameters<typeof judgeAnswer>[0]['request'], arrivedAt });
    const operation = validation.operation?.operationId ?? `${answer.method} ${answer.path}`;
    return verdict.findings.map((finding) => ({ ...finding, about: { operation, as: 'answer' as const }, ...exchangeOf(answer) }));
  },
};

export const answerEqualsReadBack: FollowUpJudge = {
  name: 'answerEqualsReadBack',
  description: "a write's answer equals, field by field, its object as read back (read-back.ts)",
  observer: readBackObserver,
};

export const followsTheAction: DeliveryJudge = {
  name: 'followsTheAction',
  description: 'every field of the delivery follows the action that caused it (spec/fields/events.yaml)',
  judge: (delivery, action, context) => judgeDelivery(delivery, action, context).findings,
};

export const ownsItsEventId: DeliveryJudge = {
  name: 'ownsItsEventId',
  description: "a v4 envelope's id names one event: no other event of the run carries it (oracle/event-ids.ts)",
  judge: (delivery, action, context) => {
    if (context.api !== 'v4') return [];
    let body: unknown;
    try {
      body = delivery.json();
    } catch (error) {
      // A body that is not JSON is the field judge's to report; this judge has nothing to compare.
      if (error instanceof SyntaxError) return [];
      throw error;
    }
    return eventIdFindings(body).map((finding) => ({ ...finding, about: { operation: action.type, as: 'delivery' as const } }));
  },
};

/** In the order a check's outcome prefers their findings: the schema's before the oracle's. */
export const answerJudges: readonly AnswerJudge[] = [conformsToTheSchema, followsTheRequest];
export const followUpJudges: readonly FollowUpJudge[] = [answerEqualsReadBack];
export const deliveryJudges: readonly DeliveryJudge[] = [followsTheAction, ownsItsEventId];

/** What every delivery judge finds in `delivery`, judged against the action that caused it. */
export function deliveryFindings(delivery: Delivery, action: EventAction, context: DeliveryContext): Finding[] {
  return deliveryJudges.flatMap((judge) => judge.judge(delivery, action, context));
}

function exchangeOf(answer: RecordedResponse): Pick<Finding, 'exchange'> {
  return answer.exchange === undefined ? {} : { exchange: answer.exchange };
}
