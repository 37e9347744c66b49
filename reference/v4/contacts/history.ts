// What a contact was when it was made, what each merge moved and its last rename: read only by faults and
// variants that show an object as it was (a stale list row, a stale item, a replay answered as before, a list
// that catches up late).
import type { ContactRecord } from '../../store/types.js';

export const createdNames = new WeakMap<ContactRecord, string | null>();
export const createdIdentities = new WeakMap<ContactRecord, string[]>();
export const movedBy = new WeakMap<ContactRecord, string[]>();
/** When each contact was last renamed (wall clock) and its name before, for the variant late-lists. */
export const renamedAt = new WeakMap<ContactRecord, { at: number; before: string | null }>();

export function rememberCreated(contact: ContactRecord): void {
  createdNames.set(contact, contact.name);
  createdIdentities.set(contact, [...contact.identityIds]);
}
