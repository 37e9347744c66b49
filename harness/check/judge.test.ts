import { describe, expect, it } from 'vitest';
import { CheckFailure } from '../checks/failure.js';
import { ControlError } from '../fixtures/control-client.js';
import { NotVerifiable } from '../fixtures/not-verifiable.js';
import type { ResponseSummary } from '../http/recorder.js';
import { RunStopped, TargetError } from '../target-error.js';
import { ExchangeLog, withExchangeLog } from '../http/recorder.js';
import { carryBrokenAnswer, judge, judgesThrottling } from './judge.js';

const ok: ResponseSummary = { api: 'v4', method: 'GET', path: '/me', status: 200, excerpt: '{}' };
const serverError: ResponseSummary = { ...ok, status: 500, broken: 'the target answered 500 to v4 GET /me' };
const log = (lastResponse?: ResponseSummary, nonConforming?: { response: ResponseSummary; errors: string[] }, throttled?: ResponseSummary) => ({ lastResponse, nonConforming, throttled });
const failure = new CheckFailure('v4 GET /me answered 500, not 200', 'status 200', '500');

describe('judge: failed only when the target answered and broke a clause', () => {
  it('passes a check that threw nothing and saw conforming answers', () => {
    expect(judge(undefined, log(ok), false)).toEqual({ outcome: 'passed' });
  });

  it('fails on a failed expectation about a working answer, and on a non-conforming answer', () => {
    expect(judge(failure, log(ok), false)).toMatchObject({ outcome: 'failed', failure });
    const nonConforming = { response: ok, errors: ["getMe 200: body lacks required field 'data'"] };
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
    expect(judge(crash, log(ok, { response: ok, errors: ['getMe 200: body.data must be object'] }), false)).toMatchObject({ outcome: 'failed' });
  });

  it('reports not verifiable and not run with their reasons, never as passed', () => {
    expect(judge(new NotVerifiable('needs the v2 API'), log(), false)).toEqual({ outcome: 'not-verifiable', reason: 'needs the v2 API' });
    expect(judge(new RunStopped('not run: run deadline reached (--max-duration 5 s)'), log(), false)).toEqual({ outcome: 'not-run', reason: 'not run: run deadline reached (--max-duration 5 s)' });
  });
});

describe('carryBrokenAnswer: shared work that failed on a broken answer', () => {
  const inLogWith = (lastResponse: ResponseSummary | undefined, error: unknown) => {
    const running = new ExchangeLog();
    running.lastResponse = lastResponse;
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
