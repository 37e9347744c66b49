// The types every route handler of the reference codes against (CORE and MESSAGING alike).
import type { IncomingHttpHeaders } from 'node:http';
import type { Org, ApiKeyRecord, AppTokenRecord } from '../store/types.js';
import type { App } from './app.js';

export type Version = 'v4' | 'v2' | 'control';
export type AuthMode = 'apiKey' | 'appToken' | 'either' | 'none';
export type Scope = 'apikeys:read' | 'apikeys:manage' | 'numbers:read' | 'numbers:manage';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who called: an API key, or an OAuth app access token acting for an organization. */
export type Caller =
  | { kind: 'apiKey'; key: ApiKeyRecord }
  | { kind: 'appToken'; token: AppTokenRecord }
  | { kind: 'none' };

export interface RouteOptions {
  /** 'apiKey' and 'either' let an API key in; 'appToken' answers 403 oauth_token_required to an API key. */
  auth: AuthMode;
  /** Checked for app tokens only (API keys are not scoped): missing -> 403 insufficient_scope. */
  scope?: Scope;
  version: Version;
  /** Body limit in bytes (default 1 MB); the avatar upload raises it. */
  maxBodyBytes?: number;
  /** The refusal of a body past the limit, where it is not 413 payload_too_large (an endpoint that lists no 413). */
  pastLimit?: (limit: number) => Error;
  /** 'json' (default): a non-empty body must be application/json. 'multipart': multipart/form-data. 'any': unchecked. */
  bodyKind?: 'json' | 'multipart' | 'any';
}

/** A multipart part, as parsed by server/multipart.ts. */
export interface MultipartPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

export interface Ctx {
  app: App;
  method: Method;
  /** The raw path (no query), e.g. /v4/channels/%2B15551234567 */
  path: string;
  version: Version;
  /** Path parameters, percent-decoded (so %2B is '+'). */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** Parsed JSON body; undefined when the body was empty. */
  body: unknown;
  /** Multipart parts (bodyKind 'multipart' only). */
  parts: MultipartPart[];
  /** The caller's organization. For auth 'none' routes (control) this is undefined; use app.store. */
  org: Org | undefined;
  caller: Caller;
  /** The calling API key, or null for app tokens and unauthenticated routes. */
  apiKey: ApiKeyRecord | null;
  scopes: ReadonlySet<Scope>;
  /** The organization's clock (epoch ms), or the process clock when there is no organization. */
  now(): number;
  /** Header value (lower-case name), first one when repeated. */
  header(name: string): string | undefined;
}

export interface Reply {
  status: number;
  /** JSON-serialised unless `raw` is set. Undefined -> empty body. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;
