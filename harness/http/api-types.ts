// The request and answer of an API client, as types: what a caller sends, what it gets back, and the little of
// a client an observer of the check's requests may use (read the object a write answered). A leaf, so that the
// recorder and the client can both name them without importing each other.
import type { Exchange } from '../../results/model.js';

export type ApiName = 'v4' | 'v2' | 'control';

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as is (for malformed bodies and multipart); set `contentType` with it. */
  body?: string | Uint8Array;
  contentType?: string;
  idempotencyKey?: string;
}

export interface ApiResponse<T = unknown> {
  api: ApiName;
  method: string;
  /** The request path below the API root, without query (what the spec's paths describe). */
  path: string;
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: T | undefined;
  /** True when the body parsed as JSON. */
  isJson: boolean;
  truncated: boolean;
  /** Why the body was cut, when not for its length. */
  cut?: string;
  durationMs: number;
  exchange: Exchange;
}

/** What an observer of a check's requests may do with the client that made one: read with it. */
export interface ReadingClient {
  readonly api: ApiName;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
}
