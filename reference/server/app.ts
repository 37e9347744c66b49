// The reference's application: route table, per-request pipeline, and the shared services handlers use
// (store, event bus, idempotency cache, faults, variant). One App per startReference() call.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate } from './auth.js';
import { bodyLimit, declaredTooLarge, parseBody, tooLarge, type ParsedBody } from './body.js';
import type { BodySink, ReferenceRequest } from './request.js';
import { HttpError, renderError, validation, type ErrorShape } from './errors.js';
import { maskLine } from './mask.js';
import { ResponseBatch } from './response-batch.js';
import { Router } from './router.js';
import { RequestContext, firstHeader } from './context.js';
import { serialize } from './serialize.js';
import type { Authenticated } from './auth.js';
import type { Ctx, Handler, Method, Reply, RouteOptions, Version } from './types.js';
import type { EventBus } from './event-bus.js';
import { IdempotencyCache } from '../store/idempotency.js';
import type { Store } from '../store/store.js';
import type { Variant } from '../variants.js';
import { alternateMessage } from './messages.js';
import { hasAstralText, hasMalformedPaging, hasWrongTypedField } from './faults.js';
import { isJsonObject } from './validate.js';

interface Route {
  handler: Handler;
  options: RouteOptions;
}

export interface AppInit {
  store: Store;
  bus: EventBus;
  variant: Variant;
  faults: ReadonlySet<string>;
  log?: (line: string) => void;
}

const prefixes: Array<[string, Version]> = [
  ['/v4', 'v4'],
  ['/v2', 'v2'],
  ['/__control', 'control'],
];

export class App {
  readonly store: Store;
  bus: EventBus;
  readonly variant: Variant;
  readonly faults: ReadonlySet<string>;
  readonly idempotency = new IdempotencyCache();
  /** Prefixes whose routes are switched off (e.g. '/__control' with --no-control). */
  readonly disabled = new Set<string>();
  private readonly router = new Router<Route>();
  private readonly logLine: (line: string) => void;
  private readonly responses = new ResponseBatch((error, { res, status }) => {
    this.log(`reference: failed to write a ${status} answer: ${String(error)}`);
    if (res.headersSent) res.destroy();
    else res.writeHead(500).end();
  });

  constructor(init: AppInit) {
    this.store = init.store;
    this.bus = init.bus;
    this.variant = init.variant;
    this.faults = init.faults;
    this.logLine = init.log ?? ((line) => process.stderr.write(`${line}\n`));
  }

  /** Whether the named fault is switched on (checked at the one place it changes behaviour). */
  fault(name: string): boolean {
    // A send asks about two dozen faults; with none switched on (every run but the suite's self-tests) the
    // answer needs no lookup.
    return this.faults.size !== 0 && this.faults.has(name);
  }

  /** Register a route; `pattern` is the full path with `:name` parameters, e.g. '/v4/chats/:chatId/messages'. */
  route(method: Method, pattern: string, handler: Handler, options: RouteOptions): void {
    this.router.add(method, pattern, { handler, options });
  }

  log(line: string): void {
    this.logLine(maskLine(line));
  }

  /**
   * The node:http request listener (the server's requests are ReferenceRequests). Never throws; every
   * failure becomes an error body.
   */
  readonly listener = (req: ReferenceRequest, res: ServerResponse): void => {
    const exchange = new Exchange(this, req, res);
    if (this.variant.latencyMs > 0) setTimeout(startExchange, this.variant.latencyMs, exchange);
    else this.start(exchange);
  };

  /**
   * The pipeline's first half, up to reading the body: route, authentication, the declared body size.
   * The pipeline runs without promises unless a step needs one (a handler's promise, a delay), since a
   * send passes through it tens of thousands of times a second under load.
   */
  start(exchange: Exchange): void {
    const { req, path } = exchange;
    try {
      const found = this.isDisabled(path) ? ({ kind: 'none' } as const) : this.router.lookup(req.method ?? 'GET', path);
      if (found.kind === 'none') throw new HttpError({ status: 404, code: 'not_found', message: `No route for ${path}` });
      if (found.kind === 'method') {
        throw new HttpError({
          status: 405,
          code: 'method_not_allowed',
          message: `${req.method} is not allowed on ${path}`,
          headers: { allow: found.allowed.join(', ') },
        });
      }
      const { route, params } = found.match;
      exchange.route = route;
      exchange.params = params;
      exchange.shape = shapeOf(route.options.version);
      exchange.auth = authenticate(this, firstHeader(req.headers, 'authorization'), route.options);
      const limit = bodyLimit(route.options);
      if (declaredTooLarge(req.headers, limit)) throw tooLarge(route.options);
      req.readBodyInto(limit, exchange);
    } catch (error) {
      this.respond(exchange, this.refusal(exchange, error));
    }
  }

  /** The pipeline's second half, once the body is read (the exchange calls it): the handler's answer, then the reply. */
  proceed(exchange: Exchange, raw: Buffer): void {
    let answer: Reply | Promise<Reply>;
    try {
      answer = this.answer(exchange, parseBody(raw, exchange.req.headers, exchange.route!.options));
    } catch (error) {
      answer = this.refusal(exchange, error);
    }
    this.respond(exchange, answer);
  }

  /** The body could not be read: too large, or the client went away (the answer then goes nowhere). */
  bodyFailed(exchange: Exchange, error: Error): void {
    this.respond(exchange, this.refusal(exchange, error));
  }

  private answer(exchange: Exchange, body: ParsedBody): Reply | Promise<Reply> {
    const { req, route, path } = exchange;
    const options = route!.options;
    // Fault: server.non-object-body-422 (an array, string, number or null body refused as a validation error,
    // before the handler: also where the handler would first look up the resource).
    if (this.fault('server.non-object-body-422') && body.json !== undefined && !isJsonObject(body.json)) throw validation('The body must be a JSON object');
    // Fault: server.500-on-read-operations, server.500-on-write-operations (an operation crashes whatever its input).
    if (options.auth !== 'none' && options.version !== 'control') {
      const crashes = req.method === 'GET' ? this.fault('server.500-on-read-operations') : this.fault('server.500-on-write-operations');
      if (crashes) throw new Error(`${req.method} ${path} crashed`);
    }
    // Fault: server.500-on-astral-text (an emoji in the body or the query crashes the request handling).
    if (this.fault('server.500-on-astral-text') && hasAstralText(body.raw, exchange.rawQuery)) throw new Error('cannot store text beyond the BMP');
    // Fault: server.500-on-malformed-paging (a limit or offset that is not a whole number crashes the list).
    if (req.method === 'GET' && this.fault('server.500-on-malformed-paging') && hasMalformedPaging(exchange.rawQuery)) throw new Error('limit/offset is not a number');
    // Fault: server.500-on-wrong-type (a field of an unexpected JSON type crashes the handler).
    if (this.fault('server.500-on-wrong-type')) {
      return hasWrongTypedField(options.version, req.method ?? 'GET', path, body.json).then((wrong) => {
        if (wrong) throw new TypeError('a body field has an unexpected type');
        return this.runHandler(exchange, body);
      });
    }
    return this.runHandler(exchange, body);
  }

  private runHandler(exchange: Exchange, body: ParsedBody): Reply | Promise<Reply> {
    const route = exchange.route!;
    const ctx = new RequestContext(this, exchange.req, exchange.path, exchange.rawQuery, route.options.version, exchange.params, body, exchange.auth!);
    exchange.ctx = ctx;
    return route.handler(ctx);
  }

  /** Writes the answer, once it is there. */
  private respond(exchange: Exchange, answer: Reply | Promise<Reply>): void {
    if (answer instanceof Promise) {
      answer.then(
        (reply) => this.respond(exchange, reply),
        (error: unknown) => this.respond(exchange, this.refusal(exchange, error)),
      );
      return;
    }
    const { req, res } = exchange;
    try {
      this.write(res, answer);
    } catch (error) {
      this.log(`reference: failed to answer ${req.method} ${req.url}: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  }

  /** The reply to a failure anywhere in the pipeline. */
  private refusal(exchange: Exchange, error: unknown): Reply {
    const { ctx, req } = exchange;
    try {
      // Fault: server.accepts-invalid-body (the handler's refusal of a JSON object body is skipped).
      const skipped = ctx !== undefined && isBodyRefusal(error) && isJsonObject(ctx.body) && this.fault('server.accepts-invalid-body');
      return skipped ? { status: 200, body: { data: ctx?.body } } : this.errorReply(error, exchange.shape, req);
    } catch (failure) {
      // The last resort: the pipeline runs in event listeners, where an exception would end the process.
      this.log(`reference: failed to answer ${req.method} ${req.url}: ${String(failure)}`);
      return { status: 500 };
    }
  }

  private errorReply(error: unknown, shape: ErrorShape, req: IncomingMessage): Reply {
    // Fault: server.500-on-malformed-json (the JSON parse error escapes the body reader as a crash).
    if (error instanceof HttpError && error.code === 'invalid_json' && this.fault('server.500-on-malformed-json')) {
      return this.errorReply(new SyntaxError('unparsable body'), shape, req);
    }
    // Fault: server.400-for-422 (validation refusals answered with a status several operations do not document).
    if (error instanceof HttpError && error.status === 422 && this.fault('server.400-for-422')) {
      return this.errorReply(new HttpError({ status: 400, code: error.code, message: error.message, details: error.details }), shape, req);
    }
    // Fault: server.404-as-400 (an unknown resource answered as a bad request).
    if (error instanceof HttpError && error.status === 404 && this.fault('server.404-as-400')) {
      return this.errorReply(new HttpError({ status: 400, code: 'bad_request', message: error.message, details: error.details }), shape, req);
    }
    if (error instanceof HttpError) {
      // Variant v4FlatErrors: every coded v4 error in the flat shape ("some v4 responses" are flat, section 7).
      const layerShape = shape === 'standard' && this.variant.v4FlatErrors ? 'flat' : shape;
      const body = renderError(this.variant.errorMessages === 'alternate' ? alternateMessage(error) : error, layerShape);
      // Fault: server.v4-errors-without-details.
      if ((error.shape ?? layerShape) === 'standard' && this.fault('server.v4-errors-without-details')) delete (body.error as Record<string, unknown>).details;
      return { status: error.status, body, ...(error.headers ? { headers: error.headers } : {}) };
    }
    this.log(`reference: 500 on ${req.method} ${req.url?.split('?')[0]}: ${error instanceof Error ? error.message : String(error)}`);
    const internal = new HttpError({ status: 500, code: 'internal_error', message: 'Internal error' });
    return { status: 500, body: renderError(internal, shape) };
  }

  private write(res: ServerResponse, reply: Reply): void {
    if (reply.body === undefined) {
      this.responses.add({ res, status: reply.status, headers: { ...reply.headers }, text: undefined });
      return;
    }
    const text = serialize(reply.body, this.variant, reply.status < 400);
    if (this.variant.chunkedResponses) {
      this.responses.add({ res, status: reply.status, headers: { ...reply.headers, 'content-type': 'application/json' }, text, chunked: true });
      return;
    }
    const headers = { ...reply.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) };
    this.responses.add({ res, status: reply.status, headers, text });
  }

  private isDisabled(path: string): boolean {
    if (this.disabled.size === 0) return false;
    for (const prefix of this.disabled) if (underPrefix(path, prefix)) return true;
    return false;
  }
}

function versionOf(path: string): Version {
  for (const [prefix, version] of prefixes) if (underPrefix(path, prefix)) return version;
  return 'v4';
}

/** `path` is `prefix` or below it. */
function underPrefix(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47 /* '/' */);
}

function isBodyRefusal(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 400 || error.status === 422);
}

function shapeOf(version: Version): ErrorShape {
  return version === 'v2' ? 'flat' : version === 'control' ? 'control' : 'standard';
}

/**
 * One request on its way through the pipeline: what the first half learned, for the second. As the body's
 * sink it links the halves (App.proceed and App.bodyFailed are public only for it).
 */
class Exchange implements BodySink {
  readonly path: string;
  readonly rawQuery: string;
  shape: ErrorShape;
  route: Route | undefined = undefined;
  params: Record<string, string> = {};
  auth: Authenticated | undefined = undefined;
  ctx: Ctx | undefined = undefined;

  constructor(
    readonly app: App,
    readonly req: ReferenceRequest,
    readonly res: ServerResponse,
  ) {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    this.path = q < 0 ? url : url.slice(0, q);
    this.rawQuery = q < 0 ? '' : url.slice(q + 1);
    this.shape = shapeOf(versionOf(this.path));
  }

  bodyRead(raw: Buffer): void {
    this.app.proceed(this, raw);
  }

  bodyFailed(error: Error): void {
    this.app.bodyFailed(this, error);
  }

  bodyTooLarge(): void {
    this.app.bodyFailed(this, tooLarge(this.route!.options));
  }
}

function startExchange(exchange: Exchange): void {
  exchange.app.start(exchange);
}
