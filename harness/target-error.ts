// The target could not be judged: a transport failure or timeout, a broken answer where a check needed a
// working API, a control API answering malformed data, a fixture set-up that failed. The check wrapper
// reports it as outcome `error` (never `failed`: no clause was shown broken), with this one-line reason.
import { errorCodes, hasCode, McsError, type McsErrorCode } from '../spec/errors.js';

export class TargetError extends McsError {
  override name = 'TargetError';
  /** Every kind (TransportError, ControlError, ControlAdapterError) has a code of this family. */
  override readonly code: McsErrorCode = errorCodes.target;
}

/** By code, not identity: the class may be loaded twice (runner and worker module graphs). */
export function isTargetError(error: unknown): error is TargetError {
  return hasCode(error, errorCodes.target);
}

/**
 * The run stopped before this point (deadline, circuit breaker): what is left is reported `not-run` with
 * this reason, never as a failure of the target.
 */
export class RunStopped extends McsError {
  override readonly name = 'RunStopped';
  override readonly code = errorCodes.runStopped;
}

export function isRunStopped(error: unknown): error is RunStopped {
  return hasCode(error, errorCodes.runStopped);
}
