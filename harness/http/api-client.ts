// A client of one API (v4, v2 or the control API) bound to a credential. Thin on purpose: it builds the
// URL and headers, sends through the recording transport, parses JSON and records the answer; judging it is
// harness/check's job (the judges its observers run over every recorded answer).
import type { ApiName, ApiResponse, QueryValue, RequestOptions } from './api-types.js';
import { currentExchangeLog, recordResponse } from './recorder.js';
import { send, type TransportOptions } from './transport.js';
import { joinUrl } from './url.js';

export type { ApiName, ApiResponse, QueryValue, RequestOptions } from './api-types.js';

export class ApiClient {
  constructor(
    readonly api: ApiName,
    /** The target's URL of this API, as the run's settings resolved it: its `v4Url`, `v2Url` or `controlUrl`. */
    readonly apiUrl: string,
    readonly credential: string | undefined,
    readonly transport: TransportOptions,
  ) {}

  /** The same API with another credential (`undefined`: no Authorization header at all). */
  as(credential: string | undefined): ApiClient {
    return new ApiClient(this.api, this.apiUrl, credential, this.transport);
  }

  anonymous(): ApiClient {
    return this.as(undefined);
  }

  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, options);
  }
  put<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', path, options);
  }
  patch<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request<T>('PATCH', path, options);
  }
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>> {
    return this.request<T>('DELETE', path, options);
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.credential !== undefined) headers.authorization = `Bearer ${this.credential}`;
    let payload: string | Uint8Array | undefined = options.body;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    if (options.contentType !== undefined) headers['content-type'] = options.contentType;
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    Object.assign(headers, options.headers);
    const answered = currentExchangeLog()?.onRequest?.(this, method, path);
    const startedAt = Date.now();
    const raw = await send({ method, url: joinUrl(this.apiUrl, path, queryString(options.query)), headers, body: payload }, this.transport);
    // Parsed once by the transport; a body it cut is not parsed at all.
    const parsed = raw.json ?? (raw.truncated ? { ok: false as const } : parseJson(raw.text));
    const body = parsed.ok ? parsed.value : undefined;
    recordResponse({ api: this.api, method, path, status: raw.status, body, isJson: parsed.ok, text: raw.text, truncated: raw.truncated, ...(raw.cut === undefined ? {} : { cut: raw.cut }), exchange: raw.exchange, request: { json: options.json, ...(options.query === undefined ? {} : { query: options.query }) }, startedAt, ...(raw.headers['content-type'] === undefined ? {} : { contentType: raw.headers['content-type'] }) });
    const response: ApiResponse<T> = {
      api: this.api,
      method,
      path,
      status: raw.status,
      headers: raw.headers,
      text: raw.text,
      body: body as T | undefined,
      isJson: parsed.ok,
      truncated: raw.truncated,
      ...(raw.cut === undefined ? {} : { cut: raw.cut }),
      durationMs: raw.durationMs,
      exchange: raw.exchange,
    };
    await answered?.(response);
    return response;
  }
}

/**
 * A path with each interpolated value URL-encoded as one segment: path`/me/numbers/${'+14155550100'}` is
 * `/me/numbers/%2B14155550100` (the description: `+` is sent as `%2B`).
 */
export function path(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((out, text, i) => out + text + (i < values.length ? encodeURIComponent(String(values[i])) : ''), '');
}

export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
