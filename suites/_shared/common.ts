// Small helpers the channels, priorities, messages, account and location suites share: reading `data`,
// failing with what came back, fresh keys and lines of the file's organization through the control API.
import { randomUUID } from 'node:crypto';
import { CheckFailure, type ApiResponse, type ChannelKind, type Fixtures } from '../../harness/check/index.js';
import type { ChannelFixture } from '../../harness/fixtures/control-client.js';
import { secrets } from '../../harness/http/mask.js';

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every string anywhere in `value`, depth first (for values in bodies whose shape is not shown). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (isRecord(value)) return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * An integer of epoch milliseconds (section 2: v4 times are epoch ms). 1e11 ms is 1973; 1e11 s would be the
 * year 5138, so a seconds value of today is far below it.
 */
export function isEpochMillis(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 1e11;
}

/** `status body` of a response, clipped, for `actual`. */
export function shown(response: ApiResponse): string {
  const text = response.text.length > 600 ? `${response.text.slice(0, 600)}…` : response.text;
  return `${response.status} ${text === '' ? '(empty body)' : text}`;
}

export function fail(message: string, expected: string, actual: string): never {
  throw new CheckFailure(message, expected, actual);
}

/** The `data` of an item answer (a CheckFailure when there is none). */
export function dataOf<T = Json>(response: ApiResponse): T {
  const body = response.body;
  if (!isRecord(body) || !('data' in body)) fail(`${response.method} ${response.path}: no {data} in the answer`, '{data: ...}', shown(response));
  return body.data as T;
}

/** True when `value` (any JSON) holds the string `needle` somewhere, for items whose fields are not shown. */
export function mentions(value: unknown, needle: string): boolean {
  if (typeof value === 'string') return value === needle;
  if (Array.isArray(value)) return value.some((item) => mentions(item, needle));
  if (isRecord(value)) return Object.values(value).some((item) => mentions(item, needle));
  return false;
}

/** A fresh idempotency key. */
export function idemKey(): string {
  return `mcs-b-${randomUUID()}`;
}

/** An API key of its own for a check (control API): no priorities, no lines, nothing shared with other checks. */
export async function freshKey(fx: Fixtures): Promise<string> {
  const { api_key } = await fx.control().createApiKey(`mcs-b-${randomUUID().slice(0, 8)}`);
  secrets.add(api_key);
  return api_key;
}

/**
 * A new line of `kind` in the file's organization (control API), owned by `owner` when given. Non-numbered
 * kinds (whatsapp, rcs, amb) cannot be owned by a key, so they never get an owner.
 */
export async function newLine(fx: Fixtures, kind: ChannelKind, owner: string | null = null, alias?: string): Promise<ChannelFixture> {
  const ownable = kind.startsWith('native') || kind === 'sms_provider';
  const body: { kind: ChannelKind; owner_api_key: string | null; alias?: string } = { kind, owner_api_key: ownable ? owner : null };
  if (alias !== undefined) body.alias = alias;
  return fx.control().createChannel(body);
}

/** Statuses a v4 `POST /messages` or `POST /chats/{chatId}/messages` may accept with (spec/AMBIGUITIES.md 4). */
export const sendAccepted = [200, 201, 202] as const;

export function isAccepted(response: ApiResponse): boolean {
  return (sendAccepted as readonly number[]).includes(response.status);
}

/**
 * The id of a v4 message object (a send answer). The object's fields are not shown: `id` is the v4 resources'
 * name for an id, `message_id` the name the events and v2 use, so either is taken (`id` first).
 */
export function messageIdOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const field of ['id', 'message_id']) {
    const value = body[field];
    if (typeof value === 'string') return value;
  }
  return undefined;
}
