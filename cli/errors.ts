// Errors the CLI turns into a one-line message and exit code 2.
export class UsageError extends Error {
  readonly code = 'MCS_USAGE';
}

/** One line, no stack: what a user sees when a command cannot run. */
export function formatError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const message = error.message.split('\n')[0] ?? '';
    return typeof code === 'string' && !(error instanceof UsageError) ? `${message} (${code})` : message;
  }
  return String(error);
}
