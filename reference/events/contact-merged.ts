// The flat v2 fields of `contact.merged`. The merge endpoint emits it with the v4 data only
// (`{contact_id, survivor_contact_id, source_contact_id, identity_ids}`, no message); being a contact event it
// reaches v2 `all` subscriptions (section 6), and a flat body carries the base fields (event, message_id,
// external_id, protocol, timestamp, internal_id). The description does not show this event's payload, so the
// base fields come from where the merged contact meets the organization's lines:
// - the most recent 1:1 chat of any line with one of the survivor's identities (after the merge they include
//   the source's): `external_id` and `chat_id` its other party, `protocol` and `internal_id` (the line) its
//   own, `message_id` its latest message;
// - without such a chat: no `chat_id`; `external_id` the survivor's first identity (phone or email), or its
//   `ct_` id when it has none; the organization's first active line as `internal_id`, with that line's
//   protocol (no line at all: `internal_id` null, `protocol` `non-imessage`); a fresh `msg_` id, as typing
//   and contact.shared mint when no message exists.
// `timestamp` is not here: the bus sets it when each attempt is sent.
import { findDirectChat, protocolOf } from '../messaging/chats.js';
import type { ChatRecord } from '../messaging/state.js';
import { contactIdentities } from '../store/contacts.js';
import { newId } from '../store/ids.js';
import type { ChannelRecord, Org } from '../store/types.js';

export function contactMergedFlat(org: Org, data: Record<string, unknown>): Record<string, unknown> {
  const survivorId = typeof data.survivor_contact_id === 'string' ? data.survivor_contact_id : typeof data.contact_id === 'string' ? data.contact_id : null;
  const survivor = survivorId === null ? undefined : org.contacts.get(survivorId);
  const identities = survivor ? contactIdentities(org, survivor) : [];
  const lines: ChannelRecord[] = [];
  for (const channel of org.channels.values()) if (channel.status === 'active') lines.push(channel);
  let chat: ChatRecord | undefined;
  for (const identity of identities) {
    for (const line of lines) {
      const found = findDirectChat(org, line, identity.value);
      if (found && (!chat || found.lastMessageAt > chat.lastMessageAt)) chat = found;
    }
  }
  if (chat) {
    const peer = chat.participants[0]!;
    return { message_id: chat.lastMessageId ?? newId('msg'), chat_id: peer, external_id: peer, protocol: chat.protocol, internal_id: chat.lineAddress };
  }
  const external = identities[0]?.value ?? survivorId ?? 'unknown';
  const line = lines[0];
  return {
    message_id: newId('msg'),
    external_id: external,
    protocol: line ? protocolOf(line) : 'non-imessage',
    internal_id: line ? line.address : null,
  };
}
