// A check's time limit follows the run's --timeout: a target given longer per request (a slow sandbox, a busy
// machine: issue 43) gets proportionally longer per check, so that a run slowed as a whole is not cut check by
// check. With the default --timeout the limit is the declared one (60 s unless the check says).
import { inject } from 'vitest';
import { defaultTimeoutMs } from '../config/types.js';
import type { RunContext } from './meta.js';

export const defaultCheckTimeoutMs = 60_000;

/** The limit of a check declaring `declaredMs` (default 60 s) in a run whose requests may take `requestTimeoutMs`. */
export function checkTimeLimit(declaredMs: number = defaultCheckTimeoutMs, requestTimeoutMs: number = runRequestTimeoutMs()): number {
  return Math.round(declaredMs * Math.max(1, requestTimeoutMs / defaultTimeoutMs));
}

/** The run's --timeout as the runner provides it when the checks are registered; the default when run directly. */
function runRequestTimeoutMs(): number {
  return (inject('mcsRun') as RunContext | undefined)?.target.timeoutMs ?? defaultTimeoutMs;
}
