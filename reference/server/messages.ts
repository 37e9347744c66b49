// The `errorMessages: 'alternate'` variant: same status and code, other words.
import { HttpError } from './errors.js';

export function alternateMessage(error: HttpError): HttpError {
  return new HttpError({
    status: error.status,
    code: error.code,
    message: `Request could not be completed (${error.code}).`,
    details: error.details,
    ...(error.shape ? { shape: error.shape } : {}),
    ...(error.extra ? { extra: error.extra } : {}),
    ...(error.headers ? { headers: error.headers } : {}),
  });
}
