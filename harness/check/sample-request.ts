// A request for any operation of the spec, with path parameters filled in (given values, else a
// well-formed placeholder that names no real resource). Lets a check iterate every operation
// (Schemathesis-style) without knowing each one.
import { randomUUID } from 'node:crypto';
import type { RequestOptions } from '../http/api-client.js';
import type { Operation } from '../schema/openapi.js';

/** Placeholders by parameter name: shaped like real ids (prefix, E.164) so only their existence is wrong. */
const placeholders: Record<string, string> = {
  channel: 'ch_mcsplaceholder0',
  number: '+14155550100',
  handle: '+14155550101',
  purchaseId: 'pur_mcsplaceholder0',
  priorityId: 'pri_mcsplaceholder0',
  contactId: 'ct_mcsplaceholder0',
  identityId: 'cid_mcsplaceholder0',
  webhookId: 'wh_mcsplaceholder0',
  apiKey: 'api_mcsplaceholder0',
  messageId: 'msg_mcsplaceholder0',
};

export interface SampleRequest {
  method: string;
  /** URL-encoded path below the API root. */
  path: string;
  options: RequestOptions;
}

export function pathParameterNames(operation: Operation): string[] {
  return [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
}

export function samplePath(operation: Operation, values: Record<string, string> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? placeholder(operation, name)));
}

/** The operation's request: path filled, `{}` for a JSON body, an Idempotency-Key where the spec has one. */
export function sampleRequest(operation: Operation, values: Record<string, string> = {}, options: RequestOptions = {}): SampleRequest {
  const request: RequestOptions = { ...options };
  if (request.json === undefined && request.body === undefined && hasJsonBody(operation)) request.json = {};
  if (hasIdempotencyKey(operation)) request.idempotencyKey ??= `mcs-${randomUUID()}`;
  return { method: operation.method, path: samplePath(operation, values), options: request };
}

/** Whether the spec gives the operation an Idempotency-Key header. */
export function hasIdempotencyKey(operation: Operation): boolean {
  return operation.parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key');
}

export function hasJsonBody(operation: Operation): boolean {
  const content = (operation.requestBody?.content ?? {}) as Record<string, unknown>;
  return Object.keys(content).some((type) => /json/.test(type));
}

function placeholder(operation: Operation, name: string): string {
  // v2's chatId is a phone number, an email or a group id; v4's is a chat_ id.
  if (name === 'chatId') return operation.api === 'v2' ? '+14155550102' : 'chat_mcsplaceholder0';
  return placeholders[name] ?? `${name}_mcsplaceholder0`;
}
