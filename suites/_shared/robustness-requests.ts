// Requests of any operation built from the spec for the robustness area: which operations take generated
// input, path values (real resources of the file's organization where it has them, else generated from the
// parameter's schema), generated query parameters, a generated Idempotency-Key, and the client to send with.
import fc from 'fast-check';
import { hasIdempotencyKey, hasJsonBody, pathParameterNames, samplePath, type ApiClient, type Fixtures, type Operation } from '../../harness/check/index.js';
import type { ApiResponse, QueryValue, RequestOptions } from '../../harness/http/api-client.js';
import { idempotencyKey } from '../../generators/domain.js';
import { parameterOf, specDocument, type ApiName } from '../../generators/openapi.js';
import { arbitraryFor } from '../../generators/schema.js';
import { appliesTo, authorizedClient, fixtureNativeLine, realPathValues } from '../errors/request-values.js';
import { mentions } from './common.js';
import { postPriority } from './priorities.js';

/** Where a generated webhook URL would send the target's deliveries: the discard port of the loopback. */
export const loopbackUrl = 'http://127.0.0.1:9/mcs-robustness';
const urlFields = ['url', 'webhook_url'];

/** The generators' name of the operation's API (the robustness area iterates v4 and v2 only). */
/**
 * Generated requests per operation and property unless the run says otherwise (--runs). Measured against the
 * embedded reference: one more run over all 54 robustness checks costs about 50 ms of CPU (a request and its
 * answer about 1 ms), so 20 runs add about a second to a full certify's ~14 s of CPU (issue 20: was 3).
 */
export const runsPerOperation = 20;

export function apiOf(operation: Operation): ApiName {
  if (operation.api === 'control') throw new Error(`${operation.operationId}: the control API is not the suites' to generate for`);
  return operation.api;
}

export function queryParameters(operation: Operation): Record<string, unknown>[] {
  return operation.parameters.filter((p) => p.in === 'query');
}

/** Operations that take generated input: a JSON body or query parameters. */
export function takesInput(operation: Operation): boolean {
  return hasJsonBody(operation) || queryParameters(operation).length > 0;
}

/**
 * Operations whose generated valid calls stay harmless to the file's organization. DELETE operations are
 * left out (they remove the fixtures other checks of the file stand on: channels, keys, contacts).
 */
export function generatedInputOperations(operations: readonly Operation[]): Operation[] {
  return operations.filter((op) => op.method !== 'DELETE' && takesInput(op));
}

/** Real resources of the file's organization that path parameters can name (created once per file). */
export interface RealResources {
  /** Path values by parameter name, for each API (a v2 `chatId` is a phone number, a v4 one a `chat_` id). */
  v4: Record<string, string>;
  v2: Record<string, string>;
  /** Whether the v4 `channel` is known to be a native line, and `number` a native number of the primary key. */
  native: { line: boolean; numberOfKey: boolean };
}

const resourcesByFixtures = new WeakMap<Fixtures, Promise<RealResources>>();

const chatsByFixtures = new WeakMap<Fixtures, Promise<string | undefined>>();

/**
 * The fixtures' channel, number and key, plus a contact (with an identity) and a priority made in the file's
 * organization, and a chat where a customer can be made to write in (simulateInboundMessage offered) and the
 * operation names one (every operation when none is given). An operation that names no chat never asks for one.
 */
export async function realResources(fx: Fixtures, operation?: Operation): Promise<RealResources> {
  let resources = resourcesByFixtures.get(fx);
  if (!resources) {
    resources = createResources(fx);
    resourcesByFixtures.set(fx, resources);
  }
  const made = await resources;
  const namesChat = operation === undefined || (operation.api === 'v4' && pathParameterNames(operation).includes('chatId'));
  if (!namesChat || !fx.controlOffers('simulateInboundMessage')) return made;
  let chat = chatsByFixtures.get(fx);
  if (!chat) {
    chat = customerChat(fx);
    chatsByFixtures.set(fx, chat);
  }
  const chatId = await chat;
  return chatId === undefined ? made : { ...made, v4: { ...made.v4, chatId } };
}

/**
 * Real values for every path parameter the organization can fill (the fixtures' key, channel and number, and
 * the contact, identity, priority and chat made once per organization), so a refusal of the body is not
 * hidden behind "unknown resource" (404).
 */
export async function resolvedPathValues(fx: Fixtures, operation: Operation): Promise<Record<string, string>> {
  return { ...realPathValues(fx, operation), ...(await realResources(fx, operation))[apiOf(operation)] };
}

/** The customer of the fixture chat (a v2 chat id is the customer's number). */
const customer = '+14155550178';

async function createResources(fx: Fixtures): Promise<RealResources> {
  const v4 = fx.v4();
  const values: Record<string, string> = {};
  // A contact with a phone identity where the target takes that shape (the description does not show the
  // identity's request fields), else a contact with a name only; the identity id is then generated.
  let contact = await v4.post('/contacts', { json: { name: 'Robustness Fixture', phone: '+14155550177' } });
  if (contact.status >= 300) contact = await v4.post('/contacts', { json: { name: 'Robustness Fixture' } });
  setIf(values, 'contactId', dataId(contact));
  setIf(values, 'identityId', firstIdentityId(contact));
  const channel = fx.channels.find((c) => c.kind === 'native-dedicated');
  const line = channel ? async () => channel.id : undefined;
  setIf(values, 'priorityId', dataId(await postPriority(v4, { name: 'robustness-fixture', is_default: false }, line)));
  const native = await nativeLineOf(fx);
  if (native !== undefined) {
    values.channel = native.id;
    if (native.address.startsWith('+')) values.number = native.address;
  }
  return { v4: values, v2: { chatId: customer }, native: { line: native !== undefined, numberOfKey: native?.ownedByKey === true && native.address.startsWith('+') } };
}

/** Pages of GET /channels read to find a native line: a sandbox organization has few lines. */
const channelPages = 5;

/**
 * A native line of the organization, found through v4 alone where the fixtures name none (a v4-only target's line
 * kinds come from v2 `plan_kind`): a line GET /channels lists with type `native` and an E.164 address, one that the
 * primary key's GET /me/numbers names first (its items' fields are not shown: the address anywhere in it).
 */
async function nativeLineOf(fx: Fixtures): Promise<{ id: string; address: string; ownedByKey: boolean } | undefined> {
  const known = fixtureNativeLine(fx);
  if (known?.ownedByKey) return known;
  const v4 = fx.v4();
  const lines: { id: string; address: string }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < channelPages; page++) {
    const response = await v4.get('/channels', cursor === undefined ? {} : { query: { cursor } });
    const body = response.body as { data?: unknown; has_more?: unknown; next_cursor?: unknown } | undefined;
    if (response.status !== 200 || !Array.isArray(body?.data)) break;
    for (const item of body.data as { id?: unknown; type?: unknown; address?: unknown }[]) {
      if (item?.type === 'native' && typeof item.id === 'string' && typeof item.address === 'string' && /^\+[1-9][0-9]{6,14}$/.test(item.address)) lines.push({ id: item.id, address: item.address });
    }
    if (body.has_more !== true || typeof body.next_cursor !== 'string') break;
    cursor = body.next_cursor;
  }
  const numbers = await v4.get('/me/numbers');
  const owned = lines.find((candidate) => numbers.status === 200 && (mentions(numbers.body, candidate.address) || mentions(numbers.body, candidate.id)));
  if (owned !== undefined) return { ...owned, ownedByKey: true };
  return known ?? (lines[0] === undefined ? undefined : { ...lines[0], ownedByKey: false });
}

/**
 * Why the operation's path would not name a resource it applies to (request-values.ts appliesTo): no native line,
 * or no native number of the key, is known. Undefined when it does, or when the operation applies to any.
 */
export function unsuitableResource(operation: Operation, resources: RealResources): string | undefined {
  const rule = operation.api === 'v4' ? appliesTo[operation.operationId] : undefined;
  if (rule === undefined) return undefined;
  if (rule.must === 'native line' && !resources.native.line) return `no native line of the organization is known for {${rule.param}} (the fixtures name none, and GET /channels lists none of type native)`;
  if (rule.must === 'native number of the key' && !resources.native.numberOfKey) return `no native number of the primary key is known for {${rule.param}} (the fixtures name none, and GET /channels with GET /me/numbers show none)`;
  return undefined;
}

/** A chat of the organization's native dedicated line: it needs a customer's first message (simulateInboundMessage). */
async function customerChat(fx: Fixtures): Promise<string | undefined> {
  const channel = fx.channels.find((c) => c.kind === 'native-dedicated');
  if (channel === undefined) return undefined;
  const chat = await fx.control().call<{ chat_id?: unknown }>('POST', '/inbound/messages', { channel_id: channel.id, sender: customer, text: 'hello' });
  return typeof chat.chat_id === 'string' ? chat.chat_id : undefined;
}

function setIf(values: Record<string, string>, name: string, value: string | undefined): void {
  if (value !== undefined) values[name] = value;
}

function firstIdentityId(response: ApiResponse): string | undefined {
  const identities = (response.body as { data?: { identities?: unknown } } | undefined)?.data?.identities;
  const first: unknown = Array.isArray(identities) ? identities[0] : undefined;
  const id = typeof first === 'object' && first !== null ? (first as { id?: unknown }).id : undefined;
  return response.status < 300 && typeof id === 'string' ? id : undefined;
}

function dataId(response: ApiResponse): string | undefined {
  const body = response.body as { data?: { id?: unknown } } | undefined;
  return response.status < 300 && typeof body?.data?.id === 'string' ? body.data.id : undefined;
}

export interface GeneratedRequest<B = unknown> {
  values: Record<string, string>;
  query: Record<string, QueryValue>;
  body: B;
  idempotencyKey: string | undefined;
}

/** Requests of the operation around `body`: path values, query parameters and an Idempotency-Key where it takes one. */
export function requestArbitrary<B>(fx: Fixtures, resources: RealResources, operation: Operation, body: fc.Arbitrary<B>): fc.Arbitrary<GeneratedRequest<B>> {
  return fc.record({ values: pathValuesArbitrary(fx, resources, operation), query: queryArbitrary(operation), body, idempotencyKey: idempotencyArbitrary(operation) });
}

/** Path values: real ones where the organization has the resource, the rest generated from their schemas. */
function pathValuesArbitrary(fx: Fixtures, resources: RealResources, operation: Operation): fc.Arbitrary<Record<string, string>> {
  const real = { ...realPathValues(fx, operation), ...resources[apiOf(operation)] };
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const name of pathParameterNames(operation)) {
    const value = real[name];
    model[name] = value !== undefined ? fc.constant(value) : generatedSegment(operation, name);
  }
  return fc.record(model);
}

/** A value of the parameter's schema that stays one path segment. */
function generatedSegment(operation: Operation, name: string): fc.Arbitrary<string> {
  const schema = parameterOf(apiOf(operation), operation.operationId, name).schema;
  return arbitraryFor(specDocument(apiOf(operation)), schema)
    .map((value) => String(value))
    .filter((s) => s.trim() !== '' && s !== '.' && s !== '..');
}

/** Each query parameter of the operation present or not, with a value of its schema. */
function queryArbitrary(operation: Operation): fc.Arbitrary<Record<string, QueryValue>> {
  const model: Record<string, fc.Arbitrary<QueryValue>> = {};
  for (const parameter of queryParameters(operation)) {
    const name = String(parameter.name);
    const schema = parameterOf(apiOf(operation), operation.operationId, name).schema;
    const value = arbitraryFor(specDocument(apiOf(operation)), schema).map(toQueryValue);
    model[name] = parameter.required === true ? value : fc.option(value, { nil: undefined });
  }
  return fc.record(model);
}

function toQueryValue(value: unknown): QueryValue {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'number' ? item : String(item)));
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** A body whose URL fields (webhook subscriptions) point at the loopback, so the target never posts elsewhere. */
export function withLoopbackUrls(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of urlFields) if (typeof copy[field] === 'string' && /^https?:/i.test(copy[field])) copy[field] = loopbackUrl;
  return copy;
}

/** Idempotency-Key values for operations that take one (a fresh key each run), else nothing. */
function idempotencyArbitrary(operation: Operation): fc.Arbitrary<string | undefined> {
  return hasIdempotencyKey(operation) ? idempotencyKey() : fc.constant(undefined);
}

/** Sends a generated request to the operation as its authorized caller. */
export function send(fx: Fixtures, operation: Operation, request: GeneratedRequest): Promise<ApiResponse> {
  const client: ApiClient = authorizedClient(fx, operation);
  const options: RequestOptions = { query: request.query };
  if (request.body !== undefined) options.json = withLoopbackUrls(request.body);
  if (request.idempotencyKey !== undefined) options.idempotencyKey = request.idempotencyKey;
  return client.request(operation.method, samplePath(operation, request.values), options);
}
