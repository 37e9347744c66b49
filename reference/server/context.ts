// The request context handlers receive (types.ts `Ctx`). A class rather than an object literal so that a
// request allocates no closures for `now()` and `header()`, and the query string is parsed only when a
// handler reads it (most requests never do).
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { App } from './app.js';
import type { Authenticated } from './auth.js';
import type { ParsedBody } from './body.js';
import type { Caller, Ctx, Method, MultipartPart, Scope, Version } from './types.js';
import type { ApiKeyRecord, Org } from '../store/types.js';

export class RequestContext implements Ctx {
  readonly method: Method;
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: Buffer;
  readonly body: unknown;
  readonly parts: MultipartPart[];
  readonly org: Org | undefined;
  readonly caller: Caller;
  readonly apiKey: ApiKeyRecord | null;
  readonly scopes: ReadonlySet<Scope>;
  private parsedQuery: URLSearchParams | undefined;

  constructor(
    readonly app: App,
    req: IncomingMessage,
    readonly path: string,
    private readonly rawQuery: string,
    readonly version: Version,
    readonly params: Record<string, string>,
    body: ParsedBody,
    auth: Authenticated,
  ) {
    this.method = (req.method ?? 'GET') as Method;
    this.headers = req.headers;
    this.rawBody = body.raw;
    this.body = body.json;
    this.parts = body.parts;
    this.org = auth.org;
    this.caller = auth.caller;
    this.apiKey = auth.apiKey;
    this.scopes = auth.scopes;
  }

  get query(): URLSearchParams {
    return (this.parsedQuery ??= new URLSearchParams(this.rawQuery));
  }

  now(): number {
    return this.org ? this.org.now() : Date.now();
  }

  header(name: string): string | undefined {
    return firstHeader(this.headers, name);
  }
}

/** A header's value (lower-case name), the first one when it is repeated. */
export function firstHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
