import { describe, expect, it } from 'vitest';
import { CheckFailure } from '../checks/failure.js';
import { ControlError } from '../fixtures/control-client.js';
import { NotVerifiable } from '../fixtures/not-verifiable.js';
import { RunStopped, TargetError } from '../target-error.js';
import { ExchangeLog, withExchangeLog } from '../http/recorder.js';
import { judgeWhatIsRecorded, type FaultedAnswer, type ResponseSummary } from './judging.js';
import { carryBrokenAnswer, judgesThrottling, outcomeOf, type Judged } from './outcome.js';

const ok: ResponseSummary = { api: 'v4', method: 'GET', path: '/me', status: 200, excerpt: '{}' };
const serverError: ResponseSummary = { ...ok, status: 500, broken: 'the target answered 500 to v4 GET /me' };
const log = (lastResponse?: ResponseSummary, faulted?: FaultedAnswer, throttled?: ResponseSummary) => ({ lastResponse, faulted, throttled, followUp: undefined });
const schemaError = (response: ResponseSummary, error: string): FaultedAnswer => ({ response, judge: 'conformsToTheSchema', findings: [{ field: 'body', message: `v4 GET /me: ${error}`, expected: 'every response documented by the spec and matching its schema', actual: error }] });
const failure = new CheckFailure('v4 GET /me answered 500, not 200', 'status 200', '500');
const judge = (thrown: unknown, judged: ReturnType<typeof log>, judgesBrokenAnswers: boolean, asksForThrottling = true): Judged => outcomeOf(thrown, judged, { clauses: ['me.get.data-object'], judgesBrokenAnswers, asksForThrottling });

describe('outcomeOf: failed only when the target answered and broke a clause', () => {
  it('passes a check that threw nothing and saw conforming answers', () => {
    expect(judge(undefined, log(ok), false)).toEqual({ outcome: 'passed' });
  });

  it('fails on a failed expectation about a working answer, and on a non-conforming answer', () => {
    expect(judge(failure, log(ok), false)).toMatchObject({ outcome: 'failed', failure });
    const nonConforming = schemaError(ok, "getMe 200: body lacks required field 'data'");
    expect(judge(undefined, log(ok, nonConforming), false)).toMatchObject({ outcome: 'failed', failure: { message: "v4 GET /me: getMe 200: body lacks required field 'data'" } });
  });

  it('is an error when the target gave no answer or a malformed control answer', () => {
    expect(judge(new TargetError('GET http://h/v4/me: hang: no response headers within 300 ms'), log(), false)).toEqual({ outcome: 'error', reason: 'GET http://h/v4/me: hang: no response headers within 300 ms' });
    expect(judge(new ControlError('control API POST /organizations answered malformed data: plan must be object'), log(), false)).toMatchObject({ outcome: 'error' });
  });

  it('is an error when the last answer was broken (5xx, cut, not JSON) and the check needed a working API', () => {
    expect(judge(failure, log(serverError), false)).toEqual({ outcome: 'error', reason: 'the target answered 500 to v4 GET /me, where the check needed a working API' });
  });

  it('is not verifiable when a check that asked for no 429 failed after one (a send cap or rate limit), and fails where it asked', () => {
    const capped: ResponseSummary = { api: 'v4', method: 'POST', path: '/messages', status: 429, excerpt: '{"error":{"code":"outbound_limit_reached"}}' };
    expect(judge(failure, log(ok, undefined, capped), false, false)).toEqual({
      outcome: 'not-verifiable',
      reason: 'the target answered v4 POST /messages with 429 ({"error":{"code":"outbound_limit_reached"}}): a send cap or a rate limit, whose values are not shown, so the check could not judge what followed',
    });
    expect(judge(failure, log(ok, undefined, capped), false, true)).toMatchObject({ outcome: 'failed' });
    expect(judge(undefined, log(ok, undefined, capped), false, false)).toEqual({ outcome: 'passed' });
    expect([judgesThrottling(['errors.429.outbound-limit-reached']), judgesThrottling(['limits.sends.new-contact-cap']), judgesThrottling(['limits.fan-out.recipients-100'])]).toEqual([true, true, false]);
  });

  it('keeps a broken answer a failure in checks that exist to judge such answers (robustness)', () => {
    expect(judge(failure, log(serverError), true)).toMatchObject({ outcome: 'failed' });
  });

  it('is an error for a harness exception, unless an answer broke the spec (then that answer is the failure)', () => {
    const crash = new TypeError("Cannot read properties of null (reading 'address')");
    expect(judge(crash, log(ok), false)).toEqual({ outcome: 'error', reason: "harness exception: TypeError: Cannot read properties of null (reading 'address')" });
    expect(judge(crash, log(ok, schemaError(ok, 'getMe 200: body.data must be object')), false)).toMatchObject({ outcome: 'failed' });
  });

  it('reports not verifiable and not run with their reasons, never as passed', () => {
    expect(judge(new NotVerifiable('needs the v2 API'), log(), false)).toEqual({ outcome: 'not-verifiable', reason: 'needs the v2 API' });
    expect(judge(new RunStopped('not run: run deadline reached (--max-duration 5 s)'), log(), false)).toEqual({ outcome: 'not-run', reason: 'not run: run deadline reached (--max-duration 5 s)' });
  });
});

describe('carryBrokenAnswer: shared work that failed on a broken answer', () => {
  const inLogWith = (lastResponse: ResponseSummary | undefined, error: unknown) => {
    const running = new ExchangeLog();
    judgeWhatIsRecorded(running, 'strict').lastResponse = lastResponse;
    return withExchangeLog(running, async () => carryBrokenAnswer(error));
  };

  it('becomes an error for every check awaiting it, judged as the running check judges it', async () => {
    const carried = await inLogWith(serverError, failure);
    expect(carried).toBeInstanceOf(TargetError);
    expect(judge(carried, log(), false)).toEqual({ outcome: 'error', reason: 'the target answered 500 to v4 GET /me, where the check needed a working API' });
  });

  it('stays a failure after a working answer, and leaves what is not a failed expectation as it is', async () => {
    expect(await inLogWith(ok, failure)).toBe(failure);
    const notVerifiable = new NotVerifiable('needs the control API');
    expect(await inLogWith(serverError, notVerifiable)).toBe(notVerifiable);
  });
});

describe('the clause a failure broke, read from its findings', () => {
  const sentText = { field: 'text', clause: 'events.message-sent.shape', expected: '"hello"', actual: '"hello (edited)"', about: { operation: 'message.sent', as: 'delivery' as const } };
  const judged = (thrown: unknown, clauses: string[], faulted?: FaultedAnswer) => outcomeOf(thrown, log(ok, faulted), { clauses, judgesBrokenAnswers: false });

  it("a delivery found wrong inside another check's wait breaks its field's clause, not the check's", () => {
    const thrown = CheckFailure.of('the message.sent delivery to the v4 subscription', [sentText]);
    expect(thrown.message).toBe('the message.sent delivery to the v4 subscription: field text contradicts the action (clause events.message-sent.shape)');
    expect(judged(thrown, ['events.message-delivered.never-for-group-chats'])).toMatchObject({ outcome: 'failed', brokenClause: { clause: 'events.message-sent.shape', operation: 'message.sent', as: 'delivery' } });
    // A check citing that clause judges it itself.
    expect(judged(thrown, ['events.message-sent.shape'])).toEqual({ outcome: 'failed', failure: thrown });
  });

  it('an answer a judge found contradicting its request breaks the contradicted field\'s clause; a schema error the check\'s own', () => {
    const renamed: FaultedAnswer = { response: { ...ok, method: 'PATCH', path: '/contacts/ct_1' }, judge: 'followsTheRequest', findings: [{ field: 'name', clause: 'contacts.patch.name-required', expected: '"Zoë"', actual: '"Zoe"', about: { operation: 'updateContact', as: 'answer' } }] };
    const outcome = judged(undefined, ['contacts.merge.returns-survivor'], renamed);
    expect(outcome).toMatchObject({ outcome: 'failed', brokenClause: { clause: 'contacts.patch.name-required', operation: 'updateContact', as: 'answer' } });
    expect((outcome as { failure: Error }).failure.message).toBe('v4 PATCH /contacts/ct_1: field name contradicts the request (clause contacts.patch.name-required)');
    expect(judged(undefined, ['contacts.merge.returns-survivor'], schemaError(ok, 'getMe 200: body.data must be object'))).not.toHaveProperty('brokenClause');
  });

  it("a write's answer its read-back does not show breaks the write's clause, after everything else", () => {
    const followUp = { clause: 'contacts.create.201', about: { operation: 'createContact', as: 'read-back' as const }, field: 'tags', message: 'POST /contacts answered an object that GET /contacts/ct_1 does not read back: tags', expected: 'equal', actual: 'not' };
    expect(outcomeOf(undefined, { ...log(ok), followUp }, { clauses: ['contacts.merge.unions-tags'], judgesBrokenAnswers: false })).toMatchObject({ outcome: 'failed', brokenClause: { clause: 'contacts.create.201', as: 'read-back' } });
    expect(outcomeOf(failure, { ...log(ok), followUp }, { clauses: ['contacts.merge.unions-tags'], judgesBrokenAnswers: false })).toEqual({ outcome: 'failed', failure });
  });
});
