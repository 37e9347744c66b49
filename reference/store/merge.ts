// Contact merge (section 3): the source becomes a tombstone pointing at the survivor, its identities
// move to the survivor, tags are unioned, and the survivor keeps its name (or takes the source's).
import { httpError } from '../server/errors.js';
import { uniqueTags } from './contacts.js';
import type { ContactRecord, Org } from './types.js';

export type MergeOutcome = { kind: 'merged'; movedIdentityIds: string[] } | { kind: 'unchanged' };

export interface MergeFaults {
  /** Each returns true when that fault is on. */
  noTombstone?: boolean;
  noTagUnion?: boolean;
  identitiesStay?: boolean;
  noNameFallback?: boolean;
  repeatConflicts?: boolean;
}

export function mergeContacts(org: Org, survivor: ContactRecord, source: ContactRecord, faults: MergeFaults = {}): MergeOutcome {
  if (source.mergedInto === survivor.id) {
    if (faults.repeatConflicts) throw alreadyMerged(source);
    return { kind: 'unchanged' };
  }
  if (source.mergedInto) throw alreadyMerged(source);
  if (survivor.mergedInto) {
    throw httpError(409, 'contact_already_merged', 'The surviving contact is itself merged into another contact', {
      contact_id: survivor.id,
      merged_into: survivor.mergedInto,
    });
  }
  const moved = faults.identitiesStay ? [] : [...source.identityIds];
  for (const id of moved) {
    const identity = org.identities.get(id);
    if (identity) identity.contactId = survivor.id;
    survivor.identityIds.push(id);
  }
  if (!faults.identitiesStay) source.identityIds = [];
  if (!faults.noTagUnion) survivor.tags = uniqueTags([...survivor.tags, ...source.tags]);
  if (!faults.noNameFallback && (survivor.name === null || survivor.name === '')) survivor.name = source.name;
  survivor.lastInboundAt = maxTime(survivor.lastInboundAt, source.lastInboundAt);
  survivor.lastOutboundAt = maxTime(survivor.lastOutboundAt, source.lastOutboundAt);
  const now = org.now();
  survivor.updatedAt = now;
  if (!faults.noTombstone) source.mergedInto = survivor.id;
  source.updatedAt = now;
  return { kind: 'merged', movedIdentityIds: moved };
}

function alreadyMerged(source: ContactRecord) {
  return httpError(409, 'contact_already_merged', 'The source contact is already merged into another contact', {
    source_contact_id: source.id,
    merged_into: source.mergedInto,
  });
}

function maxTime(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}
