// What a contact was when it was made, and what each merge moved: read only by faults that show an object as it
// was (a stale list row, a stale item, a replay answered as before).
import type { ContactRecord } from '../../store/types.js';

export const createdNames = new WeakMap<ContactRecord, string | null>();
export const createdIdentities = new WeakMap<ContactRecord, string[]>();
export const movedBy = new WeakMap<ContactRecord, string[]>();

export function rememberCreated(contact: ContactRecord): void {
  createdNames.set(contact, contact.name);
  createdIdentities.set(contact, [...contact.identityIds]);
}
