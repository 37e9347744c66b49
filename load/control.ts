// The few control-API calls the load profiles need (spec/control.openapi.yaml): an isolated organization
// without send caps, inbound messages that open chats, message status changes that emit events, and the
// list of accepted messages with their idempotency keys.
import { expectJson, SetupError, unwrap } from './json-http.js';

export interface LoadOrganization {
  organizationId: string;
  apiKey: string;
  /** Channel fixtures by kind (native-dedicated, sms_provider, ...). */
  channels: Array<{ id: string; kind: string; type: string; address: string }>;
}

export async function createLoadOrganization(controlUrl: string, name: string): Promise<LoadOrganization> {
  // Caps off: a load run measures throughput and latency, not the new-contact limits.
  const body = await expectJson('POST', `${controlUrl}/organizations`, {
    body: { name, plan: { outbound_cap_per_organization: null, outbound_cap_per_number: null, new_conversation_cap: null } },
  });
  const data = unwrap(body);
  const keys = data.api_keys as { primary?: { api_key?: unknown } } | undefined;
  const apiKey = keys?.primary?.api_key;
  if (typeof data.organization_id !== 'string' || typeof apiKey !== 'string') {
    throw new SetupError('control API: POST /organizations returned no organization_id or primary api key');
  }
  const channels = Array.isArray(data.channels) ? (data.channels as LoadOrganization['channels']) : [];
  return { organizationId: data.organization_id, apiKey, channels };
}

export async function simulateInbound(controlUrl: string, organizationId: string, channelId: string, sender: string, text: string): Promise<{ chatId: string; messageId: string }> {
  const data = unwrap(await expectJson('POST', `${controlUrl}/organizations/${organizationId}/inbound/messages`, { body: { channel_id: channelId, sender, text } }));
  if (typeof data.chat_id !== 'string') throw new SetupError('control API: inbound message returned no chat_id');
  return { chatId: data.chat_id, messageId: String(data.message_id) };
}

export async function driveMessageStatus(controlUrl: string, organizationId: string, messageId: string, status: 'sent' | 'delivered'): Promise<void> {
  await expectJson('POST', `${controlUrl}/organizations/${organizationId}/messages/${encodeURIComponent(messageId)}/status`, { body: { status } });
}

export interface SentMessage {
  messageId: string;
  idempotencyKey: string | null;
}

export async function listSentMessages(controlUrl: string, organizationId: string): Promise<SentMessage[]> {
  const body = await expectJson('GET', `${controlUrl}/organizations/${organizationId}/messages`, { timeoutMs: 60_000 });
  const rows = (body as { data?: unknown }).data;
  if (!Array.isArray(rows)) throw new SetupError('control API: GET /messages returned no data array');
  return rows.map((r: { message_id?: unknown; idempotency_key?: unknown }) => ({
    messageId: String(r.message_id),
    idempotencyKey: typeof r.idempotency_key === 'string' ? r.idempotency_key : null,
  }));
}
