// The target could not be judged: a transport failure or timeout, a broken answer where a check needed a
// working API, a control API answering malformed data, a fixture set-up that failed. The check wrapper
// reports it as outcome `error` (never `failed`: no clause was shown broken), with this one-line reason.

export class TargetError extends Error {
  override name = 'TargetError';
  /** Marks every subclass (TransportError, ControlError) across module graphs, where instanceof fails. */
  readonly targetError = true;
}

/** By marker, not identity: the class may be loaded twice (runner and worker module graphs). */
export function isTargetError(error: unknown): error is TargetError {
  return error instanceof Error && (error as { targetError?: unknown }).targetError === true;
}

/**
 * The run stopped before this point (deadline, circuit breaker): what is left is reported `not-run` with
 * this reason, never as a failure of the target.
 */
export class RunStopped extends Error {
  override readonly name = 'RunStopped';
}

export function isRunStopped(error: unknown): error is RunStopped {
  return error instanceof Error && error.name === 'RunStopped';
}
