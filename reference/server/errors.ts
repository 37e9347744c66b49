// Errors a handler throws; the app renders them in the shape of the route's layer
// (v4 standard, flat for v2 and the authentication boundary, control for /__control).
export type ErrorShape = 'standard' | 'flat' | 'control';

export interface HttpErrorInit {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  /** Force a shape instead of the route layer's default (e.g. flat 401 on v4). */
  shape?: ErrorShape;
  /** Extra top-level fields of the body (429 caps put `limit`, `current`, `mode` there and in details). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;
  readonly shape: ErrorShape | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(init: HttpErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? {};
    this.shape = init.shape;
    this.extra = init.extra;
    this.headers = init.headers;
  }
}

/** Build (not throw) an error; `throw httpError(404, 'not_found', 'No such contact')`. */
export function httpError(status: number, code: string, message: string, details?: Record<string, unknown>): HttpError {
  return new HttpError({ status, code, message, ...(details ? { details } : {}) });
}

export const notFound = (what: string): HttpError => httpError(404, 'not_found', `${what} not found`);
export const validation = (message: string, details?: Record<string, unknown>): HttpError =>
  httpError(422, 'validation_error', message, details);
export const badRequest = (message: string, details?: Record<string, unknown>): HttpError =>
  httpError(400, 'bad_request', message, details);
export const conflict = (message: string, details?: Record<string, unknown>): HttpError =>
  httpError(409, 'conflict', message, details);

/** The flat body used by the authentication boundary and v2: `{error, message, status, code?}`. */
export function flatBody(status: number, code: string, message: string, extra?: Record<string, unknown>): Record<string, unknown> {
  return { error: flatErrorName(status), message, status, code, ...extra };
}

/** The v4 standard body `{error: {code, message, details}}`. */
export function standardBody(code: string, message: string, details: Record<string, unknown>, extra?: Record<string, unknown>): Record<string, unknown> {
  return { error: { code, message, details }, ...extra };
}

export function controlBody(code: string, message: string): Record<string, unknown> {
  return { error: { code, message } };
}

const flatNames: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: 'internal_error',
  501: 'not_implemented',
  503: 'service_unavailable',
};

export function flatErrorName(status: number): string {
  return flatNames[status] ?? 'error';
}

/** Render an HttpError as a body for the given shape. */
export function renderError(error: HttpError, shape: ErrorShape): Record<string, unknown> {
  switch (error.shape ?? shape) {
    case 'flat':
      return flatBody(error.status, error.code, error.message, error.extra);
    case 'control':
      return controlBody(error.code, error.message);
    default:
      return standardBody(error.code, error.message, error.details, error.extra);
  }
}
