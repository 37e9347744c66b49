// Small body checks shared by handlers. Handlers throw the HttpError these return.
import { httpError } from './errors.js';

export type JsonObject = Record<string, unknown>;

/** Whether a parsed JSON value is an object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body as an object; anything else (array, string, absent) -> 400 (the description's "non-object body"). */
export function objectBody(body: unknown, allowEmpty = false): JsonObject {
  if (body === undefined && allowEmpty) return {};
  if (!isJsonObject(body)) {
    throw httpError(400, 'invalid_body', 'The body must be a JSON object');
  }
  return body as JsonObject;
}

export function isE164(value: unknown): value is string {
  return typeof value === 'string' && /^\+[1-9][0-9]{1,14}$/.test(value);
}

export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Keys of `body` not in `allowed`. */
export function unknownKeys(body: JsonObject, allowed: readonly string[]): string[] {
  return Object.keys(body).filter((k) => !allowed.includes(k));
}
