// Errors the CLI turns into a one-line message and exit code 2.
import { errorCodes, McsError } from '../spec/errors.js';
import { inertLine } from '../text/inert.js';

export class UsageError extends McsError {
  override name = 'UsageError';
  override readonly code = errorCodes.usage;
}

/**
 * One line, no stack: what a user sees when a command cannot run. A message may quote a target (an error
 * code it answered, an adapter's exception): its control characters are shown escaped, never executed.
 */
export function formatError(error: unknown): string {
  if (error instanceof Error) {
    // A system error's own code (ENOSPC, EACCES) says more to a user than the tool's wrapper of it.
    const code = (error as { systemCode?: unknown }).systemCode ?? (error as { code?: unknown }).code;
    const message = inertLine(error.message.split('\n')[0] ?? '');
    return typeof code === 'string' && !(error instanceof UsageError) ? `${message} (${inertLine(code)})` : message;
  }
  return inertLine(String(error));
}
