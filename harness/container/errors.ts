// The one error startImageTarget throws: a one-line message a CLI can print, the kind of failure, and
// the container's logs when it got as far as printing any.
import { errorCodes, McsError } from '../../spec/errors.js';

export type ImageTargetFailure = 'engine-unreachable' | 'image-unavailable' | 'not-ready' | 'start-failed';

export class ImageTargetError extends McsError {
  override readonly code = errorCodes.imageTarget;
  constructor(
    readonly failure: ImageTargetFailure,
    message: string,
    /** What the container printed before it failed (masked), '' when it never ran. */
    readonly logs = '',
  ) {
    super(message.split('\n')[0]);
    this.name = 'ImageTargetError';
  }
}

/** The first line of an error's message, trimmed: what a one-line reason may quote. */
export function firstLine(error: unknown): string {
  return ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '').trim();
}
