// validateResponse: does a response conform to the spec? Its status must be documented for the operation
// ("undocumented status" is an error of its own), and a JSON body must match the documented schema, as the
// spec's one JSON Schema validator (spec/json-schema) reads it. Validators are shared by every check of the process.
import type { ErrorObject } from 'ajv';
import type { OpenApiName as ApiName } from '../../spec/index.js';
import { describeError, specValidatorFor } from '../../spec/json-schema/validator.js';
import { findOperation, findOperationById, type Json, type Operation } from './openapi.js';

export { describeError } from '../../spec/json-schema/validator.js';

export interface ResponseToValidate {
  api: ApiName;
  operationId?: string;
  method?: string;
  path?: string;
  status: number;
  /** Parsed JSON body; `undefined` for an empty or non-JSON body. */
  body: unknown;
  /** True when the body was JSON (so that `null` can be told from absent). */
  isJson?: boolean;
  /** Raw body text, to tell an empty body from a non-JSON one. */
  text?: string;
}

export interface ValidationResult {
  operation: Operation | undefined;
  /** True when the spec documents no response for this status (nor a range or default). */
  undocumentedStatus: boolean;
  /** Readable problems; empty when the response conforms. */
  errors: string[];
  /** True when the spec documents a JSON body here and the body was text that is not JSON (HTML, garbage). */
  notJson?: boolean;
}

const maxErrors = 8;

export function validateResponse(response: ResponseToValidate): string[] {
  return checkResponse(response).errors;
}

export function checkResponse(response: ResponseToValidate): ValidationResult {
  const operation = locate(response);
  if (!operation) {
    const what = response.operationId ?? `${response.method ?? '?'} ${response.path ?? '?'}`;
    return { operation, undocumentedStatus: false, errors: [`no operation ${what} in the ${response.api} spec`] };
  }
  const key = documentedStatusKey(operation, response.status);
  if (key === undefined) {
    const documented = Object.keys(operation.responses).join(', ');
    return {
      operation,
      undocumentedStatus: true,
      errors: [`undocumented status ${response.status} for ${operation.operationId} (documented: ${documented})`],
    };
  }
  const documented = operation.responses[key] ?? {};
  const schema = jsonSchemaOf(documented);
  if (schema === undefined) return { operation, undocumentedStatus: false, errors: [] };
  const isJson = response.isJson ?? response.body !== undefined;
  if (!isJson && isBodyNotShown(documented)) {
    // The description shows no body here, so it promises neither one nor JSON.
    return { operation, undocumentedStatus: false, errors: [] };
  }
  if (!isJson) {
    const what = response.text === undefined || response.text === '' ? 'empty' : 'not JSON';
    return { operation, undocumentedStatus: false, errors: [`${operation.operationId} ${response.status}: body is ${what}, the spec documents a JSON body`], notJson: what === 'not JSON' };
  }
  // Responses shared through `#/components/responses/...` share one schema object, and so one validator.
  const validate = specValidatorFor(operation.api, schema as Json);
  if (validate(response.body)) return { operation, undocumentedStatus: false, errors: [] };
  return { operation, undocumentedStatus: false, errors: formatErrors(operation, response.status, validate.errors ?? []) };
}

/**
 * The key of `responses` that documents a status: exact, then range (`4XX`), then a success whose status the
 * description does not show (`x-status-not-shown`: any 2xx is that success), then `default`. Without the third
 * step a v2 201 or 204 where the spec could only guess 200 would be judged against `default`, the error body.
 */
export function documentedStatusKey(operation: Operation, status: number): string | undefined {
  const exact = String(status);
  if (operation.responses[exact]) return exact;
  const range = `${exact[0]}XX`;
  if (operation.responses[range]) return range;
  if (operation.responses[range.toLowerCase()]) return range.toLowerCase();
  if (status >= 200 && status < 300) {
    const notShown = Object.keys(operation.responses).find((key) => key.startsWith('2') && isStatusNotShown(operation.responses[key]));
    if (notShown !== undefined) return notShown;
  }
  return operation.responses.default ? 'default' : undefined;
}

/** A success response whose status the spec had to guess (200): the description does not show it. */
function isStatusNotShown(response: Json | undefined): boolean {
  return response?.['x-status-not-shown'] === true;
}

/** A response the spec marks as showing no body (`x-not-shown` on the response itself, not on a schema). */
function isBodyNotShown(response: Json): boolean {
  return typeof response['x-not-shown'] === 'string';
}

function locate(response: ResponseToValidate): Operation | undefined {
  if (response.operationId !== undefined) return findOperationById(response.api, response.operationId);
  if (response.method !== undefined && response.path !== undefined) return findOperation(response.api, response.method, response.path);
  return undefined;
}

function jsonSchemaOf(response: Json): unknown {
  const content = response.content as Record<string, Json> | undefined;
  if (!content) return undefined;
  const mediaType = Object.keys(content).find((type) => type === 'application/json') ?? Object.keys(content).find((type) => /json/.test(type));
  return mediaType === undefined ? undefined : content[mediaType]?.schema;
}

function formatErrors(operation: Operation, status: number, errors: ErrorObject[]): string[] {
  const lines = errors.slice(0, maxErrors).map((error) => `${operation.operationId} ${status}: ${describeError(error)}`);
  if (errors.length > maxErrors) lines.push(`…and ${errors.length - maxErrors} more schema errors`);
  return lines;
}
