// Reading the two error body shapes of the description (section 7): v4 standard
// `{error: {code, message, details}}` and flat `{error, message, status}` with an optional `code`.

export type ErrorLayer = 'v4' | 'flat' | 'either';

export interface ShapeVerdict {
  ok: boolean;
  /** Which shape the body has, when it has one. */
  shape?: 'v4' | 'flat';
  problem?: string;
}

export function v4ErrorProblem(body: unknown): string | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return 'body is not {error: {...}}';
  const { code, message, details } = body.error;
  if (typeof code !== 'string') return 'error.code is not a string';
  if (typeof message !== 'string') return 'error.message is not a string';
  // `details: object` is part of the shape the description gives (spec/AMBIGUITIES.md, v4 item 3).
  if (!isRecord(details)) return 'error.details is not an object';
  return undefined;
}

export function flatErrorProblem(body: unknown, status?: number): string | undefined {
  if (!isRecord(body)) return 'body is not a JSON object';
  if (typeof body.error !== 'string') return 'error is not a string';
  if (typeof body.message !== 'string') return 'message is not a string';
  if (!Number.isInteger(body.status)) return 'status is not an integer';
  if (status !== undefined && body.status !== status) return `status field is ${String(body.status)}, not the HTTP status ${status}`;
  if (body.code !== undefined && typeof body.code !== 'string') return 'code is not a string';
  return undefined;
}

export function errorShapeVerdict(body: unknown, status: number, layer: ErrorLayer): ShapeVerdict {
  const v4 = layer === 'flat' ? 'not allowed here' : v4ErrorProblem(body);
  if (v4 === undefined) return { ok: true, shape: 'v4' };
  const flat = layer === 'v4' ? 'not allowed here' : flatErrorProblem(body, status);
  if (flat === undefined) return { ok: true, shape: 'flat' };
  const problems = [layer !== 'flat' ? `v4 standard: ${v4}` : '', layer !== 'v4' ? `flat: ${flat}` : ''].filter(Boolean);
  return { ok: false, problem: problems.join('; ') };
}

/** The error code of either shape: `error.code` (v4 standard) or top-level `code` (flat). */
export function errorCodeOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (isRecord(body.error) && typeof body.error.code === 'string') return body.error.code;
  return typeof body.code === 'string' ? body.code : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
