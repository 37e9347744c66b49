// One HTTP exchange on undici with a bound on everything a hostile or hanging server could stretch:
// connect, time to headers, gaps in the body, total time, and body size. Every exchange (or transport
// failure) is recorded, masked, with a curl reproduction.
import { errorCodes } from '../../spec/errors.js';
import { Agent, request } from 'undici';
import type { Exchange } from '../../results/model.js';
import { TargetError } from '../target-error.js';
import { toCurl } from './curl.js';
import { jsonBeyondBounds, parseAnswerJson, type ParsedJson } from './json-shape.js';
import { maskBody, maskHeaders, secrets } from './mask.js';
import { currentExchangeLog, recordExchange } from './recorder.js';
import { beginRequest, requestEnded } from './run-guard.js';

export interface TransportOptions {
  /** Each phase (connect, headers, gap between body chunks) must finish within this; the whole exchange within 3x. */
  timeoutMs: number;
  /** Bytes of response body read at most; the rest is discarded and the exchange marked truncated. */
  maxBodyBytes?: number;
  /**
   * Which requests are sent again after a reset before any answer: `safe` (default) only those a repeat
   * cannot apply twice; `any` also the rest, for the control API's sandbox set-up, where a repeat at worst
   * makes one more isolated organization or fixture.
   */
  retryOnReset?: 'safe' | 'any';
}

export interface RawRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body was cut (only its excerpt is in `text`): longer than the harness reads, or JSON beyond what it parses. */
  truncated: boolean;
  /** Why a body was cut, when not for its length (json-shape.ts). */
  cut?: string;
  /** The body parsed as JSON, once, here (absent when it was cut). */
  json?: ParsedJson;
  durationMs: number;
  exchange: Exchange;
}

/** A request that got no response: refused, timed out, reset. The exchange is recorded with `error`. */
export class TransportError extends TargetError {
  override name = 'TransportError';
  override readonly code = errorCodes.transport;
  constructor(
    message: string,
    readonly exchange: Exchange,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Bytes of a response body read at most; past it the rest is not read (the connection is dropped). The
 * largest answer the suites provoke is a page of a list, well under this; a target sending more (up to
 * 200 MB an answer, seen in the wild) costs at most this much per request in flight.
 */
export const defaultMaxBodyBytes = 1024 * 1024;
/**
 * Recorded bodies (the evidence in the reports) are cut to this many characters and marked as cut: enough to
 * show what came back, while a check keeps at most exchangesKeptPerCheck of them (recorder.ts) and a run of
 * a few hundred checks against a target sending huge bodies writes reports of a few MB.
 */
const recordedBodyChars = 4 * 1024;
/**
 * A body longer than the harness reads is not an answer any check can use, and a target that sends one
 * usually sends it to every request: its excerpt is shorter still, so that hundreds of them stay small.
 */
const recordedCutBodyChars = 1024;

const agents = new Map<number, Agent>();

/** One keep-alive agent per timeout value, shared by every check in the process. */
function agentFor(timeoutMs: number): Agent {
  let agent = agents.get(timeoutMs);
  if (!agent) {
    // Idle connections are dropped after 1 s, well before common server idle timeouts (Node's is 5 s), so a
    // request rarely goes out on a connection the server is closing at that moment; see sendOnce's retry.
    agent = new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, keepAliveTimeout: 1_000, keepAliveMaxTimeout: 1_000 });
    agents.set(timeoutMs, agent);
  }
  return agent;
}

export async function closeAgents(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((agent) => agent.close().catch(() => undefined)));
}

/** Methods a client may repeat without changing the outcome (RFC 9110, section 9.2.2). */
const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * A kept-alive connection can be closed by the server just as a request goes out on it; the request then
 * fails with a reset before any answer, through no fault of the target. Such a request is sent once more
 * when repeating it is safe: an idempotent method, or a request carrying an Idempotency-Key.
 */
export function mayRetryAfterReset(raw: RawRequest, error: unknown, policy: 'safe' | 'any' = 'safe'): boolean {
  const code = (error as { code?: string }).code;
  if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET' && code !== 'EPIPE') return false;
  if (policy === 'any') return true;
  const headers = raw.headers ?? {};
  const hasIdempotencyKey = Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key');
  return idempotentMethods.has(raw.method.toUpperCase()) || hasIdempotencyKey;
}

/**
 * Sends one request within the run's bounds (run-guard.ts): none once the run stopped (RunStopped), and none
 * more in a check after one of its requests got no answer (the same TransportError again, at once: the check
 * cannot be judged, and fast-check's shrinking must not wait out a timeout per step).
 */
export async function send(raw: RawRequest, options: TransportOptions): Promise<RawResponse> {
  const log = currentExchangeLog();
  if (log?.unanswered) throw log.unanswered;
  const guard = beginRequest();
  try {
    const response = await sendWithRetry(raw, options, guard.signal);
    requestEnded(true);
    return response;
  } catch (error) {
    if (guard.signal.aborted) throw guard.signal.reason as Error;
    if (error instanceof TransportError) {
      requestEnded(false, error.message);
      if (log) log.unanswered = error;
    }
    throw error;
  } finally {
    guard.end();
  }
}

async function sendWithRetry(raw: RawRequest, options: TransportOptions, stopped: AbortSignal): Promise<RawResponse> {
  try {
    return await sendOnce(raw, options, stopped);
  } catch (error) {
    if (!(error instanceof TransportError) || stopped.aborted || !mayRetryAfterReset(raw, error.cause, options.retryOnReset)) throw error;
    return sendOnce(raw, options, stopped);
  }
}

async function sendOnce(raw: RawRequest, options: TransportOptions, stopped: AbortSignal): Promise<RawResponse> {
  const headers = raw.headers ?? {};
  registerCredential(headers);
  const started = performance.now();
  const deadline = AbortSignal.timeout(options.timeoutMs * 3);
  let headersArrived = false;
  try {
    const response = await request(raw.url, {
      method: raw.method as 'GET',
      headers,
      body: raw.body,
      dispatcher: agentFor(options.timeoutMs),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      signal: AbortSignal.any([deadline, stopped]),
    });
    headersArrived = true;
    const read = await readAnswer(response.body, response.headers['content-length'], options.maxBodyBytes ?? defaultMaxBodyBytes);
    const durationMs = Math.round(performance.now() - started);
    const responseHeaders = flattenHeaders(response.headers);
    const { text, truncated, cut, json } = parsedWithinBounds(read);
    if (json?.ok) secrets.addFromBody(json.value);
    const exchange = buildExchange(raw, durationMs, { status: response.statusCode, headers: responseHeaders, text, truncated, ...(json ? { json } : {}) });
    recordExchange(exchange);
    return { status: response.statusCode, headers: responseHeaders, text, truncated, ...(cut === undefined ? {} : { cut }), ...(json ? { json } : {}), durationMs, exchange };
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    const message = describeTransportError(error, options.timeoutMs, deadline.aborted, headersArrived);
    const exchange = buildExchange(raw, durationMs, undefined, message);
    recordExchange(exchange);
    throw new TransportError(`${raw.method} ${secrets.maskText(raw.url)}: ${message}`, exchange, { cause: error });
  }
}

/**
 * The body parsed once, unless it was cut or its JSON goes beyond what the harness parses (json-shape.ts): then
 * only its excerpt is kept, and nothing parses it (a 100,000-deep or 60,000-key body would cost every parse,
 * mask and schema check a tenth of a second or more, and the run its memory).
 */
function parsedWithinBounds(read: { text: string; truncated: boolean }): { text: string; truncated: boolean; cut?: string; json?: ParsedJson } {
  if (read.truncated) return read;
  const beyond = jsonBeyondBounds(read.text);
  if (beyond !== undefined) return { text: read.text.slice(0, recordedBodyChars), truncated: true, cut: beyond };
  return { ...read, json: parseAnswerJson(read.text) };
}

/**
 * Reads a body of at most `maxBytes`. One that is longer is cut, whatever is read of it, and only its excerpt
 * for the evidence is kept: one that declares more (Content-Length) is read no further than the excerpt, one
 * that does not (chunked, as proxies and streaming servers send) is cut as it streams, the moment it passes
 * `maxBytes`, and what was read beyond the excerpt is dropped. A target sending huge bodies then costs the
 * excerpt a response, not `maxBytes` held by every check that kept its response.
 */
function readAnswer(body: AsyncIterable<Uint8Array> & { destroy(): unknown }, contentLength: string | string[] | undefined, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  const declared = typeof contentLength === 'string' ? Number(contentLength) : Number.NaN;
  const excerpt = Math.min(maxBytes, recordedBodyChars);
  if (!(declared > maxBytes)) return readBounded(body, maxBytes, excerpt);
  return readBounded(body, excerpt, excerpt).then(({ text }) => ({ text, truncated: true }));
}

/** Reads at most `maxBytes` of a body, then drops the rest unread; a body cut so keeps only its first `excerptBytes`. */
async function readBounded(body: AsyncIterable<Uint8Array> & { destroy(): unknown }, maxBytes: number, excerptBytes: number): Promise<{ text: string; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.byteLength > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      body.destroy();
      // Only the excerpt is copied out of what was read (Buffer.concat stops at the length it is given).
      return { text: Buffer.concat(chunks, Math.min(excerptBytes, maxBytes)).toString('utf8'), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  return { text: Buffer.concat(chunks, size).toString('utf8'), truncated: false };
}

function buildExchange(
  raw: RawRequest,
  durationMs: number,
  response: { status: number; headers: Record<string, string>; text: string; truncated: boolean; json?: ParsedJson } | undefined,
  error?: string,
): Exchange {
  const requestBody = raw.body === undefined ? undefined : typeof raw.body === 'string' ? raw.body : `<${raw.body.byteLength} bytes>`;
  const maskedRequest = {
    method: raw.method,
    url: secrets.maskText(raw.url),
    headers: maskHeaders(raw.headers ?? {}),
    ...(requestBody === undefined ? {} : { body: clip(maskBody(requestBody)) }),
  };
  const exchange: Exchange = { request: maskedRequest, durationMs, curl: toCurl(maskedRequest) };
  if (response) {
    const body = response.truncated ? `${evidenceOf(response.text, recordedCutBodyChars)} …(truncated by the harness)` : evidenceOf(response.text, recordedBodyChars, response.json);
    exchange.response = { status: response.status, headers: maskHeaders(response.headers), ...(response.text === '' ? {} : { body }) };
  }
  if (error !== undefined) exchange.error = error;
  return exchange;
}

/**
 * The masked, cut body kept as evidence. Text that cannot be JSON is cut before it is masked (masking copies
 * the text, which must not happen to every megabyte of garbage); JSON is masked whole first, so that a secret
 * field is masked by name even when the cut would have left it unparsable.
 */
function evidenceOf(text: string, limit = recordedBodyChars, json?: ParsedJson): string {
  const maybeJson = /^\s*[[{]/.test(text.slice(0, 64));
  if (!maybeJson) return clip(maskBody(text.slice(0, limit)), text.length, limit);
  const masked = maskBody(text, secrets, json);
  return clip(masked, masked.length, limit);
}

function clip(text: string, fullLength = text.length, limit = recordedBodyChars): string {
  return fullLength > limit ? `${text.slice(0, limit)} …(cut: ${fullLength - limit} more characters)` : text;
}

function registerCredential(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'authorization') secrets.add(value.replace(/^\S+\s+/, ''));
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** What went wrong, named for what a hostile or broken server does (hang, slow drip, reset). */
function describeTransportError(error: unknown, timeoutMs: number, deadlinePassed: boolean, headersArrived: boolean): string {
  const code = (error as { code?: string }).code;
  if (deadlinePassed && headersArrived) return `slow drip: the headers came, then the body did not complete within ${timeoutMs * 3} ms (total deadline)`;
  if (deadlinePassed) return `hang: no response within ${timeoutMs * 3} ms (total deadline)`;
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `connect timeout after ${timeoutMs} ms`;
    case 'UND_ERR_HEADERS_TIMEOUT':
      return `hang: no response headers within ${timeoutMs} ms`;
    case 'UND_ERR_BODY_TIMEOUT':
      return `response body stalled for ${timeoutMs} ms`;
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return headersArrived ? 'connection reset by the server in the middle of the body' : 'connection reset by the server before any answer';
    default:
      return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'transport error';
  }
}
