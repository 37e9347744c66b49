// Emitting chat events: one set of fields feeds both bodies. The v4 `data` carries them with `chat_id`
// the `chat_` id; the flat v2 body carries them at the top level with the base fields, where `chat_id`
// and `external_id` are the other party's phone number or email, or the group id.
import type { App } from '../server/app.js';
import { ensureContact } from '../store/contacts.js';
import { newId } from '../store/ids.js';
import type { Org } from '../store/types.js';
import { messagingState, type ChatRecord } from './state.js';

/** The other party of a chat as the flat bodies name it. */
export function externalId(chat: ChatRecord): string {
  return chat.isGroup ? chat.groupId! : chat.participants[0]!;
}

/** `group_id`, `group_name`, `participants` for group chats; nothing for 1:1 (absent, as section 6 allows). */
export function groupFields(org: Org, chat: ChatRecord): Record<string, unknown> {
  if (!chat.isGroup) return {};
  const group = messagingState(org).groups.get(chat.groupId!);
  return {
    group_id: chat.groupId,
    group_name: group?.name ?? null,
    participants: (group?.members ?? chat.participants).map((identifier) => {
      const contact = ensureContact(org, identifier, null);
      return { contact_id: contact.id, identifier, name: contact.name };
    }),
  };
}

/** Emits `type` for `chat`; returns the event id. `messageId` null mints one (events with no message). */
export function emitChatEvent(app: App, org: Org, type: string, chat: ChatRecord, messageId: string | null, fields: Record<string, unknown>): string {
  const id = messageId ?? chat.lastMessageId ?? newId('msg');
  const external = externalId(chat);
  const flat = { chat_id: external, external_id: external, protocol: chat.protocol, internal_id: chat.lineAddress, ...fields };
  const data = { message_id: id, ...fields, chat_id: chat.id, external_id: external, internal_id: chat.lineAddress, protocol: chat.protocol };
  return app.bus.emit(org, type, data, { messageId: id, flat }).id;
}
