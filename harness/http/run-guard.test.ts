import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isRunStopped } from '../target-error.js';
import { beginRequest, BREAKER_THRESHOLD, installRunBounds, readStopFile, requestEnded, stopNotice } from './run-guard.js';

afterEach(() => installRunBounds({}));

function stoppedReason(): string {
  try {
    beginRequest().end();
  } catch (error) {
    if (isRunStopped(error)) return error.message;
    throw error;
  }
  throw new Error('expected the run to be stopped');
}

describe('run bounds', () => {
  it('trips the breaker after BREAKER_THRESHOLD failures in a row, for every process of the run', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'mcs-guard-'));
    installRunBounds({ stateDir });
    for (let i = 0; i < BREAKER_THRESHOLD - 1; i++) requestEnded(false, 'GET http://h/v4/me: hang');
    requestEnded(true); // an answer in between: no trip
    for (let i = 0; i < BREAKER_THRESHOLD - 1; i++) requestEnded(false, 'GET http://h/v4/me: hang');
    expect(stopNotice()).toBeUndefined();
    const request = beginRequest();
    requestEnded(false, 'GET http://h/v4/me: hang');
    expect(request.signal.aborted).toBe(true);
    expect(stoppedReason()).toBe(`not run (target unusable): ${BREAKER_THRESHOLD} requests in a row got no answer (last: GET http://h/v4/me: hang)`);
    expect(readStopFile(stateDir)?.kind).toBe('breaker');
    installRunBounds({ stateDir, breakerThreshold: 99 }); // another process of the same run sees the stop
    expect(stopNotice()?.kind).toBe('breaker');
  });

  it('stops at the deadline, naming what set it', () => {
    installRunBounds({ deadlineEpochMs: Date.now() - 1, deadlineSource: '--max-duration 5 s' });
    expect(stoppedReason()).toBe('not run: run deadline reached (--max-duration 5 s)');
  });

  it('counts nothing outside a certification run', () => {
    for (let i = 0; i < BREAKER_THRESHOLD * 2; i++) requestEnded(false, 'x');
    expect(stopNotice()).toBeUndefined();
  });
});
