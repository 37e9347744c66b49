// What the API-sending profiles share: credentials from the control API (an isolated organization)
// or from the target config, JSON requests with an idempotency key, and the send response check.
import { prepareBodies } from '../bodies.js';
import { createLoadOrganization, type LoadOrganization } from '../control.js';
import { errorCodeOf } from '../error-code.js';
import { SetupError } from '../json-http.js';
import type { CheckOutcome, LoadRequest, LoadResponse, ProfileContext, ProfileState, Shard } from '../types.js';

export interface ApiState extends ProfileState {
  organization: LoadOrganization | undefined;
  runId: string;
  shard: Shard;
  controlUrl: string | undefined;
}

export async function apiSetup(context: ProfileContext, profileName: string): Promise<ApiState> {
  const { target } = context;
  let organization: LoadOrganization | undefined;
  let apiKey = target.apiKey;
  if (target.controlUrl !== undefined) {
    organization = await createLoadOrganization(target.controlUrl, `load ${profileName} ${context.runId} shard ${context.shard.index}`);
    apiKey = organization.apiKey;
  }
  prepareBodies();
  if (apiKey === undefined) {
    throw new SetupError(`profile ${profileName} needs credentials: a control URL (--control-url) or an API key (MCS_API_KEY or the config file)`);
  }
  return {
    baseUrl: target.v4Url,
    headers: { authorization: `Bearer ${apiKey}` },
    organization,
    runId: context.runId,
    shard: context.shard,
    controlUrl: target.controlUrl,
  };
}

/** Idempotency keys are unique across shards and runs: run id + global index. */
export function idempotencyKey(runId: string, globalIndex: number): string {
  return `load-${runId}-${globalIndex}`;
}

export function jsonPost(path: string, body: unknown, key: string): LoadRequest {
  return { method: 'POST', path, headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) };
}

/** The id of the message a send returned (the message object is not wrapped, section 4). */
export function messageIdOf(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object') return undefined;
  const record = parsed as { id?: unknown; message_id?: unknown; data?: { id?: unknown; message_id?: unknown } };
  for (const candidate of [record.id, record.message_id, record.data?.id, record.data?.message_id]) {
    if (typeof candidate === 'string' && candidate.startsWith('msg_')) return candidate;
  }
  return undefined;
}

/** A send is accepted with 200, 201 or 202 and a message id; anything else is reported by its code. */
export function checkSend(response: LoadResponse): CheckOutcome & { messageId?: string } {
  if (response.status >= 200 && response.status <= 202) {
    const messageId = messageIdOf(response.body);
    return messageId === undefined ? { ok: false, code: 'no-message-id' } : { ok: true, messageId };
  }
  return { ok: false, code: errorCodeOf(response.body) };
}
