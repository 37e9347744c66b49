// Identity fields of contact and identity requests: `phone` or `email` (or `identifier`), plus `channel_type`.
import { httpError, validation } from '../../server/errors.js';
import type { Ctx } from '../../server/types.js';
import { orgOf } from '../../server/caller.js';
import { isE164, isEmail } from '../../server/validate.js';
import type { IdentityInput } from '../../store/contacts.js';
import type { ContactRecord } from '../../store/types.js';

/** The identity named by a body, or null when it names none. */
export function identityInput(body: Record<string, unknown>): IdentityInput | null {
  const given = (['phone', 'email', 'identifier', 'value'] as const).filter((k) => body[k] !== undefined && body[k] !== null);
  if (given.length === 0) return null;
  if (given.length > 1) throw validation(`Give one of phone, email or identifier, not ${given.join(' and ')}`, { fields: given });
  const field = given[0]!;
  const value = body[field];
  const ok = field === 'phone' ? isE164(value) : field === 'email' ? isEmail(value) : isE164(value) || isEmail(value);
  if (!ok) throw validation(`${field} must be ${field === 'email' ? 'an email address' : field === 'phone' ? 'an E.164 number' : 'an E.164 number or an email address'}`, { field });
  const channelType = body.channel_type ?? null;
  if (channelType !== null && typeof channelType !== 'string') throw validation('channel_type must be a string', { field: 'channel_type' });
  const name = body.name;
  if (name !== undefined && name !== null && typeof name !== 'string') throw validation('name must be a string', { field: 'name' });
  return { value: value as string, channelType, name: (name as string | null | undefined) ?? null };
}

export function tagsInput(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((t) => typeof t === 'string')) throw validation('tags must be an array of strings', { field: 'tags' });
  return value;
}

/**
 * The contact of the `{contactId}` path: unknown or deleted -> 404; tombstones are returned. A malformed id is
 * 400 where the endpoint lists 400 (GET, merge), else 404 (it names no contact).
 */
export function pathContact(ctx: Ctx, malformedStatus: 400 | 404 = 404): ContactRecord {
  const id = ctx.params.contactId ?? '';
  if (!/^ct_[A-Za-z0-9]+$/.test(id)) {
    throw httpError(malformedStatus, malformedStatus === 400 ? 'invalid_contact_id' : 'not_found', 'The contact id must be a ct_ id', { contact_id: id });
  }
  const contact = orgOf(ctx).contacts.get(id);
  if (!contact || contact.deleted) throw httpError(404, 'not_found', 'Contact not found', { contact_id: id });
  return contact;
}

/**
 * The contact of the `{contactId}` path, for a write: a merge tombstone is read-only (its identities now belong
 * to the survivor; one attached to the tombstone would belong to a contact no list shows, and would still
 * claim its value against inbound messages and new contacts). Refused with `contact_already_merged` in a
 * status the endpoint lists: 409 where it lists one, else `mergedStatus`.
 */
export function writableContact(ctx: Ctx, mergedStatus: 409 | 422 = 409): ContactRecord {
  const contact = pathContact(ctx);
  if (contact.mergedInto !== null) {
    throw httpError(mergedStatus, 'contact_already_merged', 'The contact was merged into another contact and can no longer be changed', {
      contact_id: contact.id,
      merged_into: contact.mergedInto,
    });
  }
  return contact;
}

/**
 * Variant strictContactCreate: creation takes only what section 4 names (an optional identity plus `name`), so
 * `name` is required and `tags` is refused. A conformant client must cope with either reading.
 */
export function refuseUnnamedFields(body: Record<string, unknown>): void {
  if (typeof body.name !== 'string' || body.name === '') throw validation('name is required', { field: 'name' });
  if (body.tags !== undefined) throw validation('tags cannot be set on creation', { field: 'tags' });
}
