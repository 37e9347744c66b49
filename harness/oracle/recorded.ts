// The recorder's hook (harness/http/recorder.ts): every answer a check records is judged against its request
// (answers.ts); a contradiction becomes the check's non-conforming answer, named by field and clause.
import { judgeAnswer, type AnswerSeen } from './answers.js';
import { describeContradiction } from './report.js';

interface Recorded {
  api: AnswerSeen['api'];
  method: string;
  path: string;
  status: number;
  body: unknown;
  request?: { json?: unknown; query?: Record<string, unknown> };
  startedAt?: number;
}

/** The errors and failure of an answer whose fields contradict its request, or undefined. */
export function contradictedAnswer(response: Recorded): { errors: string[]; failure: { message: string; expected: string; actual: string; clause: string } } | undefined {
  const verdict = judgeAnswer({ ...response, request: response.request as AnswerSeen['request'], arrivedAt: Date.now() } as AnswerSeen);
  const [first] = verdict.contradictions;
  if (first === undefined) return undefined;
  const errors = verdict.contradictions.map(describeContradiction);
  const what = `${response.api} ${response.method} ${response.path}`;
  return {
    errors,
    failure: {
      message: `${what}: field ${first.field} of the ${verdict.object ?? 'answer'} contradicts the request (clause ${first.clause})${errors.length > 1 ? `; also ${errors.slice(1).join('; ')}` : ''}`,
      expected: `${first.field}: ${first.expected}`,
      actual: `${first.field}: ${first.actual}`,
      clause: first.clause,
    },
  };
}
