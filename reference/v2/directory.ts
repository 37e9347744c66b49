// v2 contacts (offset pagination), contact capabilities, groups and /me/numbers.
import { orgOf } from '../server/caller.js';
import { httpError } from '../server/errors.js';
import { json, unshownSuccess } from '../server/reply.js';
import type { Ctx, Reply } from '../server/types.js';
import { isE164, isEmail, objectBody } from '../server/validate.js';
import { contactIdentities, createContact } from '../store/contacts.js';
import { newId } from '../store/ids.js';
import { offsetPage, parseLimit, parseOffset } from '../store/pagination.js';
import type { ContactRecord, Org } from '../store/types.js';
import { listContacts } from '../v4/contacts/list.js';
import { createdNames } from '../v4/contacts/history.js';
import { openGroupChat } from '../messaging/chats.js';
import { messagingState, type GroupRecord } from '../messaging/state.js';
import { activeNativeLines, requireActiveNumber } from './lines.js';

function contactV2(org: Org, contact: ContactRecord, staleName = false, lean = false): Record<string, unknown> {
  const identities = contactIdentities(org, contact).map((i) => i.value);
  // Fault: v2.contacts.row-stale-name (v2 lists a contact renamed through v4 under the name it was created with).
  const name = staleName && createdNames.has(contact) ? createdNames.get(contact) : contact.name;
  if (lean) return { id: contact.id, name };
  return { id: contact.id, name, identifier: identities[0] ?? null, identifiers: identities, tags: contact.tags, created_at: contact.createdAt };
}

/** GET /contacts: `limit`, `offset`, `q`, `sort` (the v4 values), always offset-paginated. */
export function listContactsV2(ctx: Ctx): Reply {
  const org = orgOf(ctx);
  const query = new URLSearchParams();
  for (const name of ['limit', 'q', 'sort'] as const) {
    const value = ctx.query.get(name);
    if (value !== null) query.set(name, value);
  }
  query.set('offset', ctx.query.get('offset') ?? '0');
  const page = listContacts(org, query, ctx.app.variant) as ReturnType<typeof listContacts> & { pagination?: unknown };
  const body: Record<string, unknown> = { contacts: page.data.map((c) => contactV2(org, c, ctx.app.fault('v2.contacts.row-stale-name'), ctx.app.variant.leanListRows)) };
  if (!ctx.app.fault('v2.contacts.no-pagination')) body.pagination = page.pagination;
  return json(200, body);
}

export function createContactV2(ctx: Ctx): Reply {
  const org = orgOf(ctx);
  const body = objectBody(ctx.body);
  if (!isE164(body.identifier) && !isEmail(body.identifier)) {
    throw httpError(422, 'validation_error', 'identifier must be an E.164 phone number or an email', { field: 'identifier' });
  }
  if (typeof body.name !== 'string' || body.name.trim() === '') throw httpError(422, 'validation_error', 'name must be a non-empty string', { field: 'name' });
  // Fault: the contact is answered but never stored.
  if (ctx.app.fault('v2.contacts.create-not-stored')) return json(200, { id: newId('ct'), name: body.name, identifier: body.identifier });
  const contact = createContact(org, body.name, { value: body.identifier, channelType: null });
  return unshownSuccess(ctx.app.variant, 'created', contactV2(org, contact));
}

/** A phone reaches iMessage and SMS; an email reaches iMessage only. A `ct_` id combines its identities. */
export function capabilitiesV2(ctx: Ctx): Reply {
  const org = orgOf(ctx);
  requireActiveNumber(ctx.app, org);
  const ref = ctx.params.contactId ?? '';
  let addresses: string[];
  if (ref.startsWith('ct_')) {
    const contact = org.contacts.get(ref);
    if (!contact || contact.deleted) throw httpError(404, 'not_found', 'Contact not found', { contact_id: ref });
    addresses = contactIdentities(org, contact).map((i) => i.value);
  } else if (isE164(ref) || isEmail(ref)) {
    addresses = [ref];
  } else {
    throw httpError(404, 'not_found', 'Contact not found', { contact_id: ref });
  }
  const capabilities = { imessage: addresses.some((a) => isE164(a) || isEmail(a)), sms: addresses.some(isE164) };
  if (ctx.app.fault('v2.capabilities.string-booleans')) return json(200, { capabilities: { imessage: String(capabilities.imessage), sms: String(capabilities.sms) } });
  return json(200, { capabilities });
}

function groupV2(group: GroupRecord): Record<string, unknown> {
  return { group_id: group.id, name: group.name, members: group.members, icon_url: group.iconUrl, created_at: group.createdAt };
}

export function listGroupsV2(ctx: Ctx): Reply {
  const org = orgOf(ctx);
  const groups = ctx.app.fault('v2.groups.not-listed') ? [] : [...messagingState(org).groups.values()];
  const page = offsetPage(groups, parseOffset(ctx.query.get('offset')), parseLimit(ctx.query, ctx.app.variant), ctx.app.variant.cursorFormat);
  return json(200, { groups: page.data.map(groupV2), pagination: page.pagination });
}

/** POST /groups: a new group thread on a native line (a non-inbound one when there is one). */
export function createGroupV2(ctx: Ctx): Reply {
  const org = orgOf(ctx);
  const lines = requireActiveNumber(ctx.app, org);
  const body = objectBody(ctx.body);
  if (typeof body.name !== 'string') throw httpError(422, 'validation_error', 'name must be a string', { field: 'name' });
  const members = body.members;
  if (!Array.isArray(members) || members.length === 0 || !members.every(isE164)) {
    throw httpError(422, 'validation_error', 'members must be a non-empty array of E.164 phone numbers', { field: 'members' });
  }
  const line = lines.find((l) => l.plan !== 'inbound') ?? lines[0]!;
  // Fault: v2.groups.first-member-only (the group is made with its first member; the answer shows them all).
  const firstOnly = ctx.app.fault('v2.groups.first-member-only');
  const chat = openGroupChat(org, line, firstOnly ? members.slice(0, 1) : members, body.name, true);
  const group = groupV2(messagingState(org).groups.get(chat.groupId!)!);
  return unshownSuccess(ctx.app.variant, 'created', firstOnly ? { ...group, members } : group);
}

/** The native numbers the key may send from: those it owns and those no key owns. */
export function numbersV2(ctx: Ctx): Reply {
  const org = orgOf(ctx);
  const keyId = ctx.apiKey?.id ?? null;
  const state = messagingState(org);
  const numbers = activeNativeLines(org)
    .filter((line) => line.ownerKeyId === null || line.ownerKeyId === keyId)
    .map((line) => ({
      phone_number: line.address,
      is_active: line.status === 'active',
      last_active: state.lastActiveByChannel.get(line.id) ?? null,
      plan_kind: ctx.app.fault('v2.numbers.plan-id-as-kind') ? `${line.plan ?? 'shared'}_com` : ctx.app.fault('v2.numbers.inbound-as-dedicated') && line.plan === 'inbound' ? 'dedicated' : (line.plan ?? 'shared'),
    }));
  // Fault: v2.numbers.fields-missing (each number without is_active and last_active).
  const listed = ctx.app.fault('v2.numbers.fields-missing') ? numbers.map(({ phone_number, plan_kind }) => ({ phone_number, plan_kind })) : numbers;
  return json(200, ctx.app.fault('v2.numbers.wrapped-in-data') ? { data: listed } : { numbers: listed });
}
