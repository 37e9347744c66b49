// Small JSON-over-HTTP calls for profile setup and verification (not on the measured path).
import { errorCodes, McsError } from '../spec/errors.js';
import { request } from 'undici';

export class SetupError extends McsError {
  override name = 'SetupError';
  override readonly code = errorCodes.loadSetup;
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

export async function callJson(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let res;
  try {
    res = await request(url, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new SetupError(`${method} ${new URL(url).pathname} failed: ${(error as Error).message}`);
  }
  const text = await res.body.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text for the error message
  }
  return { status: res.statusCode, body };
}

/** Calls and insists on a 2xx status; the error names the call and the status, never credentials. */
export async function expectJson(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<unknown> {
  const res = await callJson(method, url, options);
  if (res.status < 200 || res.status > 299) {
    throw new SetupError(`${method} ${new URL(url).pathname} answered ${res.status}${describeCode(res.body)}`);
  }
  return res.body;
}

function describeCode(body: unknown): string {
  const error = (body as { error?: unknown } | undefined)?.error;
  const code = error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : (body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? ` (${code})` : '';
}

/** `{data: X}` -> X; a bare object stays as it is (message sends are not wrapped). */
export function unwrap(body: unknown): Record<string, unknown> {
  if (body !== null && typeof body === 'object') {
    const data = (body as { data?: unknown }).data;
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
    return body as Record<string, unknown>;
  }
  return {};
}
