// Generic checks, each a named function with a one-line description, reused across operations
// (Schemathesis-style). Each throws a CheckFailure (expected vs actual) or returns quietly.
import type { ApiResponse } from '../http/api-client.js';
import { garbageOf } from '../http/garbage.js';
import { checkResponse, documentedStatusKey } from '../schema/validator.js';
import { errorCodeOf, errorShapeVerdict, flatErrorProblem, isRecord, type ErrorLayer } from './error-body.js';
import { atExchange, CheckFailure, describeResponse, requestLine } from './failure.js';

export interface NamedCheck<Args extends unknown[]> {
  (response: ApiResponse, ...args: Args): void;
  readonly checkName: string;
  readonly description: string;
}

function named<Args extends unknown[]>(checkName: string, description: string, run: (response: ApiResponse, ...args: Args) => void): NamedCheck<Args> {
  // A failure names the response it judged, so the report reproduces that request.
  const judged = (response: ApiResponse, ...args: Args): void => {
    try {
      run(response, ...args);
    } catch (error) {
      throw atExchange(error, response.exchange);
    }
  };
  return Object.assign(judged, { checkName, description });
}

export const noServerError = named('noServerError', 'the answer is not a 5xx, whatever was sent', (response) => {
  if (response.status >= 500) {
    throw new CheckFailure(`${requestLine(response)} answered a server error`, 'a status below 500', describeResponse(response));
  }
});

export const conformsToSchema = named('conformsToSchema', 'the status is documented for the operation and the body matches its schema', (response) => {
  const { errors } = checkResponse(response);
  if (errors.length > 0) {
    throw new CheckFailure(`${requestLine(response)}: ${errors[0]}`, 'a response the spec documents', `${describeResponse(response)}\n${errors.join('\n')}`);
  }
});

/**
 * The status is documented, and the answer is one: a body the harness had to cut, or text that is not JSON
 * where the spec documents JSON, is no documented answer whatever its status. Where only `default` documents
 * the status (v2), the body must also be that documented error body: else any garbage would pass.
 */
export const documentedStatusOnly = named('documentedStatusOnly', 'the status is one the spec documents for the operation, with a documented body', (response) => {
  const result = checkResponse(response);
  if (result.undocumentedStatus) {
    throw new CheckFailure(`${requestLine(response)}: ${result.errors[0]}`, `one of ${Object.keys(result.operation?.responses ?? {}).join(', ')}`, describeResponse(response));
  }
  const garbage = garbageOf(response);
  if (garbage !== undefined) throw new CheckFailure(`${requestLine(response)}: ${garbage}`, 'a documented answer', describeResponse(response));
  const byDefault = result.operation !== undefined && documentedStatusKey(result.operation, response.status) === 'default';
  if (result.notJson || (byDefault && result.errors.length > 0)) {
    throw new CheckFailure(`${requestLine(response)}: ${result.errors[0]}`, 'the body the spec documents for the status', `${describeResponse(response)}\n${result.errors.join('\n')}`);
  }
});

export const flatUnauthorized = named('flatUnauthorized', 'missing or wrong credentials get 401 with the flat body {error, message, status}', (response) => {
  if (response.status !== 401) {
    throw new CheckFailure(`${requestLine(response)} without valid credentials answered ${response.status}, not 401`, '401 with {error, message, status}', describeResponse(response));
  }
  const problem = flatErrorProblem(response.body, 401);
  if (problem !== undefined) {
    throw new CheckFailure(`${requestLine(response)}: the 401 body is not the flat shape (${problem})`, '{error: string, message: string, status: 401}', describeResponse(response));
  }
});

/** The status (when given) and the error body shape its layer calls for: v4 standard, flat, or either where the spec allows both. */
export const errorShape = named('errorShape', 'an error answer has the status expected and the error body shape of its layer', (response, status: number | readonly number[] | undefined, layer: ErrorLayer = 'either') => {
  const allowed = status === undefined ? undefined : typeof status === 'number' ? [status] : status;
  if (allowed ? !allowed.includes(response.status) : response.status < 400 || response.status > 499) {
    throw new CheckFailure(`${requestLine(response)} answered ${response.status}`, allowed ? `status ${allowed.join(' or ')}` : 'a 4xx status', describeResponse(response));
  }
  const verdict = errorShapeVerdict(response.body, response.status, layer);
  if (!verdict.ok) {
    const expected = layer === 'v4' ? '{error: {code, message, details}}' : layer === 'flat' ? '{error, message, status}' : '{error: {code, message, details}} or {error, message, status}';
    throw new CheckFailure(`${requestLine(response)}: the error body has neither allowed shape (${verdict.problem})`, expected, describeResponse(response));
  }
});

export const hasErrorCode = named('hasErrorCode', 'the error body carries the documented code (error.code or top-level code)', (response, code: string) => {
  const actual = errorCodeOf(response.body);
  if (actual !== code) {
    throw new CheckFailure(`${requestLine(response)}: error code is ${actual === undefined ? 'missing' : `'${actual}'`}, not '${code}'`, `code '${code}'`, describeResponse(response));
  }
});

export const hasStatus = named('hasStatus', 'the answer has one of the statuses the description gives', (response, ...statuses: number[]) => {
  if (!statuses.includes(response.status)) {
    throw new CheckFailure(`${requestLine(response)} answered ${response.status}, not ${statuses.join(' or ')}`, `status ${statuses.join(' or ')}`, describeResponse(response));
  }
});

/** `readBack` (a GET of the created resource) is 200 and its `data` has the created id and the given field values. */
export const createdCanBeReadBack = named('createdCanBeReadBack', 'a created resource can be read back with the same id and fields', (readBack, created: unknown, fields: readonly string[] = []) => {
  const createdData = dataOf(created);
  if (readBack.status !== 200) {
    throw new CheckFailure(`${requestLine(readBack)}: the created resource cannot be read back`, '200 with the created resource', describeResponse(readBack));
  }
  const readData = dataOf(readBack.body);
  for (const field of ['id', ...fields]) {
    if (createdData?.[field] === undefined) continue;
    if (JSON.stringify(readData?.[field]) !== JSON.stringify(createdData[field])) {
      throw new CheckFailure(`${requestLine(readBack)}: ${field} read back differs from the created one`, `${field} = ${JSON.stringify(createdData[field])}`, `${field} = ${JSON.stringify(readData?.[field])}`);
    }
  }
});

/** After a delete (or deprecation) the resource answers 404, or 401 when the resource was a credential. */
export const deletedIsGone = named('deletedIsGone', 'a deleted or deprecated resource is gone afterwards', (response, gone: readonly number[] = [404]) => {
  if (!gone.includes(response.status)) {
    throw new CheckFailure(`${requestLine(response)}: the deleted resource is still there (${response.status})`, `status ${gone.join(' or ')}`, describeResponse(response));
  }
});

function dataOf(body: unknown): Record<string, unknown> | undefined {
  if (isRecord(body) && isRecord(body.data)) return body.data;
  return isRecord(body) ? body : undefined;
}

export const checks = { noServerError, conformsToSchema, documentedStatusOnly, flatUnauthorized, errorShape, hasErrorCode, hasStatus, createdCanBeReadBack, deletedIsGone };
export { atExchange, CheckFailure, failedExchangeOf, isNothingArrived, NothingArrived, type Finding } from './failure.js';
export { errorCodeOf, errorShapeVerdict, type ErrorLayer } from './error-body.js';
